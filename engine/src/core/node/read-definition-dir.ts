import { existsSync } from 'node:fs';
import { schemasDir as platformSchemasDir } from '@fragewerk/schemas';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import type { DefinitionProblem } from '../definition-problems.ts';
import type { RawDefinition, RawStepFiles } from '../definition-types.ts';
import { DefinitionError } from '../load-definition.ts';

/** A step's own sample answers for the studio, in its folder (docs/editors-guide.md). */
export const SAMPLES_FILE = 'samples.de.json';

/** The folder of the catalogue that holds one questionnaire folder per questionnaire. */
export const DEFINITIONS_FOLDER = 'definitions';

/** The questionnaire a project gets when nobody chose one: the brand briefing. */
export const DEFAULT_QUESTIONNAIRE = 'markenbriefing';

/**
 * Where one questionnaire lives (docs/editors-guide.md#einen-neuen-fragebogen-anlegen): its folder
 * `definitions/<id>/` (manifest, `steps/`, prose, messages, `migrations/` and its own `presets/`),
 * the shared preset lists beside `definitions/`, and the platform's forms, which belong to no
 * questionnaire.
 */
export interface DefinitionDirs {
  folder: string;
  presetsDir: string;
  /** The platform's forms; default: the repository's `schemas/forms/`. */
  formsDir?: string;
}

/** The repository's catalogue: the folder holding `definitions/` and the shared `presets/`. */
export const repositoryRoot = path.dirname(path.resolve(platformSchemasDir));

/** The platform's own forms (register, account, project settings …). */
export const platformFormsDir = path.join(platformSchemasDir, 'forms');

/** The folders of questionnaire `id` in the catalogue at `root`. */
export function questionnaireDirs(root: string, id: string): DefinitionDirs {
  const resolved = path.resolve(root);
  return {
    folder: path.join(resolved, DEFINITIONS_FOLDER, id),
    presetsDir: path.join(resolved, 'presets'),
    formsDir: platformFormsDir,
  };
}

/** The catalogue `DEFINITION_DIR` names (it holds `definitions/` and `presets/`), or the repository's. */
export function catalogueRootFrom(definitionDir: string | undefined): string {
  return definitionDir ? path.resolve(definitionDir) : repositoryRoot;
}

/** The ids of the catalogue at `root`: every folder of `definitions/` with a manifest, sorted. */
export async function catalogueIds(root: string): Promise<string[]> {
  const folder = path.join(root, DEFINITIONS_FOLDER);
  const ids = await listDir(folder);
  return ids.filter((id) => existsSync(path.join(folder, id, 'questionnaire.json')));
}

/** The folders of questionnaire `id` (default: the brand briefing) of `DEFINITION_DIR` or the repository. */
export function definitionDirsFrom(
  definitionDir: string | undefined,
  id: string = DEFAULT_QUESTIONNAIRE,
): DefinitionDirs {
  return questionnaireDirs(catalogueRootFrom(definitionDir), id);
}

/** How a questionnaire's files are named in messages: `definitions/<id>` (or the folder's name). */
export function folderName(folder: string): string {
  const parent = path.basename(path.dirname(folder));
  const own = path.basename(folder);
  return parent === DEFINITIONS_FOLDER ? `${DEFINITIONS_FOLDER}/${own}` : own;
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

/** Files by their name in the catalogue (`definitions/<id>/…`, `presets/…`, `schemas/forms/…`). */
class Reader {
  readonly problems: DefinitionProblem[] = [];
  private readonly dirs: DefinitionDirs;

  constructor(dirs: DefinitionDirs) {
    this.dirs = dirs;
  }

  name(file: string): string {
    const { folder, presetsDir, formsDir = platformFormsDir } = this.dirs;
    const relative = (dir: string, prefix: string) =>
      `${prefix}/${path.relative(dir, file).split(path.sep).join('/')}`;
    if (file.startsWith(presetsDir + path.sep)) return relative(presetsDir, 'presets');
    if (file.startsWith(formsDir + path.sep)) return relative(formsDir, 'schemas/forms');
    return relative(folder, folderName(folder));
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

/**
 * The preset files (sections) that schemas name: `x-presets: "<section>.<list>"` and
 * `x-preset-properties.presets`, anywhere in them.
 */
function presetSectionsNamed(schemas: unknown[]): Set<string> {
  const sections = new Set<string>();
  const sectionOf = (reference: unknown) => {
    if (typeof reference === 'string') sections.add(reference.split('.')[0]!);
  };
  const visit = (node: unknown): void => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (typeof node !== 'object' || node === null) return;
    const record = node as Record<string, unknown>;
    sectionOf(record['x-presets']);
    const generated = record['x-preset-properties'];
    if (typeof generated === 'object' && generated !== null)
      sectionOf((generated as Record<string, unknown>).presets);
    Object.values(record).forEach(visit);
  };
  schemas.forEach(visit);
  return sections;
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
  const { folder: schemasDir, presetsDir, formsDir = platformFormsDir } = dirs;
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
  for (const file of await listDir(formsDir)) {
    if (file.endsWith('.schema.json')) {
      forms[file.slice(0, -'.schema.json'.length)] = await reader.json(path.join(formsDir, file));
    }
  }

  // The shared lists first, then the questionnaire's own: a list of its own with the same name
  // takes the shared one's place (an editor adapts a copy without touching other questionnaires).
  // Of the shared files only those the questionnaire's schemas name come along: a change to a
  // list another questionnaire uses makes no revision of this one.
  const named = presetSectionsNamed([...Object.values(steps).map((files) => files.schema), forms]);
  const presets: Record<string, unknown> = {};
  const presetFiles: Record<string, string> = {};
  for (const [dir, shared] of [
    [presetsDir, true],
    [path.join(schemasDir, 'presets'), false],
  ] as const) {
    for (const file of await listDir(dir)) {
      if (!file.endsWith('.de.json')) continue;
      const section = file.slice(0, -'.de.json'.length);
      if (shared && !named.has(section)) continue;
      presets[section] = await reader.json(path.join(dir, file));
      presetFiles[section] = reader.name(path.join(dir, file));
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
  const name = folderName(schemasDir);
  if (questionnaire === undefined)
    reader.problems.push({
      file: `${name}/questionnaire.json`,
      path: '',
      message: 'Die Datei fehlt.',
    });
  // In the catalogue the folder's name is the questionnaire's id: projects name it for good.
  const own = path.basename(schemasDir);
  const id = (questionnaire as { id?: unknown } | null | undefined)?.id;
  if (name.startsWith(`${DEFINITIONS_FOLDER}/`) && questionnaire && id !== own)
    reader.problems.push({
      file: `${name}/questionnaire.json`,
      path: '/id',
      message:
        id === undefined
          ? `Die Kennung fehlt: "id": "${own}" (der Name des Ordners).`
          : `Die Kennung „${String(id)}“ muss der Name des Ordners sein: „${own}“.`,
    });
  return {
    raw: {
      questionnaire,
      messages,
      prose,
      steps,
      forms,
      presets,
      migrations,
      files: { folder: name, presets: presetFiles },
    },
    problems: reader.problems,
  };
}

/**
 * The repository's brand briefing folders, found upward from `start` (for test environments such as
 * jsdom, where modules have no usable file URL).
 */
export function definitionDirsAbove(start: string): DefinitionDirs {
  const manifest = path.join(DEFINITIONS_FOLDER, DEFAULT_QUESTIONNAIRE, 'questionnaire.json');
  let dir = path.resolve(start);
  while (!existsSync(path.join(dir, manifest))) {
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new DefinitionError([
        { file: manifest, path: '', message: `Nicht gefunden über ${start}.` },
      ]);
    dir = parent;
  }
  return {
    ...questionnaireDirs(dir, DEFAULT_QUESTIONNAIRE),
    formsDir: path.join(dir, 'schemas', 'forms'),
  };
}
