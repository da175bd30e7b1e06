import { readFile, readdir } from 'node:fs/promises';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { readFixedTexts, repoRoot } from './fixed-texts';

/** Every JSON file under a folder of the repository (generated editor schemas are not sources). */
async function jsonFiles(folder: string): Promise<string[]> {
  const entries = await readdir(path.join(repoRoot, folder), { recursive: true });
  return entries
    .filter((entry) => entry.endsWith('.json') && !entry.startsWith('editor-schemas'))
    .filter((entry) => !entry.includes('node_modules'))
    .map((entry) => path.join(folder, entry));
}

/** Every string value (not key) of a JSON document. */
function stringValues(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(stringValues);
  if (typeof node === 'object' && node !== null) return Object.values(node).flatMap(stringValues);
  return [];
}

/** The files the product's texts live in: the app's and the server's locale, the platform's
 * forms, every questionnaire of the catalogue (steps, messages, prose) and the preset lists. */
async function textSources(): Promise<Map<string, Set<string>>> {
  const files = [
    ...(await jsonFiles('web/src/locales')),
    'api/src/locale/de.json',
    ...(await jsonFiles('schemas')),
    ...(await jsonFiles('definitions')),
    ...(await jsonFiles('presets')),
  ];
  const sources = new Map<string, Set<string>>();
  for (const file of files)
    sources.set(
      file,
      new Set(stringValues(JSON.parse(await readFile(path.join(repoRoot, file), 'utf8')))),
    );
  return sources;
}

describe('fixed texts (docs/product.md, „Feste Texte“)', () => {
  it('lists the texts, each once', async () => {
    const fixed = await readFixedTexts();
    expect(fixed.length).toBeGreaterThan(50);
    expect(new Set(fixed).size).toBe(fixed.length);
    expect(fixed).toContain('Ergebnisansicht für Kunden freigeben?');
  });

  it('finds each text letter for letter as a whole text in the product', async () => {
    const sources = await textSources();
    expect(sources.size).toBeGreaterThan(10);
    const missing = (await readFixedTexts()).filter(
      (text) => ![...sources.values()].some((values) => values.has(text)),
    );
    expect(missing).toEqual([]);
  });
});
