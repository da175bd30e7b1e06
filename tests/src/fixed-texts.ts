import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The repository root (this file lives in tests/src). */
export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * The German texts the product gives verbatim, as docs/product.md lists them („Feste Texte“):
 * one `- \`Text\`` line each between the two marker comments. The document is the one list, so
 * a text added there is checked without touching a test.
 */
export async function readFixedTexts(): Promise<string[]> {
  const doc = await readFile(path.join(repoRoot, 'docs/product.md'), 'utf8');
  const section = /<!-- fixed-texts:start -->\n([\s\S]*?)<!-- fixed-texts:end -->/u.exec(doc);
  if (!section) throw new Error('docs/product.md: Abschnitt „Feste Texte“ fehlt');
  return section[1]!
    .split('\n')
    .filter((line) => line.trim() !== '')
    .map((line) => {
      const item = /^- `([^`]+)`$/u.exec(line);
      if (!item) throw new Error(`docs/product.md, feste Texte: unerwartete Zeile „${line}“`);
      return item[1]!;
    });
}
