import type { RJSFSchema, SchemaUtilsType } from '@rjsf/utils';

type Data = Record<string, unknown>;
type Utils = SchemaUtilsType<unknown, RJSFSchema>;

/** An object as JSON holds it (not an array, a date or another class). */
const isPlainObject = (value: unknown): value is Data => {
  if (typeof value !== 'object' || value === null) return false;
  const prototype = Object.getPrototypeOf(value) as unknown;
  return prototype === Object.prototype || prototype === null;
};

/**
 * Root keywords that tie one property's defaults, or the resolved schema, to the rest of the
 * data: with any of them, every change is computed by rjsf.
 */
const COUPLING = [
  '$ref',
  'if',
  'allOf',
  'anyOf',
  'oneOf',
  'dependencies',
  'dependentSchemas',
  'patternProperties',
  'default',
  'const',
];

/**
 * A flat form: an object whose properties rjsf resolves and fills in one by one, each from its
 * own value only (no root keyword links them, no additional properties come from the data).
 */
export function isFlatRoot(schema: RJSFSchema): boolean {
  return (
    schema.type === 'object' &&
    isPlainObject(schema.properties) &&
    (schema.additionalProperties === undefined || schema.additionalProperties === false) &&
    !COUPLING.some((keyword) => keyword in schema)
  );
}

/** Keywords with which rjsf may replace or drop a typed value (options, fixed or default values). */
const REPLACING = [
  'enum',
  'const',
  'default',
  '$ref',
  'if',
  'allOf',
  'anyOf',
  'oneOf',
  'dependencies',
];
const TYPE_OF: Record<string, string> = { string: 'string', number: 'number', integer: 'number' };

/**
 * Whether rjsf's default computation keeps `value` as it is in a field of this schema: a string
 * or finite number in a plain text or number field (no options, no default, no conditions), also
 * one that may be empty (`["string", "null"]`, as most optional fields of the definitions are).
 */
export function keepsValue(schema: unknown, value: unknown): boolean {
  if (!isPlainObject(schema)) return false;
  const types = typeof schema.type === 'string' ? [schema.type] : schema.type;
  if (!Array.isArray(types)) return false;
  const own = types.filter((type) => type !== 'null');
  if (own.length !== 1 || types.length - own.length > 1) return false;
  if (TYPE_OF[String(own[0])] !== typeof value) return false;
  if (typeof value === 'number' && !Number.isFinite(value)) return false;
  return !REPLACING.some((keyword) => keyword in schema);
}

/**
 * Whether two values of form data are equal: primitives, arrays and plain objects as JSON holds
 * them (a quicker check than rjsf's `deepEquals`, which also tracks cycles, classes and dates).
 */
export function sameData(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a))
    return (
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((item, index) => sameData(item, b[index]))
    );
  if (!isPlainObject(a) || !isPlainObject(b)) return false;
  const keys = Object.keys(a);
  return (
    keys.length === Object.keys(b).length &&
    keys.every((key) => Object.hasOwn(b, key) && sameData(a[key], b[key]))
  );
}

const MANY = Symbol('many');

/**
 * The one property in which `after` differs from `before`: null when none does, MANY when more
 * than one does or a property went away.
 */
export function changedProperty(before: Data, after: Data): string | null | typeof MANY {
  let changed: string | null = null;
  let shared = 0;
  for (const key of Object.keys(after)) {
    const had = Object.hasOwn(before, key);
    if (had) shared += 1;
    if (had && sameData(before[key], after[key])) continue;
    if (changed !== null) return MANY;
    changed = key;
  }
  return shared === Object.keys(before).length ? changed : MANY;
}

interface Remembered {
  /** What rjsf was asked for last (a copy nobody else holds), and its answer (likewise). */
  input: Data;
  result: Data;
  includeUndefinedValues: boolean | 'excludeObjectChildren';
  initialDefaultsGenerated: boolean | undefined;
}

const remembering = new WeakSet<object>();

/**
 * Makes rjsf's schema utilities of a flat form remember their last answers, so a keystroke does
 * not run rjsf's default computation over every field of the form again.
 *
 * rjsf's `Form` calls `getDefaultFormState` for the whole form on every change (and
 * `retrieveSchema` for the root). For a flat form that is a field-by-field computation: a change
 * of one field to text or a number, in a field without options or defaults, leaves every other
 * field's answer as it was and keeps the typed value. So when the new data differs from the last
 * data asked about in exactly such a field, the last answer with that one value is the answer;
 * any other change (several fields, a list, a select, a cleared field, new flags) goes to rjsf.
 * The root of a flat form resolves to the same schema whatever the data, so `retrieveSchema`
 * for it hands back the first resolution (rjsf then sees an unchanged schema by identity).
 *
 * Copies keep what is remembered apart from the objects rjsf goes on to change.
 */
export function rememberFormState(schemaUtils: Utils): void {
  if (remembering.has(schemaUtils)) return;
  remembering.add(schemaUtils);
  const root = schemaUtils.getRootSchema();
  if (!isFlatRoot(root)) return;
  const properties = root.properties as Record<string, unknown>;

  const computeDefaults = schemaUtils.getDefaultFormState.bind(schemaUtils);
  let last: Remembered | undefined;
  schemaUtils.getDefaultFormState = (
    schema,
    formData,
    includeUndefinedValues = false,
    initialDefaultsGenerated,
  ) => {
    const remembered =
      schema === root &&
      last !== undefined &&
      isPlainObject(formData) &&
      last.includeUndefinedValues === includeUndefinedValues &&
      last.initialDefaultsGenerated === initialDefaultsGenerated
        ? last
        : undefined;
    if (remembered) {
      const changed = changedProperty(remembered.input, formData as Data);
      if (changed === null) return { ...remembered.result };
      if (changed !== MANY && keepsValue(properties[changed], (formData as Data)[changed])) {
        const result = { ...remembered.result, [changed]: (formData as Data)[changed] };
        last = { ...remembered, input: { ...(formData as Data) }, result };
        return { ...result };
      }
    }
    const result = computeDefaults(
      schema,
      formData,
      includeUndefinedValues,
      initialDefaultsGenerated,
    );
    if (schema === root && isPlainObject(formData) && isPlainObject(result))
      last = {
        input: structuredClone(formData),
        result: structuredClone(result),
        includeUndefinedValues,
        initialDefaultsGenerated,
      };
    return result;
  };

  const retrieveSchema = schemaUtils.retrieveSchema.bind(schemaUtils);
  const resolvedRoot = new Map<boolean, RJSFSchema>();
  schemaUtils.retrieveSchema = (schema, formData, resolveAnyOfOrOneOfRefs) => {
    if (schema !== root) return retrieveSchema(schema, formData, resolveAnyOfOrOneOfRefs);
    const key = Boolean(resolveAnyOfOrOneOfRefs);
    let resolved = resolvedRoot.get(key);
    if (!resolved) {
      resolved = retrieveSchema(schema, formData, resolveAnyOfOrOneOfRefs);
      resolvedRoot.set(key, resolved);
    }
    return resolved;
  };
}
