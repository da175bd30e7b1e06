import { afterEach, describe, expect, it, vi } from 'vitest';
import { releaseStartMemory } from './release-start-memory.ts';

describe('releaseStartMemory', () => {
  const global = globalThis as { gc?: unknown };
  const exposed = global.gc;
  afterEach(() => {
    global.gc = exposed;
  });

  it("asks node's exposed collector for one synchronous, memory-reducing full collection", () => {
    const gc = vi.fn();
    global.gc = gc;
    releaseStartMemory();
    expect(gc).toHaveBeenCalledExactlyOnceWith({
      type: 'major',
      execution: 'sync',
      flavor: 'last-resort',
    });
  });

  it('does nothing when node runs without --expose-gc', () => {
    delete global.gc;
    expect(() => releaseStartMemory()).not.toThrow();
  });
});
