import type { RJSFSchema } from '@rjsf/utils';
import { createSchemaUtils } from '@rjsf/utils';
import validator from '@rjsf/validator-ajv8';
import { describe, expect, it, vi } from 'vitest';
import { loadDefinition } from '../core/index.ts';
import { FIXTURE_WIDGETS, readFixture } from '../core/test/fixture-catalogue.ts';
import {
  changedProperty,
  isFlatRoot,
  keepsValue,
  rememberFormState,
  sameData,
} from './form-state-memo.ts';

type Data = Record<string, unknown>;

const definition = loadDefinition(await readFixture(FIXTURE_WIDGETS));
const schemas: [string, RJSFSchema][] = [
  ...definition.steps.map((step): [string, RJSFSchema] => [
    `step ${step.meta.key}`,
    step.schema as RJSFSchema,
  ]),
  ...Object.entries(definition.forms).map(([name, schema]): [string, RJSFSchema] => [
    `form ${name}`,
    schema as RJSFSchema,
  ]),
];
/** A flat form whose fields rjsf does fill in or change: defaults, options, a list, a flag. */
const withDefaults: RJSFSchema = {
  type: 'object',
  required: ['flag', 'list'],
  properties: {
    text: { type: 'string' },
    count: { type: 'integer' },
    fixed: { type: 'string', default: 'Vorgabe' },
    choice: { type: 'string', enum: ['a', 'b'] },
    flag: { type: 'boolean' },
    list: { type: 'array', minItems: 2, items: { type: 'string', default: 'x' } },
    nested: { type: 'object', properties: { inner: { type: 'string', default: 'i' } } },
  },
};
schemas.push(['a form with defaults', withDefaults]);
const persona = definition.steps.find((step) => step.meta.key === 'people')!.schema as RJSFSchema;

/** The same schema utilities twice: rjsf's own, and remembering ones that count rjsf's runs. */
function utilsFor(schema: RJSFSchema) {
  const plain = createSchemaUtils(validator, schema);
  const remembering = createSchemaUtils(validator, schema);
  const computed = vi.spyOn(remembering, 'getDefaultFormState');
  rememberFormState(remembering);
  return { plain, remembering, computed };
}

/** A small deterministic random source, so a failing sequence can be run again. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) % 2147483648;
    return state / 2147483648;
  };
}

/** A value a person could give the field: typed on, picked, ticked, cleared, or out of the options. */
function nextValue(schema: RJSFSchema, old: unknown, next: () => number): unknown {
  const roll = next();
  if (roll < 0.1) return undefined;
  const options = (schema.enum ?? (schema.items as RJSFSchema | undefined)?.enum) as
    unknown[] | undefined;
  if (schema.type === 'array')
    return (
      options?.filter(() => next() < 0.3) ?? ['eins', 'zwei'].slice(0, 1 + (roll < 0.5 ? 1 : 0))
    );
  if (options) return roll < 0.2 ? 'nicht dabei' : options[Math.floor(next() * options.length)];
  if (schema.type === 'integer' || schema.type === 'number') return Math.floor(next() * 120);
  if (schema.type === 'boolean') return roll < 0.5;
  if (schema.type === 'object') return {};
  return `${typeof old === 'string' && roll < 0.9 ? old : ''}${'abc xyzäö'[Math.floor(next() * 9)]}`;
}

/**
 * One change as rjsf's `Form` makes it: a copy of the state with the field's new value, filled
 * in by `getDefaultFormState`, a cleared field cleared again afterwards.
 */
function change(
  utils: ReturnType<typeof createSchemaUtils>,
  state: Data,
  key: string,
  value: unknown,
) {
  const input = structuredClone(state);
  input[key] = value;
  const result = utils.getDefaultFormState(utils.getRootSchema(), input, false, true) as Data;
  if (value === undefined) result[key] = undefined;
  return result;
}

describe('rememberFormState', () => {
  it('tells flat forms from forms whose fields depend on each other', () => {
    expect(isFlatRoot(persona)).toBe(true);
    expect(isFlatRoot({ ...persona, if: { required: ['name'] } })).toBe(false);
    expect(isFlatRoot({ ...persona, additionalProperties: { type: 'string' } })).toBe(false);
    expect(isFlatRoot({ type: 'string' })).toBe(false);
  });

  it('keeps only typed text and numbers in fields without options or defaults', () => {
    expect(keepsValue({ type: 'string' }, 'Text')).toBe(true);
    expect(keepsValue({ type: 'integer' }, 42)).toBe(true);
    // An optional field that may be empty keeps its typed value just the same.
    expect(keepsValue({ type: ['string', 'null'] }, 'Text')).toBe(true);
    expect(keepsValue({ type: ['integer', 'null'] }, 3)).toBe(true);
    expect(keepsValue({ type: ['string', 'null'] }, 3)).toBe(false);
    expect(keepsValue({ type: ['string', 'integer'] }, 'Text')).toBe(false);
    expect(keepsValue({ type: ['string', 'null'], enum: ['a', null] }, 'a')).toBe(false);
    expect(keepsValue({ type: 'integer' }, Number.NaN)).toBe(false);
    expect(keepsValue({ type: 'string', enum: ['a'] }, 'a')).toBe(false);
    expect(keepsValue({ type: 'string', default: 'x' }, 'a')).toBe(false);
    expect(keepsValue({ type: 'string' }, undefined)).toBe(false);
    expect(keepsValue({ type: 'array' }, ['a'])).toBe(false);
  });

  it('compares form data as JSON holds it', () => {
    expect(sameData({ a: ['x', { b: 1 }] }, { a: ['x', { b: 1 }] })).toBe(true);
    expect(sameData({ a: ['x'] }, { a: ['x', 'y'] })).toBe(false);
    expect(sameData({ a: undefined }, {})).toBe(false);
    expect(sameData(['x'], { 0: 'x' })).toBe(false);
    expect(sameData(new Date(1), new Date(2))).toBe(false);
  });

  it('finds the one changed property', () => {
    expect(changedProperty({ a: 'x', b: ['y'] }, { a: 'x', b: ['y'] })).toBeNull();
    expect(changedProperty({ a: 'x', b: ['y'] }, { a: 'xy', b: ['y'] })).toBe('a');
    expect(changedProperty({ a: 'x' }, { a: 'x', b: 'new' })).toBe('b');
    expect(typeof changedProperty({ a: 'x', b: 'y' }, { a: 'x' })).toBe('symbol');
    expect(typeof changedProperty({ a: 'x', b: 'y' }, { a: 'z', b: 'w' })).toBe('symbol');
  });

  it.each(schemas)('answers as rjsf does in %s, change after change', (_name, schema) => {
    const { plain, remembering } = utilsFor(schema);
    const keys = Object.keys(schema.properties ?? {});
    const next = random(keys.length + 7);
    let expected = plain.getDefaultFormState(schema, {}) as Data;
    let actual = remembering.getDefaultFormState(schema, {}) as Data;
    expect(actual).toStrictEqual(expected);
    for (let step = 0; step < 400; step += 1) {
      // Mostly typing on in one field for a while, as a person does.
      const key = keys[Math.floor(step / 8 + next() * 1.2) % keys.length]!;
      const value = nextValue((schema.properties![key] ?? {}) as RJSFSchema, expected[key], next);
      expected = change(plain, expected, key, value);
      actual = change(remembering, actual, key, value);
      expect(actual, `step ${step}: ${key} = ${JSON.stringify(value)}`).toStrictEqual(expected);
    }
  });

  it('spares rjsf the whole form while a text field is typed into', () => {
    const { remembering, computed } = utilsFor(persona);
    let state = remembering.getDefaultFormState(persona, {}) as Data;
    for (const text of ['H', 'Ha', 'Han', 'Hand', 'Handw', 'Handwe'])
      state = change(remembering, state, 'name', text);
    expect(state.name).toBe('Handwe');
    // The start, the first letter (the data as the start left it) and then none.
    expect(computed).toHaveBeenCalledTimes(2);
    change(remembering, state, 'gender', 'weiblich');
    expect(computed).toHaveBeenCalledTimes(3);
  });

  it('spares rjsf the whole form while an optional (nullable) text field is typed into', () => {
    const optional: RJSFSchema = {
      type: 'object',
      properties: {
        note: { type: ['string', 'null'], maxLength: 500 },
        size: { type: ['integer', 'null'], minimum: 1 },
      },
    };
    const { plain, remembering, computed } = utilsFor(optional);
    let state = remembering.getDefaultFormState(optional, {}) as Data;
    let expected = plain.getDefaultFormState(optional, {}) as Data;
    for (const text of ['W', 'Wo', 'Woc', 'Woch', 'Woche']) {
      state = change(remembering, state, 'note', text);
      expected = change(plain, expected, 'note', text);
    }
    expect(state).toStrictEqual(expected);
    expect(computed).toHaveBeenCalledTimes(2);
    state = change(remembering, state, 'size', 3);
    expect(state).toStrictEqual(change(plain, expected, 'size', 3));
  });

  it("hands back the root's first resolution, and resolves other schemas as rjsf does", () => {
    const { plain, remembering } = utilsFor(persona);
    const first = remembering.retrieveSchema(persona, { name: 'A' });
    expect(remembering.retrieveSchema(persona, { name: 'B' })).toBe(first);
    expect(first).toStrictEqual(plain.retrieveSchema(persona, { name: 'B' }));
    const field = persona.properties!.name as RJSFSchema;
    expect(remembering.retrieveSchema(field, 'A')).toStrictEqual(plain.retrieveSchema(field, 'A'));
  });

  it('leaves forms whose fields depend on each other to rjsf', () => {
    const conditional: RJSFSchema = {
      type: 'object',
      properties: { a: { type: 'string' }, b: { type: 'string' } },
      if: { properties: { a: { const: 'x' } } },
      then: { properties: { b: { default: 'B' } } },
    };
    const { remembering, computed } = utilsFor(conditional);
    remembering.getDefaultFormState(conditional, { a: 'y' });
    expect(remembering.getDefaultFormState(conditional, { a: 'x' })).toStrictEqual({
      a: 'x',
      b: 'B',
    });
    expect(computed).toHaveBeenCalledTimes(2);
  });
});
