import Ajv2020, { type Options } from 'ajv/dist/2020.js';
import addFormats from 'ajv-formats';
import ajvErrors from 'ajv-errors';
import { rangeKeyword } from './range-keyword.ts';

/**
 * Keywords of our definition format that Ajv should accept as annotations (`x-range` is a rule
 * of its own, {@link rangeKeyword}).
 */
export const DEFINITION_KEYWORDS = [
  'x-presets',
  'x-custom',
  'x-preset-properties',
  'x-poles',
  'x-normalize',
  'x-unit',
] as const;

/**
 * For schemas that are not checked against the meta-schema again: our own (meta-schemas,
 * configuration) and a loaded definition's (`loadDefinition` compiled each with the check).
 */
export const TRUSTED_SCHEMAS: Options = { validateSchema: false };

/** The Ajv options every validator of Fragewerk uses, in the API and in the browser alike. */
export const AJV_OPTIONS: Options = {
  allErrors: true,
  $data: true,
  strict: true,
  // `if` blocks that only look at `properties` are idiomatic in our schemas.
  strictTypes: false,
  strictRequired: false,
  messages: true,
};

/**
 * Builds the one Ajv instance shape (docs/architecture.md#validierung): 2020-12, formats,
 * ajv-errors, our keywords (annotations and the `x-range` rule). Where every schema it compiles passed that check before or is our
 * own, pass {@link TRUSTED_SCHEMAS}: an instance that checks schemas against the JSON Schema
 * meta-schema costs ~70 ms to create (each of them, at every server start).
 */
export function createAjv(options: Options = {}): Ajv2020 {
  const ajv = new Ajv2020({ ...AJV_OPTIONS, ...options });
  addFormats(ajv, ['email', 'uri', 'date', 'date-time']);
  ajvErrors(ajv);
  ajv.addVocabulary([...DEFINITION_KEYWORDS]);
  ajv.addKeyword(rangeKeyword);
  return ajv;
}
