/**
 * The repository carries its own documentation (docs/). This keeps it so: no file may refer to
 * numbered sections of documents outside the repository, and every reference into docs/ — and
 * every relative link of a Markdown file — must lead to an existing file and heading.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');

/** Folders that hold no files of ours (installed, built, generated at run time, git itself). */
const SKIPPED_DIRS = new Set([
  '.git',
  'node_modules',
  'dist',
  'data',
  'coverage',
  'test-results',
  'playwright-report',
  '.test-dist',
]);
const SKIPPED_FILES = new Set(['package-lock.json']);
/** Larger files are data or build output, not documentation or source. */
const MAX_BYTES = 2_000_000;

interface TextFile {
  /** Path relative to the repository root, with forward slashes. */
  name: string;
  text: string;
}

function isBinary(buffer: Buffer): boolean {
  return buffer.subarray(0, 8000).includes(0);
}

/** Every text file of the repository. */
function repositoryFiles(dir = root, found: TextFile[] = []): TextFile[] {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_DIRS.has(entry.name)) repositoryFiles(full, found);
      continue;
    }
    if (!entry.isFile() || SKIPPED_FILES.has(entry.name)) continue;
    if (statSync(full).size > MAX_BYTES) continue;
    const buffer = readFileSync(full);
    if (isBinary(buffer)) continue;
    found.push({
      name: path.relative(root, full).split(path.sep).join('/'),
      text: buffer.toString(),
    });
  }
  return found;
}

const lineOf = (text: string, index: number) => text.slice(0, index).split('\n').length;

/** Text without fenced code blocks (their contents are no headings and no links). */
function withoutCodeBlocks(markdown: string): string {
  // Blank the lines instead of removing them, so that line numbers stay right.
  return markdown.replace(/^(```|~~~)[^\n]*\n[\s\S]*?^\1[^\n]*$/gm, (block) =>
    block.replace(/[^\n]/g, ''),
  );
}

/** The anchor GitHub gives a heading: lower case, punctuation dropped, spaces become hyphens. */
function headingSlug(heading: string): string {
  const text = heading
    .replace(/!?\[([^\]]*)\]\([^)]*\)/g, '$1') // links and images: their text
    .replace(/<[^>]+>/g, '') // inline HTML
    .replace(/[`*]/g, ''); // code and emphasis markers
  return text
    .trim()
    .toLowerCase()
    .replace(/[^\p{L}\p{M}\p{N}\p{Pc} -]/gu, '')
    .replace(/ /g, '-');
}

/** Every anchor a Markdown file offers: one per heading (duplicates numbered), plus HTML ids. */
function anchorsOf(markdown: string): Set<string> {
  const anchors = new Set<string>();
  const seen = new Map<string, number>();
  for (const match of withoutCodeBlocks(markdown).matchAll(/^#{1,6}[ \t]+(.+?)[ \t#]*$/gm)) {
    const base = headingSlug(match[1]!);
    const count = seen.get(base) ?? 0;
    seen.set(base, count + 1);
    anchors.add(count === 0 ? base : `${base}-${count}`);
  }
  for (const match of markdown.matchAll(/<a\s+(?:id|name)="([^"]+)"/g)) anchors.add(match[1]!);
  return anchors;
}

const files = repositoryFiles();
const byName = new Map(files.map((file) => [file.name, file]));
const anchorCache = new Map<string, Set<string>>();
const anchorsIn = (name: string) => {
  let anchors = anchorCache.get(name);
  if (!anchors) {
    anchors = anchorsOf(byName.get(name)?.text ?? '');
    anchorCache.set(name, anchors);
  }
  return anchors;
};

/** A reference problem as `file:line: what`, for a readable failure. */
type Problem = string;

/** Checks that `target` (a repository path) exists and, if given, offers `anchor`. */
function checkTarget(target: string, anchor: string | undefined, where: string): Problem[] {
  if (!byName.has(target)) {
    const isDir = (() => {
      try {
        return statSync(path.join(root, target)).isDirectory();
      } catch {
        return false;
      }
    })();
    return isDir && !anchor ? [] : [`${where}: ${target} gibt es nicht`];
  }
  if (anchor === undefined || anchor === '') return [];
  if (!target.endsWith('.md')) return [];
  const decoded = decodeURIComponent(anchor);
  return anchorsIn(target).has(decoded)
    ? []
    : [`${where}: ${target} hat keine Überschrift mit dem Anker #${decoded}`];
}

describe('headingSlug', () => {
  it('follows GitHub: lower case, punctuation dropped, umlauts kept, spaces become hyphens', () => {
    expect(headingSlug('Datenbank, Mail, Prozesse')).toBe('datenbank-mail-prozesse');
    expect(headingSlug('Zustände')).toBe('zustände');
    expect(headingSlug('Web-App und Engine')).toBe('web-app-und-engine');
    expect(headingSlug('Die Definition `step.json`')).toBe('die-definition-stepjson');
    expect(headingSlug('A – B')).toBe('a--b');
  });

  it('numbers repeated headings like GitHub', () => {
    expect([...anchorsOf('# Tests\n\n## Tests\n\n```\n# kein Titel\n```\n')]).toEqual([
      'tests',
      'tests-1',
    ]);
  });
});

describe('documentation references', () => {
  it('finds the files of the repository', () => {
    expect(byName.has('README.md')).toBe(true);
    expect(byName.has('docs/product.md')).toBe(true);
    expect(byName.has('docs/architecture.md')).toBe(true);
  });

  it('no file refers to numbered sections of documents outside the repository', () => {
    const problems: Problem[] = [];
    const pattern = /\b(?:SPEC|DESIGN|STYLE)(?:['’]s)?[ \u00a0]*§/g;
    for (const file of files) {
      for (const match of file.text.matchAll(pattern)) {
        problems.push(`${file.name}:${lineOf(file.text, match.index)}: „${match[0]}“`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('no file points at the team documents outside the repository', () => {
    // Built from parts, so that this file does not match itself.
    const names = ['SPEC', 'DESIGN', 'STYLE'].map((name) => `${name}\\.md`);
    const sharedFolder = ['', 'work', 'shared'].join('/');
    const pattern = new RegExp(`\\b(?:${names.join('|')})\\b|${sharedFolder}`, 'g');
    const problems: Problem[] = [];
    for (const file of files) {
      for (const match of file.text.matchAll(pattern)) {
        problems.push(`${file.name}:${lineOf(file.text, match.index)}: „${match[0]}“`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('every reference to docs/<file>.md#<anchor> leads to an existing file and heading', () => {
    const problems: Problem[] = [];
    const pattern = /(?<![\w-]\/)(?<![\w-])docs\/([\w.-]+\.md)(?:#([\p{L}\p{M}\p{N}_%-]+))?/gu;
    let references = 0;
    for (const file of files) {
      for (const match of file.text.matchAll(pattern)) {
        references += 1;
        const where = `${file.name}:${lineOf(file.text, match.index)}`;
        problems.push(...checkTarget(`docs/${match[1]}`, match[2], where));
      }
    }
    expect(references).toBeGreaterThan(0);
    expect(problems).toEqual([]);
  });

  it('every relative link of a Markdown file leads to an existing file and heading', () => {
    const problems: Problem[] = [];
    for (const file of files.filter((candidate) => candidate.name.endsWith('.md'))) {
      const text = withoutCodeBlocks(file.text);
      for (const match of text.matchAll(/!?\[[^\]]*\]\(\s*<?([^)\s>]+)>?(?:\s+"[^"]*")?\s*\)/g)) {
        const target = match[1]!;
        if (/^[a-z][a-z0-9+.-]*:/i.test(target) || target.startsWith('//')) continue;
        const where = `${file.name}:${lineOf(text, match.index)}`;
        const [filePart = '', anchor] = target.split('#', 2);
        const resolved = filePart
          ? path.posix.normalize(path.posix.join(path.posix.dirname(file.name), filePart))
          : file.name;
        problems.push(...checkTarget(resolved, anchor, where));
      }
    }
    expect(problems).toEqual([]);
  });

  it('docs/ keeps the headings that code, tests and lint messages link to', () => {
    const expected: Record<string, string[]> = {
      'docs/product.md': [
        'überblick',
        'routen-und-screens',
        'daten',
        'zustände',
        'validierung',
        'rollen-und-rechte',
        'api-aufrufe',
        'fehlermeldungen',
        'konstanten-und-grenzen',
      ],
      'docs/architecture.md': [
        'schichten',
        'die-definition',
        'validierung',
        'api-konventionen',
        'datenmodell',
        'datenbank-mail-prozesse',
        'web-app-und-engine',
        'ein-request-von-anfang-bis-ende',
        'wo-was-hinkommt',
      ],
    };
    for (const [name, anchors] of Object.entries(expected)) {
      const missing = anchors.filter((anchor) => !anchorsIn(name).has(anchor));
      expect(missing, name).toEqual([]);
    }
  });
});
