/**
 * The definition lint's rules for regular expressions (`npm run definition:lint`): a `pattern`
 * runs on what anyone sends the API, so it must take time linear in the input, and it must have
 * a `maxLength` beside it, which the validators check first (`lengthBeforePattern`).
 *
 * The ReDoS check is recheck's: it decides with an automaton where it can and fuzzes otherwise.
 * `checkSync` uses recheck's native binary where its optional package is installed (Linux x64,
 * macOS) and its pure-JavaScript build elsewhere; both work offline. A fixed seed makes the
 * fuzzing, and so the lint, give the same answer on every run.
 */
import { readdir, readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import path from 'node:path';
import {
  forEachSchema,
  pointer,
  type DefinitionProblem,
  type RawDefinition,
} from '@fragewerk/engine/core';
import { platformFormsDir, type DefinitionDirs } from '@fragewerk/engine/core/node';
import type * as Recheck from 'recheck';
import type { Diagnostics } from 'recheck';

/** Ajv compiles every `pattern` with the `u` flag (its `unicodeRegExp` default). */
const AJV_FLAGS = 'u';

/** Verdicts by pattern: the studio lints on every save, and most patterns never change. */
const verdicts = new Map<string, Diagnostics>();

let recheck: typeof Recheck | undefined;

/**
 * recheck, loaded on first use through a plain CommonJS `require`: its dependency synckit reads
 * `require.extensions`, which a CommonJS package imported through ESM loader hooks does not get
 * (Playwright's, where the studio journey lints the definition).
 */
const loadRecheck = () => (recheck ??= createRequire(import.meta.url)('recheck') as typeof Recheck);

function diagnose(source: string): Diagnostics {
  let verdict = verdicts.get(source);
  if (!verdict) {
    verdict = loadRecheck().checkSync(source, AJV_FLAGS, { randomSeed: 0 });
    verdicts.set(source, verdict);
  }
  return verdict;
}

/** Why a pattern may not stay, in German; undefined for a linear one. */
function redosMessage(source: string): string | undefined {
  const verdict = diagnose(source);
  if (verdict.status === 'safe') return undefined;
  if (verdict.status === 'vulnerable') {
    const { complexity, attack } = verdict;
    const growth =
      complexity.type === 'exponential'
        ? 'exponentiell'
        : `polynomiell (${complexity.degree}. Grades)`;
    return `Das Muster „${source}“ kann bei ungünstiger Eingabe den Server blockieren: seine Laufzeit wächst ${growth} mit der Länge der Eingabe (ReDoS; z. B. bei ${attack.pattern}). Bitte so umschreiben, dass jede Stelle der Eingabe nur auf eine Art passen kann – etwa mit Zeichenklassen, die einander ausschließen.`;
  }
  // An invalid expression is the loader's to report (the schema does not compile).
  if (verdict.error.kind === 'invalid') return undefined;
  const detail = 'message' in verdict.error ? `: ${verdict.error.message}` : '';
  return `Das Muster „${source}“ ließ sich nicht auf ReDoS prüfen (${verdict.error.kind}${detail}). Erlaubt sind nur Muster, deren Laufzeit nachweislich linear ist; bitte einfacher formulieren.`;
}

const MISSING_MAX_LENGTH =
  'Ein Muster („pattern“) braucht im selben Schema eine Höchstlänge („maxLength“): die Validierung prüft erst die Länge und nur Texte innerhalb davon gegen das Muster.';

/**
 * Every regular expression of one schema file: `pattern` (linear, with a `maxLength`) and the
 * keys of `patternProperties` (linear). `input` is false for schemas that never see a request
 * (the API's response schemas): there the length rule does not apply.
 */
export function lintSchemaPatterns(
  schema: unknown,
  file: string,
  input = true,
): DefinitionProblem[] {
  const problems: DefinitionProblem[] = [];
  forEachSchema(schema, (node, at) => {
    if (typeof node.pattern === 'string') {
      const where = pointer(...at, 'pattern');
      const message = redosMessage(node.pattern);
      if (message) problems.push({ file, path: where, message });
      if (input && typeof node.maxLength !== 'number')
        problems.push({ file, path: where, message: MISSING_MAX_LENGTH });
    }
    const keys = node.patternProperties;
    if (typeof keys === 'object' && keys !== null)
      for (const key of Object.keys(keys)) {
        const message = redosMessage(key);
        if (message)
          problems.push({ file, path: pointer(...at, 'patternProperties', key), message });
      }
  });
  return problems;
}

/** The API's response schemas (`schemas/api/*.schema.json`), where the folder exists. */
async function responseSchemas(platformDir: string): Promise<[file: string, schema: unknown][]> {
  const folder = path.join(platformDir, 'api');
  let names: string[];
  try {
    names = (await readdir(folder)).filter((name) => name.endsWith('.schema.json')).sort();
  } catch {
    return [];
  }
  return Promise.all(
    names.map(async (name): Promise<[string, unknown]> => {
      const text = await readFile(path.join(folder, name), 'utf8');
      try {
        return [`schemas/api/${name}`, JSON.parse(text)];
      } catch {
        // Not the definition's: `npm run types` reports a broken response schema.
        return [`schemas/api/${name}`, undefined];
      }
    }),
  );
}

/**
 * The pattern rules over the raw definition (step schemas and forms, as written, so the path is
 * the file's own) and the API's response schemas. `skip` names files already reported unreadable.
 */
export async function lintPatterns(
  raw: RawDefinition,
  dirs: DefinitionDirs,
  skip: ReadonlySet<string> = new Set(),
): Promise<DefinitionProblem[]> {
  const files: [file: string, schema: unknown, input: boolean][] = [
    ...Object.entries(raw.steps).map(([key, files]): [string, unknown, boolean] => [
      `${raw.files?.folder ?? 'schemas'}/steps/${key}/schema.json`,
      files.schema,
      true,
    ]),
    ...Object.entries(raw.forms).map(([name, schema]): [string, unknown, boolean] => [
      `schemas/forms/${name}.schema.json`,
      schema,
      true,
    ]),
    // The API's schemas stand beside the platform's forms (`schemas/api/`, `schemas/forms/`).
    ...(await responseSchemas(path.dirname(dirs.formsDir ?? platformFormsDir))).map(
      ([file, schema]): [string, unknown, boolean] => [file, schema, false],
    ),
  ];
  return files
    .filter(([file]) => !skip.has(file))
    .flatMap(([file, schema, input]) => lintSchemaPatterns(schema, file, input));
}
