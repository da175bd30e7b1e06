import type { FormData } from './schema-form.tsx';

/** What rjsf puts into an untouched field (an array field's `[]`) counts as no answer. */
const isEmpty = (value: unknown) =>
  value === undefined ||
  value === '' ||
  (Array.isArray(value) && value.length === 0) ||
  (typeof value === 'object' && value !== null && Object.keys(value).length === 0);

/**
 * The answers as a string that is equal for equal answers, however they were built: keys in a
 * fixed order, empty values left out (the form fills them in when it opens, which is no change).
 * Runs on every keystroke: keys sort by code unit (any fixed order serves; `localeCompare` asks
 * the collator for each pair).
 */
export const answersKey = (data: FormData) =>
  JSON.stringify(
    Object.fromEntries(
      Object.entries(data)
        .filter(([, value]) => !isEmpty(value))
        .sort(([a], [b]) => (a < b ? -1 : 1)),
    ),
  );
