import { describe, expect, it } from 'vitest';
import { normalizeInput } from './normalize-input.ts';

const schema = {
  type: 'object',
  properties: {
    name: { type: 'string' },
    tags: { type: 'array', items: { type: 'string' } },
    password: { type: 'string', writeOnly: true },
  },
};

describe('normalizeInput', () => {
  it('removes every bidirectional control character, also nested, then trims', () => {
    const controls = '\u202A\u202B\u202C\u202D\u202E\u2066\u2067\u2068\u2069\u200E\u200F\u061C';
    expect(
      normalizeInput(schema, {
        name: ` \u202EAb${controls}c `,
        tags: [`\u2067x\u2069`, 'y'],
      }),
    ).toEqual({ name: 'Abc', tags: ['x', 'y'] });
  });

  it('keeps other invisible characters that German text uses (soft hyphen, zero-width joiner)', () => {
    expect(normalizeInput(schema, { name: 'Tisch\u00ADlerei\u200D' })).toEqual({
      name: 'Tisch\u00ADlerei\u200D',
    });
  });

  it('completes website addresses only in fields the schema marks "x-normalize": "url"', () => {
    const marked = {
      type: 'object',
      properties: {
        url: { type: ['string', 'null'], 'x-normalize': 'url' },
        name: { type: 'string' },
      },
    };
    expect(normalizeInput(marked, { url: ' www.backhaus-krause.de ', name: 'www.b.de' })).toEqual({
      url: 'https://www.backhaus-krause.de',
      name: 'www.b.de',
    });
    expect(normalizeInput(marked, { url: null })).toEqual({ url: null });
    expect(normalizeInput(marked, { url: '' })).toEqual({ url: '' });
    expect(normalizeInput(schema, { name: 'www.backhaus-krause.de' })).toEqual({
      name: 'www.backhaus-krause.de',
    });
  });

  it('leaves passwords exactly as typed', () => {
    expect(normalizeInput(schema, { password: ' \u202Egeheim ' })).toEqual({
      password: ' \u202Egeheim ',
    });
  });
});
