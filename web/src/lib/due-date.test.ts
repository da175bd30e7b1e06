import { describe, expect, it } from 'vitest';
import { isPast } from './due-date.ts';

describe('isPast', () => {
  // Local noon: the same calendar day in every time zone the tests may run in.
  const now = new Date(2026, 11, 4, 12, 0);

  it('is true for the days before today only', () => {
    expect(isPast('2026-12-03', now)).toBe(true);
    expect(isPast('2025-12-31', now)).toBe(true);
    expect(isPast('2026-12-04', now)).toBe(false);
    expect(isPast('2026-12-05', now)).toBe(false);
  });

  it('counts days by the local clock: just after midnight it is the new day', () => {
    expect(isPast('2026-12-03', new Date(2026, 11, 4, 0, 5))).toBe(true);
    expect(isPast('2026-12-04', new Date(2026, 11, 4, 23, 55))).toBe(false);
  });
});
