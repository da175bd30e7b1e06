import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes dates in German long form (docs/product.md#konstanten-und-grenzen)', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21. November 2026');
    expect(formatDate(new Date('2026-03-01T12:00:00Z'))).toBe('1. März 2026');
  });

  it('uses German time, so a late-evening UTC time is already the next day', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('1. Januar 2027');
  });
});
