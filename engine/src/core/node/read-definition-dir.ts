import { existsSync } from 'node:fs';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DefinitionProblem } from '../definition-problems.ts';
import type { RawDefinition, RawStepFiles } from '../definition-types.ts';
import { DefinitionError } from '../load-definition.ts';

/** A step's own sample answers for the studio, in its folder (docs/editors-guide.md). */
export const SAMPLES_FILE = 'samples.de.json';

/** Where the definition lives: the `schemas/` and `presets/` folders. */
export interface DefinitionDirs {
  schemasDir: string;
  presetsDir: string;
}

/** The folders `DEFINITION_DIR` names (it holds `schemas/` and `presets/`), or the defaults. */
export function definitionDirsFrom(
  definitionDir: string | undefined,
  defaults: DefinitionDirs,
): DefinitionDirs {
  if (!definitionDir) return defaults;
  const root = path.resolve(definitionDir);
  return { schemasDir: path.join(root, 'schemas'), presetsDir: path.join(root, 'presets') };
}

/** German for the parser's messages an editor meets most. */
const JSON_MESSAGES: [RegExp, string][] = [
  [
    /^Unexpected end of JSON input/,
    'Die Datei endet mitten im JSON – fehlt eine schließende Klammer?',
  ],
  [/^Expected ',' or '\}' after property value/, 'Nach einem Wert fehlt ein Komma oder „}“.'],
  [
    /^Expected ',' or '\]' after array element/,
    'Nach einem Listeneintrag fehlt ein Komma oder „]“.',
  ],
  [
    /^Expected (?:double-quoted property name|property name or '\}')/,
    'Hier gehört ein Name in doppelten Anführungszeichen hin – steht ein Komma zu viel vor „}“?',
  ],
  [/^Expected ':' after property name/, 'Nach dem Namen fehlt der Doppelpunkt.'],
  [
    /^Bad control character in string literal/,
    'Ein Text enthält einen Zeilenumbruch oder Tabulator; im JSON heißt das \\n bzw. \\t.',
  ],
  [/^Unterminated string/, 'Einem Text fehlt das schließende Anführungszeichen.'],
  [/^Unexpected non-whitespace character after JSON/, 'Nach dem Ende des JSON steht noch etwas.'],
  [/^Bad escaped character/, 'Nach „\\“ steht ein Zeichen, das JSON nicht kennt.'],
  [
    /^Unexpected token '(.+?)'/,
    'Unerwartetes Zeichen „$1“ – Namen und Texte stehen in doppelten Anführungszeichen.',
  ],
];

/**
 * Where the first syntax error of a JSON text is, for the parser messages that do not say
 * („Unexpected token“): a small recursive descent over the grammar, returning the offset of the
 * first character that does not fit, or undefined when the text is valid.
 */
export function jsonErrorOffset(text: string): number | undefined {
  let at = 0;
  const fail = () => {
    throw at;
  };
  const space = () => {
    while (/\s/.test(text[at] ?? '')) at += 1;
  };
  const string = () => {
    if (text[at] !== '"') fail();
    at += 1;
    while (text[at] !== '"') {
      if (at >= text.length || text.charCodeAt(at) < 0x20) fail();
      at += text[at] === '\\' ? 2 : 1;
    }
    at += 1;
  };
  const value = (): void => {
    space();
    const char = text[at];
    if (char === '{') {
      at += 1;
      space();
      if (text[at] === '}') return void (at += 1);
      for (;;) {
        space();
        string();
        space();
        if (text[at] !== ':') fail();
        at += 1;
        value();
        space();
        if (text[at] === '}') return void (at += 1);
        if (text[at] !== ',') fail();
        at += 1;
      }
    }
    if (char === '[') {
      at += 1;
      space();
      if (text[at] === ']') return void (at += 1);
      for (;;) {
        value();
        space();
        if (text[at] === ']') return void (at += 1);
        if (text[at] !== ',') fail();
        at += 1;
      }
    }
    if (char === '"') return string();
    const literal = /^(?:true|false|null|-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?)/.exec(
      text.slice(at),
    );
    if (!literal) fail();
    at += literal![0].length;
  };
  try {
    value();
    space();
    if (at < text.length) fail();
    return undefined;
  } catch (offset) {
    return Math.min(offset as number, text.length);
  }
}

/** The parser's message in German, with the line and column of the fault. */
export function jsonSyntaxMessage(error: Error, text: string): string {
  const named = /at position (\d+)/.exec(error.message)?.[1];
  const position = named !== undefined ? Number(named) : (jsonErrorOffset(text) ?? Number.NaN);
  let where = '';
  if (!Number.isNaN(position)) {
    const before = text.slice(0, position);
    const line = before.split('\n').length;
    const column = before.length - before.lastIndexOf('\n');
    where = ` (Zeile ${line}, Spalte ${column})`;
  }
  if (!Number.isNaN(position) && text.slice(position).trim() === '')
    return `Kein gültiges JSON${where}: ${JSON_MESSAGES[0]![1]}`;
  const before = Number.isNaN(position) ? '' : text.slice(0, position).trimEnd();
  if (before.endsWith(',') && /^\s*[\]}]/.test(text.slice(position)))
    return `Kein gültiges JSON${where}: Nach dem letzten Komma fehlt ein Wert – ein Komma zu viel vor „${text.slice(position).trim()[0]}“?`;
  const known = JSON_MESSAGES.find(([pattern]) => pattern.test(error.message));
  const match = known?.[0].exec(error.message);
  const cause = known && match ? known[1].replace('$1', match[1] ?? '') : error.message;
  return `Kein gültiges JSON${where}: ${cause}`;
}

/** Files by their name relative to the definition folder (`schemas/…`, `presets/…`). */
class Reader {
  readonly problems: DefinitionProblem[] = [];
  private readonly dirs: DefinitionDirs;

  constructor(dirs: DefinitionDirs) {
    this.dirs = dirs;
  }

  name(file: string): string {
    const { schemasDir, presetsDir } = this.dirs;
    const relative = (dir: string, prefix: string) =>
      `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
    return file.startsWith(presetsDir + path.sep)
      ? relative(presetsDir, 'presets')
      : relative(schemasDir, 'schemas');
  }

  /** The file's JSON; undefined when it is missing, null when it does not parse. */
  async json(file: string): Promise<unknown> {
    const text = await readText(file);
    if (text === undefined) return undefined;
    try {
      const value = JSON.parse(text) as unknown;
      // `$schema` tells an editor's editor which JSON Schema to check the file with; it is not
      // part of the definition (so adding it changes no revision).
      if (
        typeof value === 'object' &&
        value !== null &&
        !Array.isArray(value) &&
        '$schema' in value
      ) {
        const { $schema: _editorSchema, ...rest } = value as Record<string, unknown>;
        return rest;
      }
      return value;
    } catch (error) {
      this.problems.push({
        file: this.name(file),
        path: '',
        message: jsonSyntaxMessage(error as Error, text),
      });
      return null;
    }
  }
}

async function readText(file: string): Promise<string | undefined> {
  try {
    return await readFile(file, 'utf8');
  } catch {
    return undefined;
  }
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return (await readdir(dir)).sort();
  } catch {
    return [];
  }
}

/**
 * Reads every definition file from disk; malformed JSON is reported as a {@link DefinitionError}.
 */
export async function readDefinitionDir(dirs: DefinitionDirs): Promise<RawDefinition> {
  const { raw, problems } = await readDefinitionFiles(dirs);
  if (problems.length > 0) throw new DefinitionError(problems);
  return raw;
}

/**
 * Reads every definition file from disk and returns them with the files that could not be read
 * as JSON (such a file reads as `null`). A step folder's own sample answers (`samples.de.json`,
 * for the studio) are read, too; the loader leaves them alone.
 */
export async function readDefinitionFiles(
  dirs: DefinitionDirs,
): Promise<{ raw: RawDefinition; problems: DefinitionProblem[] }> {
  const { schemasDir, presetsDir } = dirs;
  const reader = new Reader(dirs);
  const steps: Record<string, RawStepFiles> = {};
  for (const key of await listDir(path.join(schemasDir, 'steps'))) {
    const folder = path.join(schemasDir, 'steps', key);
    const [step, schema, ui, prose, help, samples] = await Promise.all([
      reader.json(path.join(folder, 'step.json')),
      reader.json(path.join(folder, 'schema.json')),
      reader.json(path.join(folder, 'ui.json')),
      reader.json(path.join(folder, 'prose.de.json')),
      readText(path.join(folder, 'help.de.md')),
      reader.json(path.join(folder, SAMPLES_FILE)),
    ]);
    steps[key] = { step, schema, ui, prose, help, ...(samples === undefined ? {} : { samples }) };
  }

  const forms: Record<string, unknown> = {};
  for (const file of await listDir(path.join(schemasDir, 'forms'))) {
    if (file.endsWith('.schema.json')) {
      forms[file.slice(0, -'.schema.json'.length)] = await reader.json(
        path.join(schemasDir, 'forms', file),
      );
    }
  }

  const presets: Record<string, unknown> = {};
  for (const file of await listDir(presetsDir)) {
    if (file.endsWith('.de.json')) {
      presets[file.slice(0, -'.de.json'.length)] = await reader.json(path.join(presetsDir, file));
    }
  }

  const migrations: Record<string, unknown> = {};
  for (const file of await listDir(path.join(schemasDir, 'migrations'))) {
    if (file.endsWith('.json')) {
      migrations[file.slice(0, -'.json'.length)] = await reader.json(
        path.join(schemasDir, 'migrations', file),
      );
    }
  }

  const [questionnaire, messages, prose] = await Promise.all([
    reader.json(path.join(schemasDir, 'questionnaire.json')),
    reader.json(path.join(schemasDir, 'messages.de.json')),
    reader.json(path.join(schemasDir, 'prose.de.json')),
  ]);
  if (questionnaire === undefined)
    reader.problems.push({
      file: 'schemas/questionnaire.json',
      path: '',
      message: 'Die Datei fehlt.',
    });
  return {
    raw: { questionnaire, messages, prose, steps, forms, presets, migrations },
    problems: reader.problems,
  };
}

/**
 * The repository's definition folders, found upward from `start` (for test environments such as
 * jsdom, where modules have no usable file URL).
 */
export function definitionDirsAbove(start: string): DefinitionDirs {
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, 'schemas', 'questionnaire.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new DefinitionError([
        { file: 'schemas/questionnaire.json', path: '', message: `Nicht gefunden über ${start}.` },
      ]);
    dir = parent;
  }
  return { schemasDir: path.join(dir, 'schemas'), presetsDir: path.join(dir, 'presets') };
}
