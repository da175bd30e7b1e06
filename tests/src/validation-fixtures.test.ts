import { readdirSync, readFileSync } from 'node:fs';
import { createValidator, validatorNames } from '@fragewerk/engine/core';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';

interface Fixture {
  validator: string;
  valid: unknown[];
  invalid: { data: unknown; errors: Record<string, string[]> }[];
}

const folder = new URL('../fixtures/validation/', import.meta.url);
const fixtures: Fixture[] = readdirSync(folder)
  .filter((file) => file.endsWith('.json'))
  .map((file) => JSON.parse(readFileSync(new URL(file, folder), 'utf8')) as Fixture);

const definition = await loadDefinitionFromDisk(undefined);
const validator = createValidator(definition);

describe('validation fixtures (shared by engine, API and browser tests)', () => {
  it('cover every step and form of the definition', () => {
    expect(fixtures.map((fixture) => fixture.validator).sort()).toEqual(
      validatorNames(definition).sort(),
    );
  });

  for (const fixture of fixtures) {
    describe(fixture.validator, () => {
      it.each(fixture.valid.map((data, index) => [index, data]))(
        'accepts valid example %i',
        (_, data) => {
          expect(validator(fixture.validator)(data)).toMatchObject({ valid: true });
        },
      );
      it.each(fixture.invalid.map((example, index) => [index, example]))(
        'rejects invalid example %i with exactly the German messages',
        (_, example) => {
          expect(validator(fixture.validator)(example.data)).toEqual({
            valid: false,
            errors: example.errors,
          });
        },
      );
    });
  }
});
