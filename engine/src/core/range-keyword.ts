import type { KeywordDefinition } from 'ajv';
import { _ } from 'ajv/dist/2020.js';

/**
 * `"x-range": true` on an object `{ min, max }` (the `range` widget): where both sides are
 * numbers, `max` must not be below `min`. Ajv generates the check as code, so it runs in the
 * browser's precompiled standalone checks exactly as on the server. Its error stands at the range
 * itself; field-errors.ts words it („Budget: „bis“ darf nicht kleiner sein als „von“.“).
 */
export const rangeKeyword: KeywordDefinition = {
  keyword: 'x-range',
  type: 'object',
  schemaType: 'boolean',
  error: { message: 'max must not be below min' },
  code(context) {
    const { data, schema } = context;
    if (schema !== true) return;
    context.fail(
      _`typeof ${data}.min == "number" && typeof ${data}.max == "number" && ${data}.max < ${data}.min`,
    );
  },
};
