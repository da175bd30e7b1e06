import { describe, expect, it } from 'vitest';
import { addDays, berlinDate, dueRules, mainRule } from './reminder-rules.ts';
import { contactOfToken, unsubscribeKey, unsubscribeToken } from './unsubscribe-token.ts';

describe('reminder schedule', () => {
  it('counts days in Germany, across midnight and the clock change', () => {
    expect(berlinDate(new Date('2026-11-28T22:59:00Z'))).toBe('2026-11-28');
    expect(berlinDate(new Date('2026-11-28T23:00:00Z'))).toBe('2026-11-29');
    expect(berlinDate(new Date('2026-07-01T21:59:00Z'))).toBe('2026-07-01');
    expect(berlinDate(new Date('2026-07-01T22:00:00Z'))).toBe('2026-07-02');
    expect(addDays('2027-03-26', 3)).toBe('2027-03-29');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('fires each due rule in its window only', () => {
    // Worked on an hour before each round: the idle rule stays out.
    const rulesOn = (today: string) =>
      dueRules(today, '2026-12-10', new Date(`${today}T07:00:00Z`), new Date(`${today}T08:00:00Z`));
    expect(rulesOn('2026-12-02')).toEqual([]);
    expect(rulesOn('2026-12-03')).toEqual(['due-7:2026-12-10']);
    expect(rulesOn('2026-12-04')).toEqual(['due-7:2026-12-10']);
    expect(rulesOn('2026-12-05')).toEqual([]);
    expect(rulesOn('2026-12-08')).toEqual(['due-2:2026-12-10']);
    expect(rulesOn('2026-12-09')).toEqual(['due-2:2026-12-10']);
    expect(rulesOn('2026-12-10')).toEqual([]);
    expect(rulesOn('2026-12-11')).toEqual(['due+1:2026-12-10']);
    expect(rulesOn('2026-12-17')).toEqual(['due+1:2026-12-10']);
    expect(rulesOn('2026-12-18')).toEqual([]);
  });

  it('fires the idle rule five full days after the last activity, named by its day', () => {
    const last = new Date('2026-12-01T22:30:00Z'); // 23:30 in Berlin
    const at = (iso: string) => dueRules(berlinDate(new Date(iso)), null, last, new Date(iso));
    expect(at('2026-12-06T22:29:00Z')).toEqual([]);
    expect(at('2026-12-06T22:30:00Z')).toEqual(['idle:2026-12-01']);
    expect(mainRule(['idle:2026-12-01', 'due-2:2026-12-10'])).toBe('due-2:2026-12-10');
  });
});

describe('unsubscribe token', () => {
  const key = unsubscribeKey('geheim');
  const id = '0a1b2c3d-4e5f-4a6b-8c7d-9e0f1a2b3c4d';

  it('names its contact, and nothing once altered or under another key', () => {
    const token = unsubscribeToken(key, id);
    expect(token).toMatch(/^[0-9a-f]{32}[\w-]{43}$/);
    expect(contactOfToken(key, token)).toBe(id);
    expect(contactOfToken(unsubscribeKey('anderes'), token)).toBeUndefined();
    const other = `${'1'.repeat(32)}${token.slice(32)}`;
    expect(contactOfToken(key, other)).toBeUndefined();
    expect(
      contactOfToken(key, `${token.slice(0, -1)}${token.endsWith('x') ? 'y' : 'x'}`),
    ).toBeUndefined();
    expect(contactOfToken(key, '')).toBeUndefined();
  });
});
