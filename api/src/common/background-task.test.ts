import { AsyncLocalStorage } from 'node:async_hooks';
import { describe, expect, it } from 'vitest';
import { BackgroundTask } from './background-task.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('BackgroundTask', () => {
  it('runs one at a time, also when asked while running', async () => {
    let running = 0;
    let most = 0;
    let runs = 0;
    const task = new BackgroundTask(
      async () => {
        running += 1;
        most = Math.max(most, running);
        await sleep(20);
        running -= 1;
        runs += 1;
      },
      60_000,
      () => {},
    );
    await Promise.all([task.runNow(), task.runNow(), task.runNow()]);
    expect(runs).toBe(3);
    expect(most).toBe(1);
    await task.stop(100);
  });

  it('keeps going after an error, and stops waiting for the current run at most the grace time', async () => {
    const errors: unknown[] = [];
    let calls = 0;
    const task = new BackgroundTask(
      async () => {
        calls += 1;
        if (calls === 1) throw new Error('kaputt');
        await sleep(1000);
      },
      60_000,
      (error) => errors.push(error),
    );
    await task.runNow();
    expect(errors).toHaveLength(1);
    void task.runNow();
    const started = Date.now();
    await task.stop(50);
    expect(Date.now() - started).toBeLessThan(500);
    expect(task.isStopped).toBe(true);
  });

  it('does not carry the context of the request that woke it', async () => {
    const request = new AsyncLocalStorage<string>();
    const seen: (string | undefined)[] = [];
    const task = new BackgroundTask(
      async () => void seen.push(request.getStore()),
      60_000,
      () => {},
    );
    request.run('POST /register', () => task.soon());
    await sleep(30);
    expect(seen).toEqual([undefined]);
    await task.stop(100);
  });
});
