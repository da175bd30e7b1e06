/**
 * The results prose's templates, resolved and compiled once per key and variant instead of
 * through i18next's `t()` per sentence. `t()` tries up to eight keys with context and plural
 * suffixes, copies its options and runs its interpolation regexps for every sentence: ~30 % of
 * the results view's render (~170 cards, ~25 ms of its scripting in the CPU profile). What is
 * compiled here gives exactly what i18next 27 gives for the features the prose uses — context,
 * plurals, `{{name}}` and `{{name, list}}` —; for anything else (nesting, other formatters,
 * deep variable paths, values whose names are i18next options) the renderer still asks i18next.
 * `prose-templates.test.ts` compares both.
 */

/** What i18next writes for a value: `String(value)`, nothing for null and undefined. */
type ListFormat = (value: unknown) => string;

/**
 * Names of `t()` options. The prose passes its values in the same object as the options, so a
 * value of such a name would change the lookup or the interpolation: those calls go to i18next.
 */
const I18NEXT_OPTIONS = new Set([
  'appendNamespaceToCIMode',
  'applyPostProcessor',
  'context',
  'count',
  'defaultValue',
  'fallbackLng',
  'formatParams',
  'interpolation',
  'interpolationkey',
  'joinArrays',
  'keySeparator',
  'lng',
  'lngs',
  'locale',
  'missingInterpolationHandler',
  'nest',
  'ns',
  'nsSeparator',
  'ordinal',
  'postProcess',
  'replace',
  'returnDetails',
  'returnObjects',
  'skipInterpolation',
]);

/** True when a value's name would be read as an option of `t()` (see I18NEXT_OPTIONS). */
export function isI18nextOption(name: string): boolean {
  return I18NEXT_OPTIONS.has(name) || name.startsWith('defaultValue');
}

/** True when any value of `values` has the name of a `t()` option. */
export function hasI18nextOption(values: Record<string, unknown>): boolean {
  for (const name in values) if (isI18nextOption(name)) return true;
  return false;
}

/** The variant of a key a sentence needs: its plural category and its context. */
export interface Variant {
  /** i18next's plural suffix for the count, e.g. `_one` (`_` and the `Intl.PluralRules` category). */
  plural?: string;
  /** The count is 0: i18next also tries the `_zero` keys. */
  zero?: boolean;
  /** The context, e.g. `female`; i18next ignores an empty one. */
  context?: string;
}

/** The keys i18next tries for `key` and a variant, the first found wins (`Translator.resolve`). */
export function lookupKeys(key: string, { plural, zero = false, context }: Variant): string[] {
  const keys = [key];
  if (plural !== undefined) {
    keys.push(key + plural);
    if (zero) keys.push(`${key}_zero`);
  }
  if (context) {
    const contextKey = `${key}_${context}`;
    keys.push(contextKey);
    if (plural !== undefined) {
      keys.push(contextKey + plural);
      if (zero) keys.push(`${contextKey}_zero`);
    }
  }
  if (plural !== undefined && plural !== '_other') {
    if (context) keys.unshift(`${key}_${context}_other`);
    keys.unshift(`${key}_other`);
  }
  return keys.reverse();
}

/**
 * The resource at a dotted key path of a namespace, as i18next's `getPath` finds it (own
 * properties only, nothing below a string).
 */
export function resourceAt(namespace: unknown, key: string): unknown {
  let node = namespace;
  for (const part of key.split('.')) {
    if (!node || typeof node !== 'object' || !Object.hasOwn(node, part)) return undefined;
    node = (node as Record<string, unknown>)[part];
  }
  return node;
}

/**
 * True when a key of the resources contains a dot. i18next then also finds flat keys like
 * `"item.title"` where the nested lookup failed (`deepFind`), which `resourceAt` does not.
 */
export function hasDottedKeys(node: unknown): boolean {
  if (!node || typeof node !== 'object') return false;
  for (const [name, value] of Object.entries(node))
    if (name.includes('.') || hasDottedKeys(value)) return true;
  return false;
}

/** i18next finds a key when its resource is neither missing, null nor empty (its defaults). */
export function isFound(resource: unknown): boolean {
  return resource !== undefined && resource !== null && resource !== '';
}

/** A template split into its text and its variables. */
type Part = string | { name: string; list: boolean; placeholder: string };

/** A compiled template: the sentence for the values, as i18next's interpolation writes it. */
export type CompiledTemplate = (values: Record<string, unknown>, list: ListFormat) => string;

/** i18next's interpolation pattern (default prefix and suffix). */
const PLACEHOLDER = /\{\{(.+?)\}\}/g;

/** A variable of a placeholder (`name` or `name, list`); undefined for what i18next does more with. */
function variableOf(inner: string): { name: string; list: boolean } | undefined {
  const trimmed = inner.trim();
  const comma = trimmed.indexOf(',');
  const name = (comma < 0 ? trimmed : trimmed.slice(0, comma)).trim();
  const format = comma < 0 ? undefined : trimmed.slice(comma + 1).trim();
  // A dot is a path into the values, an option name reads the options: both stay with i18next.
  if (!name || name.includes('.') || isI18nextOption(name)) return undefined;
  if (format !== undefined && format.toLowerCase() !== 'list') return undefined;
  return { name, list: format !== undefined };
}

/**
 * Compiles a template of `{{name}}` and `{{name, list}}` placeholders; undefined for a template
 * with anything else i18next would treat specially (unescaped `{{- …}}`, nesting `$t(…)`, other
 * formatters, paths). With i18next's `skipOnVariables` (its default), inserted values are not
 * read again, so one pass from left to right writes what i18next writes.
 */
export function compileTemplate(template: string): CompiledTemplate | undefined {
  if (template.includes('{{-') || template.includes('$t(')) return undefined;
  const parts: Part[] = [];
  let last = 0;
  for (const match of template.matchAll(PLACEHOLDER)) {
    const variable = variableOf(match[1]!);
    // i18next stops after 1,000 replacements (`maxReplaces`).
    if (!variable || parts.length >= 1000) return undefined;
    if (match.index > last) parts.push(template.slice(last, match.index));
    parts.push({ ...variable, placeholder: match[0] });
    last = match.index + match[0].length;
  }
  if (last < template.length) parts.push(template.slice(last));
  return (values, list) => {
    let text = '';
    for (const part of parts) {
      if (typeof part === 'string') {
        text += part;
        continue;
      }
      const value = Object.hasOwn(values, part.name) ? values[part.name] : undefined;
      if (value === undefined) {
        // i18next: an option given as undefined writes nothing; a missing one keeps the
        // placeholder. It checks the whole placeholder text, so `{{name, list}}` is kept.
        text += !part.list && Object.hasOwn(values, part.name) ? '' : part.placeholder;
      } else if (value === null) text += '';
      else if (part.list) text += list(value);
      else text += typeof value === 'string' ? value : String(value);
    }
    return text;
  };
}
