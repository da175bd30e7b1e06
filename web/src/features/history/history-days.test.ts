import { describe, expect, it } from 'vitest';
import { dayLabel, dayOf, groupByDay, timeOf } from './history-days.ts';

const words = { today: 'Heute', yesterday: 'Gestern' };

describe('the days of the history, in German time', () => {
  it('takes the calendar day in Germany, whatever the machine’s time zone', () => {
    expect(dayOf('2026-11-26T22:59:00Z')).toBe('2026-11-26');
    expect(dayOf('2026-11-26T23:30:00Z')).toBe('2026-11-27');
    // Summer time: two hours ahead.
    expect(dayOf('2026-07-01T22:30:00Z')).toBe('2026-07-02');
    expect(timeOf('2026-11-26T23:30:00Z')).toBe('00:30');
  });

  it('names today and yesterday, else weekday and date', () => {
    const now = Date.parse('2026-11-28T10:00:00Z');
    expect(dayLabel('2026-11-28', now, words)).toBe('Heute');
    expect(dayLabel('2026-11-27', now, words)).toBe('Gestern');
    expect(dayLabel('2026-11-26', now, words)).toBe('Donnerstag, 26. November 2026');
    // Across a month's end.
    expect(dayLabel('2026-11-30', Date.parse('2026-12-01T08:00:00Z'), words)).toBe('Gestern');
  });

  it('groups entries (newest first) into runs of one day, keeping their order', () => {
    const entries = [
      { id: 'a', at: '2026-11-28T09:00:00Z' },
      { id: 'b', at: '2026-11-27T23:30:00Z' },
      { id: 'c', at: '2026-11-27T10:00:00Z' },
      { id: 'd', at: '2026-11-26T10:00:00Z' },
    ];
    expect(
      groupByDay(entries).map(({ day, entries: ofDay }) => [day, ofDay.map((entry) => entry.id)]),
    ).toEqual([
      ['2026-11-28', ['a', 'b']],
      ['2026-11-27', ['c']],
      ['2026-11-26', ['d']],
    ]);
    expect(groupByDay([])).toEqual([]);
  });
});
