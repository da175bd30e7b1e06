/**
 * The benchmarks' statistics: median, mean and percentile of a sample; a seeded generator (the
 * typing benchmark's pauses); and how far a difference of two samples' statistics can move by
 * chance, as a percentile bootstrap.
 * The typing benchmark's median − floor rests on 200 keys per page, each waiting a random part
 * of a frame (0–17 ms); the interval says whether a run's figure is clear of its budget or could
 * have fallen on either side of it.
 */

export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
}

export const mean = (values: number[]): number =>
  values.length === 0 ? Number.NaN : values.reduce((sum, value) => sum + value, 0) / values.length;

/** Nearest-rank percentile (p in 0…100). */
export function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[
    Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))
  ]!;
}

/** A small seeded generator (mulberry32): the same seed, the same sequence, run after run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const resample = (values: number[], random: () => number) =>
  values.map(() => values[Math.floor(random() * values.length)]!);

/**
 * The central 90 % of `statistic(a) − statistic(b)` over 2,000 resamplings of both samples
 * (each drawn with replacement, to its own size).
 */
export function differenceInterval(
  a: number[],
  b: number[],
  statistic: (values: number[]) => number,
  { resamplings = 2000, seed = 17 } = {},
): [low: number, high: number] {
  const random = seededRandom(seed);
  const differences = Array.from(
    { length: resamplings },
    () => statistic(resample(a, random)) - statistic(resample(b, random)),
  ).sort((x, y) => x - y);
  return [
    differences[Math.floor(0.05 * resamplings)]!,
    differences[Math.ceil(0.95 * resamplings) - 1]!,
  ];
}
