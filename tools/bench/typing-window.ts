/**
 * Main-thread time per keystroke inside the typing latency window, from a Chromium trace. The
 * latency ends with the probe's message, posted from requestAnimationFrame, so every task queued
 * before it runs inside the window: the key events, the frame, `keyup`, Chromium's autofill
 * reading the form, the `selectionchange` dispatch. Their thread time (CPU, not wall time) sums to
 * a figure steadier than the latency, whose single runs move by a millisecond or two with the
 * frame's phase and the throttling (docs/benchmarks-history.md, "Typing, round seven").
 */
import type { CDPSession } from 'playwright-core';

export interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  /** Microseconds. */
  ts: number;
  dur?: number;
  /** Thread time, microseconds. */
  tdur?: number;
  args?: { name?: string; data?: { type?: string } };
}

const CATEGORIES = 'toplevel,devtools.timeline';

/** Starts a trace of the page's renderer; `stop` returns its events. */
export async function startTrace(cdp: CDPSession) {
  const events: TraceEvent[] = [];
  const collect = (data: { value: object[] }) => events.push(...(data.value as TraceEvent[]));
  cdp.on('Tracing.dataCollected', collect);
  await cdp.send('Tracing.start', { categories: CATEGORIES, transferMode: 'ReportEvents' });
  return {
    async stop(): Promise<TraceEvent[]> {
      const complete = new Promise<void>((resolve) =>
        cdp.once('Tracing.tracingComplete', () => resolve()),
      );
      await cdp.send('Tracing.end');
      await complete;
      cdp.off('Tracing.dataCollected', collect);
      return events;
    },
  };
}

/**
 * Per keystroke, in ms: the thread time of the renderer main thread's tasks that overlap the
 * window from the key's `keydown` dispatch to the end of its latency (the probe's figures, in
 * the order typed).
 */
export function threadTimePerKey(events: TraceEvent[], latencies: number[]): number[] {
  const mainThreads = new Set(
    events
      .filter((event) => event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  const onMain = events.filter((event) => mainThreads.has(`${event.pid}:${event.tid}`));
  const tasks = onMain.filter(
    (event) => event.ph === 'X' && event.name === 'ThreadControllerImpl::RunTask',
  );
  const keydowns = onMain
    .filter((event) => event.name === 'EventDispatch' && event.args?.data?.type === 'keydown')
    .sort((a, b) => a.ts - b.ts);
  return keydowns.slice(0, latencies.length).map((keydown, index) => {
    const end = keydown.ts + latencies[index]! * 1000;
    const inside = tasks.filter((task) => task.ts < end && task.ts + (task.dur ?? 0) > keydown.ts);
    return inside.reduce((sum, task) => sum + (task.tdur ?? 0), 0) / 1000;
  });
}
