import type { ErrorObject } from 'ajv';
import localizeDe from 'ajv-i18n/localize/de/index.js';
import type { JsonSchema, UiSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';

/** German messages per field path (`name`, `character_traits`, `items.0.name`). */
export type FieldErrors = Record<string, string[]>;

/** JSON pointer (`/a/0/b`) to path segments, unescaping `~1` and `~0`. */
function segments(pointer: string): string[] {
  if (!pointer) return [];
  return pointer
    .slice(1)
    .split('/')
    .map((part) => part.replace(/~1/g, '/').replace(/~0/g, '~'));
}

/** Every sub-schema that may declare properties of the same instance. */
function applicators(node: JsonSchema): JsonSchema[] {
  const found: JsonSchema[] = [node];
  for (const keyword of ['allOf', 'anyOf', 'oneOf']) {
    const list = node[keyword];
    if (Array.isArray(list))
      for (const sub of list) if (isObject(sub)) found.push(...applicators(sub));
  }
  for (const keyword of ['then', 'else']) {
    const sub = node[keyword];
    if (isObject(sub)) found.push(...applicators(sub));
  }
  return found;
}

/** The sub-schemas that describe the instance at `path`, most specific first. */
function schemasAt(root: JsonSchema, path: string[]): JsonSchema[] {
  let current: JsonSchema[] = [root];
  for (const segment of path) {
    const next: JsonSchema[] = [];
    for (const node of current.flatMap(applicators)) {
      const properties = node.properties;
      if (
        isObject(properties) &&
        Object.hasOwn(properties, segment) &&
        isObject(properties[segment])
      ) {
        next.push(properties[segment]);
      }
      if (/^\d+$/.test(segment) && isObject(node.items)) next.push(node.items);
    }
    current = next;
    if (current.length === 0) break;
  }
  return current;
}

/** The ui.json settings of the field at `path` (an array's entries under `items`). */
function uiAt(ui: UiSchema | undefined, path: string[]): UiSchema | undefined {
  let current: unknown = ui;
  for (const segment of path) {
    if (!isObject(current)) return undefined;
    current = /^\d+$/.test(segment) ? current.items : current[segment];
  }
  return isObject(current) ? current : undefined;
}

/**
 * The German label of the field at `path` in messages („{field} ist ein Pflichtfeld“): its
 * `ui:errorLabel` from ui.json, else its `ui:title` (the label the person sees), else its schema
 * `title`, else its name. A question as `ui:title` needs a `ui:errorLabel` (definition lint).
 */
export function fieldLabel(root: JsonSchema, path: string[], ui?: UiSchema): string {
  const settings = uiAt(ui, path);
  for (const option of ['ui:errorLabel', 'ui:title']) {
    const label = settings?.[option];
    if (typeof label === 'string' && label.trim() !== '') return label;
  }
  for (const node of schemasAt(root, path).flatMap(applicators)) {
    if (typeof node.title === 'string') return node.title;
  }
  const last = path.at(-1);
  if (last !== undefined && /^\d+$/.test(last)) return fieldLabel(root, path.slice(0, -1), ui);
  // A side of a range without a title of its own: „Budget von“, „Budget bis“.
  if ((last === 'min' || last === 'max') && isRange(root, path.slice(0, -1)))
    return `${fieldLabel(root, path.slice(0, -1), ui)} ${last === 'min' ? 'von' : 'bis'}`;
  return last ?? (typeof root.title === 'string' ? root.title : 'Eingabe');
}

/** Is the field at `path` a range `{ min, max }` (`"x-range": true`)? */
function isRange(root: JsonSchema, path: string[]): boolean {
  return path.length > 0 && schemasAt(root, path).some((node) => node['x-range'] === true);
}

/**
 * Messages of the engine's own rules and formats, where the message pack
 * (the questionnaire's `messages.de.json`) has none of its own for the key.
 */
const ENGINE_MESSAGES: Record<string, string> = {
  'x-range': '{field}: „bis“ darf nicht kleiner sein als „von“.',
  'format.date': '{field} muss ein gültiges Datum sein.',
  'format.uri': '{field}: Bitte eine vollständige Adresse angeben, z. B. https://www.beispiel.de.',
};

function valueAt(data: unknown, path: string[]): unknown {
  let current = data;
  for (const segment of path) {
    if (!isObject(current) && !Array.isArray(current)) return undefined;
    current = Object.hasOwn(current, segment)
      ? (current as Record<string, unknown>)[segment]
      : undefined;
  }
  return current;
}

const isEmpty = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

const germanNumber = new Intl.NumberFormat('de-DE');

/** Fills `{name}` placeholders; numbers read the German way („5.000“). */
function fill(template: string, values: Record<string, unknown>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => {
    if (!Object.hasOwn(values, name)) return whole;
    const value = values[name];
    return typeof value === 'number' ? germanNumber.format(value) : String(value);
  });
}

/** Errors that only say "a branch failed"; the branch's own errors say what is wrong. */
const STRUCTURAL = new Set(['if', 'allOf', 'anyOf', 'oneOf', 'not', '$ref']);

/**
 * Turns Ajv errors into German messages per field. Messages come from the schema (ajv-errors),
 * else from the message pack (the questionnaire's `messages.de.json`), else from the engine's own
 * (`ENGINE_MESSAGES`), else from ajv-i18n's German texts.
 * A missing, null or blank value always reads "{field} ist ein Pflichtfeld". Fields are named
 * by {@link fieldLabel} (with the step's ui.json, where there is one).
 */
export function toFieldErrors(
  errors: readonly ErrorObject[] | null | undefined,
  schema: JsonSchema,
  data: unknown,
  messages: Record<string, string>,
  ui?: UiSchema,
): FieldErrors {
  const result = new Map<string, string[]>();
  const blankMessages = new Set<string>();
  const blankFields = new Set<string>();
  const add = (path: string[], message: string, blank = false) => {
    // An entry of a list of presets or texts is not a field of its own: report it on the list.
    while (path.length > 0 && /^\d+$/.test(path.at(-1)!) && !isObject(valueAt(data, path))) {
      path = path.slice(0, -1);
    }
    // Nor is a side of a range: the range shows the messages of both under it.
    if (path.length > 1 && isRange(schema, path.slice(0, -1))) path = path.slice(0, -1);
    const field = path.join('.');
    if (blank) {
      blankFields.add(field);
      blankMessages.add(message);
    }
    const list = result.get(field) ?? [];
    if (!list.includes(message)) list.push(message);
    result.set(field, list);
  };

  for (const error of errors ?? []) {
    let path = segments(error.instancePath);
    if (error.keyword === 'errorMessage') {
      const original = (error.params as { errors?: ErrorObject[] }).errors?.[0];
      if (original?.keyword === 'required') {
        path = [...path, (original.params as { missingProperty: string }).missingProperty];
      }
      add(path, error.message ?? '', original?.keyword === 'required');
      continue;
    }
    if (STRUCTURAL.has(error.keyword)) continue;
    if (error.keyword === 'required') {
      path = [...path, (error.params as { missingProperty: string }).missingProperty];
    }
    if (error.keyword === 'additionalProperties') {
      const property = (error.params as { additionalProperty: string }).additionalProperty;
      add(
        [...path, property],
        fill(messages.additionalProperties ?? messages.fallback!, { property, field: property }),
      );
      continue;
    }
    const [message, blank] = messageFor(error, path, schema, data, messages, ui);
    add(path, message, blank);
  }
  // A field left empty needs filling in first; further complaints about it would only confuse.
  for (const field of blankFields) {
    const required = result.get(field)!.filter((message) => blankMessages.has(message));
    result.set(field, required);
  }
  return Object.fromEntries(result);
}

function messageFor(
  error: ErrorObject,
  path: string[],
  schema: JsonSchema,
  data: unknown,
  messages: Record<string, string>,
  ui: UiSchema | undefined,
): [message: string, blank: boolean] {
  const field = fieldLabel(schema, path, ui);
  const params = error.params as Record<string, unknown>;
  const blank =
    error.keyword === 'required' ||
    ((error.keyword === 'type' || error.keyword === 'minLength') && isEmpty(valueAt(data, path)));
  if (blank) return [fill(messages.required!, { field }), true];

  const candidates = [
    error.keyword === 'type' ? `type.${String(params.type).split(',')[0]}` : undefined,
    error.keyword === 'format' ? `format.${String(params.format)}` : undefined,
    error.keyword,
  ];
  for (const key of candidates) {
    if (key && Object.hasOwn(messages, key))
      return [fill(messages[key]!, { field, ...params }), false];
    if (key && Object.hasOwn(ENGINE_MESSAGES, key))
      return [fill(ENGINE_MESSAGES[key]!, { field, ...params }), false];
  }
  const [localized] = structuredClone([error]);
  localizeDe([localized!]);
  return [fill(messages.fallback!, { field, message: localized?.message ?? error.keyword }), false];
}
