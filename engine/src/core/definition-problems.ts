/**
 * Problems of the definition files, as the loader, `npm run definition:lint` and the studio report
 * them: which file, where in it, what is wrong – in German, for content editors.
 */
import type { ErrorObject } from 'ajv';
import localizeDe from 'ajv-i18n/localize/de/index.js';
import { isObject } from './is-object.ts';

/** One fault of the definition. */
export interface DefinitionProblem {
  /** The file (or folder) relative to the definition's folder: `schemas/steps/goals/ui.json`. */
  file: string;
  /** A JSON pointer into the file (`/importance/ui:widget`); empty for the file as a whole. */
  path: string;
  /** What is wrong, in German, without the file and path. */
  message: string;
}

/** One line for a terminal: `schemas/steps/goals/ui.json /importance/ui:widget: …`. */
export function formatProblem({ file, path, message }: DefinitionProblem): string {
  return `${file}${path ? ` ${path}` : ''}: ${message}`;
}

/** A JSON pointer from path segments (`~` and `/` escaped). */
export function pointer(...segments: (string | number)[]): string {
  return segments
    .map((segment) => `/${String(segment).replace(/~/g, '~0').replace(/\//g, '~1')}`)
    .join('');
}

const TYPE_NAMES: Record<string, string> = {
  string: 'ein Text',
  integer: 'eine ganze Zahl',
  number: 'eine Zahl',
  boolean: 'true oder false',
  array: 'eine Liste („[…]“)',
  object: 'ein Objekt („{…}“)',
  null: 'null',
};

const quote = (value: unknown) => `„${typeof value === 'string' ? value : JSON.stringify(value)}“`;
const typeList = (types: unknown): string =>
  [...new Set((Array.isArray(types) ? types : [types]).map((type) => TYPE_NAMES[String(type)]))]
    .filter(Boolean)
    .join(' oder ');

/** Levenshtein distance, for „Meinten Sie …?“ after a typo in a name. */
function distance(a: string, b: string): number {
  const row = Array.from({ length: b.length + 1 }, (_, index) => index);
  for (let i = 1; i <= a.length; i += 1) {
    let previous = row[0]!;
    row[0] = i;
    for (let j = 1; j <= b.length; j += 1) {
      const current = row[j]!;
      row[j] = Math.min(row[j]! + 1, row[j - 1]! + 1, previous + (a[i - 1] === b[j - 1] ? 0 : 1));
      previous = current;
    }
  }
  return row[b.length]!;
}

/** The closest of `names` to a mistyped `name`, if one is close enough to be meant. */
export function closest(name: string, names: Iterable<string>): string | undefined {
  let best: string | undefined;
  let bestDistance = Math.max(2, Math.floor(name.length / 4)) + 1;
  for (const candidate of names) {
    const current = distance(name.toLowerCase(), candidate.toLowerCase());
    if (current < bestDistance) {
      best = candidate;
      bestDistance = current;
    }
  }
  return best;
}

/** The types the branches of an `anyOf` allow (a `$ref` stands for a nested object). */
function branchTypes(schema: unknown): string[] {
  if (!isObject(schema) || !Array.isArray(schema.anyOf)) return [];
  return schema.anyOf.flatMap((branch) =>
    !isObject(branch) ? [] : typeof branch.$ref === 'string' ? ['object'] : [branch.type].flat(),
  ) as string[];
}

/**
 * The errors of a meta-schema check (Ajv with `verbose`) as German problems of `file`: a missing
 * or unexpected property is reported at its own path, with a suggestion for a likely typo.
 */
export function metaSchemaProblems(
  errors: readonly ErrorObject[] | null | undefined,
  file: string,
): DefinitionProblem[] {
  const list = errors ?? [];
  const problems: DefinitionProblem[] = [];
  // Where an anyOf failed, its branches' type errors say the same thing less clearly.
  const anyOfPaths = new Set(
    list.filter((error) => error.keyword === 'anyOf').map((error) => error.instancePath),
  );
  const add = (path: string, message: string) => {
    if (!problems.some((problem) => problem.path === path && problem.message === message))
      problems.push({ file, path, message });
  };
  for (const error of list) {
    const params = error.params as Record<string, unknown>;
    // ajv-errors replaces the original errors by its own message and keeps them in its params.
    const original = (
      params.errors as (ErrorObject & { propertyName?: string })[] | undefined
    )?.[0];
    const at =
      (error as ErrorObject & { propertyName?: string }).propertyName ?? original?.propertyName;
    const path = at === undefined ? error.instancePath : `${error.instancePath}${pointer(at)}`;
    switch (error.keyword) {
      case 'if':
      case 'allOf':
      case 'propertyNames':
        break;
      case 'errorMessage': {
        const allowed = (params.errors as ErrorObject[]).flatMap((inner) =>
          inner.keyword === 'enum'
            ? ((inner.params as { allowedValues: unknown[] }).allowedValues ?? [])
            : [],
        );
        const guess =
          typeof original?.data === 'string'
            ? closest(
                original.data,
                allowed.filter((value) => typeof value === 'string') as string[],
              )
            : undefined;
        const message = error.message ?? '';
        // „x“ ist keine Einstellung … / „x“: Ein Schlüssel besteht aus …
        const subject =
          typeof original?.data !== 'string'
            ? ''
            : /^\p{Ll}/u.test(message)
              ? `${quote(original.data)} `
              : `${quote(original.data)}: `;
        add(path, `${subject}${message}${guess ? ` Meinten Sie ${quote(guess)}?` : ''}`);
        break;
      }
      case 'anyOf':
        add(path, `muss ${typeList(branchTypes(error.parentSchema))} sein.`);
        break;
      case 'type':
        if (!anyOfPaths.has(error.instancePath)) add(path, `muss ${typeList(params.type)} sein.`);
        break;
      case 'required': {
        const missing = String(params.missingProperty);
        add(`${error.instancePath}${pointer(missing)}`, `Die Angabe ${quote(missing)} fehlt.`);
        break;
      }
      case 'additionalProperties': {
        const name = String(params.additionalProperty);
        const known = isObject(error.parentSchema?.properties)
          ? Object.keys(error.parentSchema.properties)
          : [];
        const guess = closest(name, known);
        add(
          `${error.instancePath}${pointer(name)}`,
          `${quote(name)} ist hier nicht vorgesehen.${
            guess
              ? ` Meinten Sie ${quote(guess)}?`
              : known.length
                ? ` Möglich sind: ${known.map(quote).join(', ')}.`
                : ''
          }`,
        );
        break;
      }
      case 'enum': {
        const allowed = (params.allowedValues as unknown[]) ?? [];
        const guess =
          typeof error.data === 'string'
            ? closest(error.data, allowed.filter((value) => typeof value === 'string') as string[])
            : undefined;
        add(
          path,
          `${quote(error.data)} ist nicht möglich.${
            guess
              ? ` Meinten Sie ${quote(guess)}?`
              : ` Möglich sind: ${allowed.map(quote).join(', ')}.`
          }`,
        );
        break;
      }
      case 'pattern':
        add(path, `${quote(error.data)} hat nicht die erwartete Form (${String(params.pattern)}).`);
        break;
      case 'minimum':
        add(path, `muss mindestens ${String(params.limit)} sein.`);
        break;
      case 'maximum':
        add(path, `darf höchstens ${String(params.limit)} sein.`);
        break;
      case 'minItems':
        add(
          path,
          params.limit === 1
            ? 'braucht mindestens einen Eintrag.'
            : `braucht mindestens ${String(params.limit)} Einträge.`,
        );
        break;
      case 'minProperties':
        add(path, params.limit === 1 ? 'darf nicht leer sein.' : localized(error));
        break;
      case 'minLength':
        add(path, params.limit === 1 ? 'darf nicht leer sein.' : localized(error));
        break;
      case 'uniqueItems':
        add(
          path,
          `enthält einen Wert doppelt (Eintrag ${Number(params.j) + 1} und ${Number(params.i) + 1}).`,
        );
        break;
      default:
        add(path, localized(error));
    }
  }
  return problems;
}

/** ajv-i18n's German text of an error, with a final full stop. */
function localized(error: ErrorObject): string {
  const [copy] = structuredClone([{ ...error, parentSchema: undefined, schema: undefined }]);
  localizeDe([copy as ErrorObject]);
  return `${copy?.message ?? error.keyword}.`;
}
