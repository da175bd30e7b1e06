import type { Forms } from '@fragewerk/schemas/types';
import type { ErrorObject } from 'ajv';
import type { Definition, JsonSchema, UiSchema } from './definition-types.ts';
import { fieldLabel, toFieldErrors, type FieldErrors } from './field-errors.ts';
import { inputProblems } from './input-limits.ts';
import { isObject } from './is-object.ts';
import { normalizeInput } from './normalize-input.ts';

/** A compiled schema check: Ajv's compiled or standalone function (true/false plus `errors`). */
export interface SchemaCheck {
  (data: unknown): boolean;
  errors?: ErrorObject[] | null;
}

/**
 * Every check the product needs, by name: one per step (`step:<key>`) and form (`form:<name>`),
 * and one per `if` condition (by {@link schemaKey}), which rjsf asks about to choose branches.
 * The server builds them as Ajv standalone code; Node and tests may compile them instead.
 */
export interface CompiledChecks {
  validators: Record<string, SchemaCheck>;
  conditions: Record<string, SchemaCheck>;
}

/** A valid result carries the normalised value, which is what gets stored. */
export type ValidationResult<T = unknown> =
  { valid: true; value: T } | { valid: false; errors: FieldErrors };

/** Validates one kind of document: a step (`step:<key>`) or a form (`form:<name>`). */
export type Validate<T = unknown> = (data: unknown) => ValidationResult<T>;

/** The name of a form of `schemas/forms/` (`account`, `new-project`, …). */
export type FormName = keyof Forms;

/**
 * The validators by name. A form's value has the type generated from its schema, as the code
 * that stores it names its fields; a step's value stays generic, as the engine handles every
 * step alike.
 */
export interface Validators {
  <K extends FormName>(name: `form:${K}`): Validate<Forms[K]>;
  (name: string): Validate;
}

/** The schema of a step or form by its validator name, or undefined. */
export function schemaFor(definition: Definition, name: string): JsonSchema | undefined {
  const [kind, key] = name.split(':');
  if (kind === 'step') return definition.steps.find((step) => step.meta.key === key)?.schema;
  if (kind === 'form' && key && Object.hasOwn(definition.forms, key)) return definition.forms[key];
  return undefined;
}

/** The ui.json of a step by its validator name (forms have none). */
export function uiFor(definition: Definition, name: string): UiSchema | undefined {
  const [kind, key] = name.split(':');
  if (kind !== 'step') return undefined;
  return definition.steps.find((step) => step.meta.key === key)?.ui;
}

/** Every validator name the definition provides. */
export function validatorNames(definition: Definition): string[] {
  return [
    ...definition.steps.map((step) => `step:${step.meta.key}`),
    ...Object.keys(definition.forms).map((name) => `form:${name}`),
  ];
}

/** A short, stable key of a schema (FNV-1a of its JSON), the same in Node and the browser. */
export function schemaKey(schema: unknown): string {
  const text = JSON.stringify(schema);
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index += 1) {
    hash ^= text.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `${hash.toString(16).padStart(8, '0')}${text.length.toString(16)}`;
}

/** Every `if` sub-schema of the definition's schemas, by {@link schemaKey}. */
export function conditionSchemas(definition: Definition): Record<string, JsonSchema> {
  const found: Record<string, JsonSchema> = {};
  const visit = (node: unknown) => {
    if (Array.isArray(node)) return node.forEach(visit);
    if (!isObject(node)) return;
    if (isObject(node.if)) found[schemaKey(node.if)] = node.if;
    Object.values(node).forEach(visit);
  };
  for (const name of validatorNames(definition)) visit(schemaFor(definition, name));
  return found;
}

/**
 * Validators with German messages per field from compiled checks: input limits first, then
 * normalisation (trimmed texts), then the schema. The API's 422 and the browser say the same.
 */
export function validatorFromChecks(definition: Definition, checks: CompiledChecks): Validators {
  const cache = new Map<string, Validate>();
  // The schema check is what makes a form's value its generated type (see `Validators`).
  return ((name: string): Validate => {
    let validate = cache.get(name);
    if (validate) return validate;
    const schema = schemaFor(definition, name);
    const ui = uiFor(definition, name);
    const check = Object.hasOwn(checks.validators, name) ? checks.validators[name] : undefined;
    if (!schema || !check) throw new Error(`Unbekannter Validator: ${name}`);
    validate = (input) => {
      const problems = inputProblems(input);
      if (problems.length > 0) {
        const errors: FieldErrors = Object.fromEntries(
          problems.map(({ path, kind }) => [
            path.join('.'),
            [definition.messages[kind]!.replace('{field}', fieldLabel(schema, path, ui))],
          ]),
        );
        return { valid: false, errors };
      }
      const value = normalizeInput(schema, input);
      return check(value)
        ? { valid: true, value }
        : {
            valid: false,
            errors: toFieldErrors(check.errors, schema, value, definition.messages, ui),
          };
    };
    cache.set(name, validate);
    return validate;
  }) as Validators;
}
