import { describe, expect, it } from 'vitest';
import { threadTimePerKey, type TraceEvent } from './typing-window.ts';

const main = { pid: 1, tid: 10 };
const other = { pid: 1, tid: 20 };
const task = (ts: number, dur: number, tdur: number, thread = main): TraceEvent => ({
  name: 'ThreadControllerImpl::RunTask',
  ph: 'X',
  ts,
  dur,
  tdur,
  ...thread,
});
const keydown = (ts: number): TraceEvent => ({
  name: 'EventDispatch',
  ph: 'X',
  ts,
  dur: 100,
  args: { data: { type: 'keydown' } },
  ...main,
});
const threadNames: TraceEvent[] = [
  { name: 'thread_name', ph: 'M', ts: 0, args: { name: 'CrRendererMain' }, ...main },
  { name: 'thread_name', ph: 'M', ts: 0, args: { name: 'Compositor' }, ...other },
];

describe('threadTimePerKey', () => {
  it('sums the main thread tasks from the keydown to the end of its latency', () => {
    const events = [
      ...threadNames,
      task(900, 2_000, 1_500), // holds the keydown dispatch
      keydown(1_000),
      task(3_000, 1_000, 800), // the frame
      task(4_500, 300, 200), // keyup, autofill …
      task(6_500, 500, 400), // after the window (latency 5 ms)
      task(3_000, 1_000, 900, other), // another thread
      task(20_900, 1_000, 700),
      keydown(21_000),
    ];
    expect(threadTimePerKey(events, [5, 2])).toEqual([2.5, 0.7]);
  });

  it('leaves out keys the probe did not report', () => {
    const events = [...threadNames, task(0, 500, 500), keydown(100), keydown(10_000)];
    expect(threadTimePerKey(events, [1])).toEqual([0.5]);
  });
});
