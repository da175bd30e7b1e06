/**
 * The machine-checkable claims of docs/architecture.md stay true: the list of repositories, the
 * RTK Query tags of the web app, and the import rules (workspaces and the folders of api/src)
 * are compared with the code. Adding a repository, a tag, a workspace or an API folder without
 * documenting it fails here.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

const root = path.resolve(import.meta.dirname, '../..');
const read = (file: string) => readFileSync(path.join(root, file), 'utf8');
const architecture = read('docs/architecture.md');

/** Every file below `dir` (relative to the repository root), as paths relative to `dir`. */
function filesBelow(dir: string): string[] {
  return (readdirSync(path.join(root, dir), { recursive: true }) as string[])
    .map((file) => file.split(path.sep).join('/'))
    .sort();
}

/** The text of the document from the line containing `start` up to (not including) `end`. */
function section(text: string, start: string, end: RegExp): string {
  const from = text.indexOf(start);
  if (from < 0) throw new Error(`docs/architecture.md has no „${start}“`);
  const rest = text.slice(from);
  const stop = rest.slice(start.length).search(end);
  return stop < 0 ? rest : rest.slice(0, start.length + stop);
}

/** The rows of the first Markdown table in `text`, each as its trimmed cells. */
function tableRows(text: string): string[][] {
  const lines = text.split('\n').map((line) => line.trim());
  const first = lines.findIndex((line) => line.startsWith('|'));
  const rows: string[][] = [];
  for (const line of lines.slice(first + 2)) {
    if (!line.startsWith('|')) break;
    rows.push(
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
  }
  return rows;
}

/** The text inside the first backticks of a cell (`` `User` `` → User). */
const code = (cell: string) => /`([^`]+)`/.exec(cell)?.[1] ?? cell;

/** The string literals of the array literal after `marker` in `source`. */
function arrayAfter(source: string, marker: string): string[] {
  const at = source.indexOf(marker);
  if (at < 0) throw new Error(`no ${marker}`);
  const body = source.slice(at + marker.length, source.indexOf(']', at));
  return [...body.matchAll(/'([^']+)'/g)].map((match) => match[1]!);
}

/**
 * `apiDomains` of dependency-rules.js (the folders of api/src and what each may import), read from
 * its source: the module exports only the finished ESLint configuration.
 */
function apiDomainsOf(rules: string): Record<string, string[]> {
  const block = rules.slice(rules.indexOf('const apiDomains = {'));
  const body = block.slice(0, block.indexOf('\n};'));
  return Object.fromEntries(
    [...body.matchAll(/^ {2}'?([a-z-]+)'?: \[([^\]]*)\]/gm)].map((match) => [
      match[1]!,
      [...match[2]!.matchAll(/'([^']+)'/g)].map((name) => name[1]!).sort(),
    ]),
  );
}

describe('docs/architecture.md against the code', () => {
  it('lists every repository of api/src, and only those', () => {
    const documented = [
      ...section(architecture, '**Repositories halten', /\n- \*\*/).matchAll(
        /`([a-z-]+\/[a-z-]+\.repository\.ts)`/g,
      ),
    ].map((match) => match[1]!);
    const files = filesBelow('api/src').filter((file) => file.endsWith('.repository.ts'));
    expect(files.length).toBeGreaterThan(0);
    expect(new Set(documented).size, 'a repository named twice').toBe(documented.length);
    expect([...documented].sort()).toEqual(files);
  });

  it('lists every RTK Query tag of the web app with the file that declares it', () => {
    const declared = new Map<string, string>();
    const webSrc = 'web/src';
    for (const file of filesBelow(webSrc).filter(
      (name) => /\.tsx?$/.test(name) && !/\.test\.tsx?$/.test(name) && !name.startsWith('test/'),
    )) {
      const source = read(`${webSrc}/${file}`);
      for (const marker of ['tagTypes: [', 'addTagTypes: [']) {
        if (!source.includes(marker)) continue;
        for (const tag of arrayAfter(source, marker)) declared.set(tag, file);
      }
    }
    expect(declared.get('Project')).toBe('lib/api.ts');

    const rows = tableRows(
      section(architecture, 'Die Tags (`tools/src/docs-truth.test.ts`', /\n\n {2}[^|\s]/),
    );
    const documented = new Map(rows.map((row) => [code(row[0]!), code(row[1]!)]));
    expect(rows.length, 'a tag named twice').toBe(documented.size);
    expect(Object.fromEntries(documented)).toEqual(Object.fromEntries(declared));
  });

  describe('the import rules of tools/src/dependency-rules.js', () => {
    const rules = read('tools/src/dependency-rules.js');

    it('name the workspaces of package.json, each in the table and the diagram of „Schichten“', () => {
      const workspaces = arrayAfter(rules, 'const workspaces = [');
      const manifest = JSON.parse(read('package.json')) as { workspaces: string[] };
      expect([...workspaces].sort()).toEqual([...manifest.workspaces].sort());

      const layers = section(architecture, '## Schichten', /\n## /);
      // The table also names the catalogue and the documentation, which are folders, not workspaces.
      const folders = tableRows(layers).map((row) => code(row[0]!).replace(/\/$/, ''));
      expect(folders.sort()).toEqual([...workspaces, 'definitions', 'docs'].sort());
      const diagram = /```\n([\s\S]*?)```/.exec(layers)![1]!;
      for (const workspace of workspaces)
        expect(diagram, workspace).toMatch(new RegExp(`\\b${workspace}\\b`));
    });

    it('give each folder of api/src the imports the table of „Aufbau des Servers“ shows', () => {
      const domains = apiDomainsOf(rules);
      expect(Object.keys(domains).length).toBeGreaterThan(10);

      const rows = tableRows(section(architecture, '| Ordner unter `api/src/`', /\n\n/)).filter(
        (row) => code(row[0]!) !== 'api/src/*.ts',
      );
      const documented = Object.fromEntries(
        rows.map((row) => [
          code(row[0]!),
          row[1]!
            .replace(/\([^)]*\)/g, '')
            .replaceAll('`', '')
            .split(',')
            .map((name) => name.trim())
            .filter((name) => name && name !== '–')
            .sort(),
        ]),
      );
      expect(documented).toEqual(domains);
    });

    it('leave out only the api/src folders the document says they leave out', () => {
      // `locale` holds texts only; every domain may read them.
      const inRules = new Set([...Object.keys(apiDomainsOf(rules)), 'locale']);
      const folders = readdirSync(path.join(root, 'api/src'), { withFileTypes: true })
        .filter((entry) => entry.isDirectory())
        .map((entry) => entry.name);
      const outside = folders.filter((folder) => !inRules.has(folder)).sort();

      const sentence = architecture
        .split('\n\n')
        .find((paragraph) => paragraph.includes('stehen in keiner Zeile der Regeln'));
      const named = sentence
        ? [...sentence.split('stehen in keiner Zeile')[0]!.matchAll(/`([a-z-]+)`/g)]
            .map((match) => match[1]!)
            .sort()
        : [];
      expect(named).toEqual(outside);
    });
  });
});
