import { describe, expect, it } from 'vitest';
import { formatCalendarDate, formatDate } from './format-date.ts';

describe('formatDate', () => {
  it('writes dates in German long form (docs/product.md#konstanten-und-grenzen)', () => {
    expect(formatDate('2026-11-21T10:00:00Z')).toBe('21. November 2026');
    expect(formatDate(new Date('2026-03-01T12:00:00Z'))).toBe('1. März 2026');
  });

  it('uses German time, so a late-evening UTC time is already the next day', () => {
    expect(formatDate('2026-12-31T23:30:00Z')).toBe('1. Januar 2027');
  });
});

describe('formatDate against the browser’s own German formatter', () => {
  const intl = new Intl.DateTimeFormat('de-DE', { dateStyle: 'long', timeZone: 'Europe/Berlin' });

  it('agrees every half hour around each change of summer and winter time, 2024–2040', () => {
    for (let year = 2024; year <= 2040; year += 1) {
      for (const month of [2, 9]) {
        const lastDay = new Date(Date.UTC(year, month + 1, 0));
        const sunday = Date.UTC(year, month, lastDay.getUTCDate() - lastDay.getUTCDay());
        for (let at = sunday - 48 * 3_600_000; at <= sunday + 48 * 3_600_000; at += 1_800_000)
          expect(formatDate(at), new Date(at).toISOString()).toBe(intl.format(at));
      }
    }
  });

  it('agrees around every midnight of 2026 and 2027', () => {
    for (let day = Date.UTC(2026, 0, 1); day < Date.UTC(2028, 0, 1); day += 86_400_000)
      for (const hour of [-3, -2, -1, 0, 1, 12, 21, 22, 23])
        expect(formatDate(day + hour * 3_600_000)).toBe(intl.format(day + hour * 3_600_000));
  });
});

describe('formatCalendarDate', () => {
  it('writes a stored calendar date (`"format": "date"`) as the day it names', () => {
    expect(formatCalendarDate('2027-03-15')).toBe('15. März 2027');
    expect(formatCalendarDate('2027-12-31')).toBe('31. Dezember 2027');
    expect(formatCalendarDate('2028-01-01')).toBe('1. Januar 2028');
  });

  it('leaves a text that is no such date as it is', () => {
    expect(formatCalendarDate('15.03.2027')).toBe('15.03.2027');
    expect(formatCalendarDate('2027-13-01')).toBe('2027-13-01');
  });
});
