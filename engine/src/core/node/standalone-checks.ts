import { fileURLToPath } from 'node:url';
import { _ } from 'ajv';
import standaloneCode from 'ajv/dist/standalone/index.js';
import { createAjv, TRUSTED_SCHEMAS } from '../create-ajv.ts';
import type { Definition, JsonSchema } from '../definition-types.ts';
import { lengthBeforePattern } from '../length-before-pattern.ts';
import {
  type CompiledChecks,
  conditionSchemas,
  schemaFor,
  validatorNames,
} from '../validator-runtime.ts';

/**
 * Where the standalone code finds the formats that are functions (`date`, `uri`; a pattern
 * format such as `email` is written into the code). ajv-formats names the same module itself, but
 * with the `_` of its own copy of Ajv, which the engine's Ajv does not take for code and writes
 * out as an object: every date or URI check would throw in the browser.
 */
const FORMATS_CODE = _`require("ajv-formats/dist/formats").fullFormats`;

/**
 * Every check of the definition as one self-contained ES module of Ajv standalone code
 * (`export const checks = {validators, conditions}`), for the browser: it validates with exactly
 * the server's schemas but never compiles (no Ajv compiler shipped, no `unsafe-eval`).
 */
export async function standaloneChecksModule(definition: Definition): Promise<string> {
  return (await standaloneChecks(definition)).module;
}

/**
 * The browser's checks module (see {@link standaloneChecksModule}) and the same checks compiled
 * for this process, from one compile: the server's start needs both (~0.2 s less than compiling
 * twice, BENCHMARKS.md, start).
 */
export async function standaloneChecks(
  definition: Definition,
): Promise<{ module: string; compiled: CompiledChecks }> {
  const ajv = createAjv({
    ...TRUSTED_SCHEMAS,
    code: { source: true, esm: true, lines: false, optimize: true, formats: FORMATS_CODE },
  });
  const exports: Record<string, string> = {};
  const names: { validators: Record<string, string>; conditions: Record<string, string> } = {
    validators: {},
    conditions: {},
  };
  let counter = 0;
  const add = (group: 'validators' | 'conditions', key: string, schema: JsonSchema) => {
    const id = `check${counter++}`;
    // Lengths before patterns, as in `compileChecks`: the browser's checks are the server's.
    ajv.addSchema(lengthBeforePattern(schema), id);
    exports[id] = id;
    names[group][key] = id;
  };
  for (const name of validatorNames(definition))
    add('validators', name, schemaFor(definition, name)!);
  for (const [key, schema] of Object.entries(conditionSchemas(definition)))
    add('conditions', key, schema);

  // Compiles every check; the compiled functions stay in `ajv` for `compiled` below.
  const code = standaloneCode(ajv, exports);
  const compiledGroup = (group: Record<string, string>) =>
    Object.fromEntries(Object.entries(group).map(([key, id]) => [key, ajv.getSchema(id)!]));
  const compiled = {
    validators: compiledGroup(names.validators),
    conditions: compiledGroup(names.conditions),
  };
  const table = (group: Record<string, string>) =>
    `{${Object.entries(group)
      .map(([key, id]) => `${JSON.stringify(key)}: ${id}`)
      .join(', ')}}`;
  const entry = `${code}\nexport const checks = { validators: ${table(names.validators)}, conditions: ${table(names.conditions)} };\n`;
  // Loaded on use: esbuild is a build tool the rest of this module's importers never need.
  const { build } = await import('esbuild');
  const result = await build({
    // Ajv's runtime helpers (formats, deep equality) resolve from the engine's own dependencies.
    stdin: {
      contents: entry,
      resolveDir: fileURLToPath(new URL('../../..', import.meta.url).href),
      loader: 'js',
      sourcefile: 'checks.js',
    },
    bundle: true,
    format: 'esm',
    minify: true,
    write: false,
    platform: 'browser',
    target: 'es2022',
    legalComments: 'none',
  });
  return { module: result.outputFiles[0]!.text, compiled };
}
