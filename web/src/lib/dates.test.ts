import { describe, expect, it } from 'vitest';
import { timeAgo } from './dates.ts';

describe('timeAgo', () => {
  const now = Date.parse('2026-11-23T12:00:00Z');
  const ago = (seconds: number) => timeAgo(new Date(now - seconds * 1000).toISOString(), now);

  it('says how long ago in German words, in whole units', () => {
    expect(ago(20)).toBe('jetzt');
    expect(ago(60)).toBe('vor 1 Minute');
    expect(ago(5 * 60 + 59)).toBe('vor 5 Minuten');
    expect(ago(2 * 3600 + 600)).toBe('vor 2 Stunden');
    expect(ago(26 * 3600)).toBe('gestern');
    expect(ago(3 * 24 * 3600)).toBe('vor 3 Tagen');
    expect(ago(15 * 24 * 3600)).toBe('vor 2 Wochen');
    expect(ago(70 * 24 * 3600)).toBe('vor 2 Monaten');
    expect(ago(400 * 24 * 3600)).toBe('letztes Jahr');
  });

  it('takes a moment ahead of the clock (another machine’s clock) as now', () => {
    expect(ago(-90)).toBe('jetzt');
  });
});
