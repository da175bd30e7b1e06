/**
 * Waits for a quiet machine before a load is offered: after an overload (the open load of 300/s),
 * the server and PostgreSQL can go on working off what queued up after the client gave up, and a
 * run started then would measure that backlog, not the server. (Round nine: the API's 100/s run
 * right after its 300/s run skipped 360 sends and reached a p99 of 3.7 s, its second 100/s run
 * was clean; on that hour's slow machine the log could not tell the two causes apart.)
 */
import { readFileSync } from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** CPU time of the whole machine since boot, in clock ticks: busy and all. */
export interface CpuTimes {
  busy: number;
  total: number;
}

/** The machine's CPU times from the `cpu` line of /proc/stat (idle and iowait count as idle). */
export function parseCpuTimes(procStat: string): CpuTimes {
  const line = procStat.split('\n').find((entry) => entry.startsWith('cpu '));
  if (!line) throw new Error('/proc/stat ohne Zeile „cpu“');
  // user nice system idle iowait irq softirq steal (guest times are inside user and nice)
  const [user, nice, system, idle, iowait, irq, softirq, steal] = line
    .trim()
    .split(/\s+/)
    .slice(1, 9)
    .map(Number) as number[];
  const idleAll = idle! + iowait!;
  const total = user! + nice! + system! + idleAll + irq! + softirq! + steal!;
  return { busy: total - idleAll, total };
}

/** The share of the machine's CPU time that was busy between two readings (0 … 1). */
export function busyShare(before: CpuTimes, after: CpuTimes): number {
  const total = after.total - before.total;
  return total > 0 ? (after.busy - before.busy) / total : 0;
}

const readCpuTimes = () => parseCpuTimes(readFileSync('/proc/stat', 'utf8'));

/**
 * Resolves once the machine's CPU was less than `threshold` busy in two windows of `windowMs` in a
 * row, or after `limitMs`. Returns how long it waited and whether it got quiet.
 */
export async function untilQuiet({
  threshold = 0.2,
  windowMs = 250,
  limitMs = 30_000,
} = {}): Promise<{ waitedMs: number; quiet: boolean }> {
  const started = performance.now();
  let quietWindows = 0;
  let before = readCpuTimes();
  while (performance.now() - started < limitMs) {
    await sleep(windowMs);
    const after = readCpuTimes();
    quietWindows = busyShare(before, after) < threshold ? quietWindows + 1 : 0;
    before = after;
    if (quietWindows >= 2)
      return { waitedMs: Math.round(performance.now() - started), quiet: true };
  }
  return { waitedMs: Math.round(performance.now() - started), quiet: false };
}
