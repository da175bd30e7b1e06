import {
  createValidator,
  fieldLabel,
  schemaFields,
  toFieldErrors,
  type JsonSchema,
} from '@fragewerk/engine/core';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

/**
 * Messages name a field as the person reads it: „{field} ist ein Pflichtfeld“ with the label
 * above the field, or – where that label is a question („Um wen handelt es sich?“) – with the
 * `ui:errorLabel` the definition declares for it. Not with an internal schema title the form
 * never shows („Typ ist ein Pflichtfeld“). Browser and API build messages in the same code.
 */
const definition = await loadDefinitionFromDisk(undefined);
const validator = createValidator(definition);
const required = definition.messages.required!;
const REQUIRED = / ist ein Pflichtfeld$/u;

type Settings = Record<string, unknown>;

/** The schema title of a field in any branch of the step's schema. */
function schemaTitle(schema: JsonSchema, name: string): string | undefined {
  let found: string | undefined;
  const visit = (node: unknown) => {
    if (found || typeof node !== 'object' || node === null) return;
    const record = node as Settings;
    const property = (record.properties as Settings | undefined)?.[name] as Settings | undefined;
    if (typeof property?.title === 'string') found = property.title;
    for (const keyword of ['allOf', 'anyOf', 'oneOf'])
      if (Array.isArray(record[keyword])) (record[keyword] as unknown[]).forEach(visit);
    visit(record.then);
    visit(record.else);
  };
  visit(schema);
  return found;
}

/** The required message the shared code builds for a missing field. */
function requiredMessage(schema: JsonSchema, ui: Settings, name: string): string {
  const error = {
    keyword: 'required',
    instancePath: '',
    schemaPath: '#/required',
    params: { missingProperty: name },
  };
  return toFieldErrors(
    [error] as Parameters<typeof toFieldErrors>[0],
    schema,
    {},
    definition.messages,
    ui,
  )[name]![0]!;
}

const fields = definition.steps.flatMap((step) =>
  [...schemaFields(step.schema)]
    .filter((name) => {
      const settings = step.ui[name] as Settings | undefined;
      return settings?.['ui:widget'] !== 'hidden';
    })
    .map((name) => ({ step: step.meta.key, name, schema: step.schema, ui: step.ui })),
);

describe('error labels: messages name fields as the form shows them', () => {
  it('finds the fields of every step', () => {
    expect(new Set(fields.map((field) => field.step))).toEqual(
      new Set(definition.steps.map((step) => step.meta.key)),
    );
  });

  it.each(fields.map((field) => [`${field.step}.${field.name}`, field] as const))(
    '%s: the required message uses the visible label or the declared error label',
    (_, { schema, ui, name }) => {
      const settings = (ui[name] ?? {}) as Settings;
      const visible = (settings['ui:title'] as string | undefined) ?? schemaTitle(schema, name);
      const declared = settings['ui:errorLabel'] as string | undefined;
      const message = requiredMessage(schema, ui, name);
      expect(message).toMatch(REQUIRED);
      const label = message.replace(REQUIRED, '');
      expect([declared ?? visible]).toContain(label);
      expect(label).toBe(fieldLabel(schema, [name], ui));
      // A question or an unfinished phrase never stands in for a field's name.
      expect(label).not.toMatch(/\?|…/u);
      expect(message).toBe(required.replace('{field}', label));
    },
  );

  it('the validator names empty required fields the same way (browser and API share it)', () => {
    for (const step of definition.steps) {
      const result = validator(`step:${step.meta.key}`)({});
      if (result.valid) continue;
      for (const [name, messages] of Object.entries(result.errors)) {
        if (!REQUIRED.test(messages[0]!)) continue;
        expect(messages[0]).toBe(requiredMessage(step.schema, step.ui, name));
      }
    }
  });

  it('reads as an editor expects: the questions of Stakeholder and Ziele', () => {
    expect(validator('step:stakeholders')({ is_external: false, importance: 3 })).toEqual({
      valid: false,
      errors: {
        type: ['Stakeholder-Gruppe ist ein Pflichtfeld'],
        expectations: ['Erwartungen an Ihr Unternehmen ist ein Pflichtfeld'],
      },
    });
    expect(validator('step:goals')({ type: 'company', importance: 3 })).toEqual({
      valid: false,
      errors: {
        goal: ['Ziel ist ein Pflichtfeld'],
        goal_definition: ['Beschreibung ist ein Pflichtfeld'],
      },
    });
  });

  it('limits read with a thousands separator („5.000 Zeichen“)', () => {
    const result = validator('step:stakeholders')({
      is_external: false,
      type: 'management',
      importance: 3,
      expectations: 'x'.repeat(5001),
    });
    expect(result).toEqual({
      valid: false,
      errors: {
        expectations: ['Erwartungen an Ihr Unternehmen darf höchstens 5.000 Zeichen lang sein.'],
      },
    });
  });
});
