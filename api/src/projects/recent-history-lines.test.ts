import { describe, expect, it } from 'vitest';
import { historyLineKey, RecentHistoryLines } from './recent-history-lines.ts';

describe('RecentHistoryLines', () => {
  it('keeps a written line fresh for a minute, per project, person, step and entry', () => {
    let now = 1_000_000;
    const lines = new RecentHistoryLines(() => now);
    const key = historyLineKey('p', 'customer', 'frame', undefined);
    expect(lines.due(key)).toBe(true);
    // Not written yet (the save failed): still due.
    expect(lines.due(key)).toBe(true);
    lines.wrote(key);
    now += 59_000;
    expect(lines.due(key)).toBe(false);
    expect(lines.due(historyLineKey('p', 'customer', 'frame', 'i'))).toBe(true);
    expect(lines.due(historyLineKey('p', 'u1', 'frame', undefined))).toBe(true);
    expect(lines.due(historyLineKey('q', 'customer', 'frame', undefined))).toBe(true);
    now += 1_000;
    expect(lines.due(key)).toBe(true);
  });
});
