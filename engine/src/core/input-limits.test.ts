import { describe, expect, it } from 'vitest';
import { createValidator } from './create-validator.ts';
import { inputProblems, MAX_DEPTH } from './input-limits.ts';
import { FIXTURE_WIDGETS, loadFixture } from './test/fixture-catalogue.ts';

const validate = createValidator(await loadFixture(FIXTURE_WIDGETS))('step:contacts');

describe('input limits', () => {
  it('refuses NUL and lone surrogates with a German message at the field', () => {
    const base = { is_external: false, type: 'management', importance: 3 };
    expect(validate({ ...base, expectations: 'a\u0000b' })).toEqual({
      valid: false,
      errors: {
        expectations: ['Erwartungen enthält Zeichen, die nicht gespeichert werden können.'],
      },
    });
    expect(validate({ ...base, expectations: 'a\ud800' })).toMatchObject({ valid: false });
    expect(validate({ ...base, expectations: 'Emoji 😀 ok' })).toMatchObject({ valid: true });
  });

  it('refuses deep nesting without walking it recursively', () => {
    let deep: unknown = 'x';
    for (let level = 0; level < 100_000; level += 1) deep = [deep];
    expect(validate({ expectations: deep })).toEqual({
      valid: false,
      errors: { expectations: ['Erwartungen ist zu tief verschachtelt.'] },
    });
  });

  it('accepts nesting up to the limit', () => {
    let nested: unknown = 'x';
    for (let level = 1; level < MAX_DEPTH; level += 1) nested = [nested];
    expect(inputProblems({ field: nested })).toEqual([]);
  });

  it('finds bad keys too', () => {
    expect(inputProblems({ ['a\u0000']: 1 })).toEqual([{ path: ['a\u0000'], kind: 'characters' }]);
  });
});
