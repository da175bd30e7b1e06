import { describe, expect, it } from 'vitest';
import type { RJSFSchema } from '@rjsf/utils';
import { createSchemaUtils } from '@rjsf/utils';
import { rjsfRootSchema } from './rjsf-root-schema.ts';
import { testDefinition } from './test/render.tsx';

const DIALECT = 'https://json-schema.org/draft/2020-12/schema';

describe('rjsfRootSchema', () => {
  it('hands rjsf a schema without references without its dialect, so rjsf keeps it as it is', () => {
    const schema: RJSFSchema = {
      $schema: DIALECT,
      type: 'object',
      properties: { name: { type: 'string', enum: ['a', 'b'] } },
    };
    const root = rjsfRootSchema(schema);
    expect(root).toEqual({
      type: 'object',
      properties: { name: { type: 'string', enum: ['a', 'b'] } },
    });
    expect(root.properties).toBe(schema.properties);
    expect(schema.$schema).toBe(DIALECT);
  });

  it('keeps the dialect where a $ref needs it resolved', () => {
    const schema: RJSFSchema = {
      $schema: DIALECT,
      type: 'object',
      $defs: { text: { type: 'string' } },
      properties: { list: { type: 'array', items: [{ $ref: '#/$defs/text' }] } },
    };
    expect(rjsfRootSchema(schema)).toBe(schema);
  });

  it("gives every step's schema to rjsf's utilities as it is, so a change does not compare copies", () => {
    const validator = { isValid: () => true } as never;
    for (const step of testDefinition.steps) {
      const root = rjsfRootSchema(step.schema as RJSFSchema);
      const utils = createSchemaUtils(validator, root);
      expect(utils.getRootSchema(), step.meta.key).toBe(root);
      expect(utils.doesSchemaUtilsDiffer(validator, root), step.meta.key).toBe(false);
    }
  });

  it('leaves a schema without a dialect as it is', () => {
    const schema: RJSFSchema = { type: 'string' };
    expect(rjsfRootSchema(schema)).toBe(schema);
  });
});
