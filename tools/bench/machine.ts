/**
 * The machine's speed, without budget: two fixed workloads in the bench process, so that runs on
 * different days (a virtual machine's host changes) can be read side by side. Absolute times of
 * the other benchmarks scale with these; ratios and differences to the floor/baseline much less.
 * - JavaScript: 50 million steps of a xorshift generator (one optimised loop, no allocation);
 * - native code: SHA-256 over 64 MB.
 * The fastest of 15 repeats each, after 3 warm-ups (the JIT's tiers): what the machine can do,
 * as garbage collection and other processes only ever add time.
 */
import { createHash } from 'node:crypto';
import { cpus } from 'node:os';
import { round1, type Benchmark } from './support.ts';

const REPEATS = 15;
const WARM_UPS = 3;

function timed(work: () => void): number {
  for (let index = 0; index < WARM_UPS; index += 1) work();
  const times: number[] = [];
  for (let index = 0; index < REPEATS; index += 1) {
    const started = performance.now();
    work();
    times.push(performance.now() - started);
  }
  return round1(Math.min(...times));
}

export const machine: Benchmark = async () => {
  // A xorshift generator: integer arithmetic in one optimised loop, no calls, no allocation.
  let state = 1;
  const arithmetic = () => {
    let x = state;
    for (let index = 0; index < 50_000_000; index += 1) {
      x ^= x << 13;
      x ^= x >>> 17;
      x ^= x << 5;
    }
    state = x || 1;
  };
  const block = Buffer.alloc(1024 * 1024, 7);
  const hash = () => {
    const sha = createHash('sha256');
    for (let index = 0; index < 64; index += 1) sha.update(block);
    sha.digest();
  };
  return [
    { name: 'Machine: cores', value: cpus().length, unit: '', budget: '', ok: null },
    {
      name: 'Machine: JavaScript, 50 million xorshift steps',
      value: timed(arithmetic),
      unit: 'ms',
      budget: '',
      ok: null,
    },
    {
      name: 'Machine: native, SHA-256 of 64 MB',
      value: timed(hash),
      unit: 'ms',
      budget: '',
      ok: null,
    },
  ];
};
