import { describe, expect, it } from 'vitest';
import { differenceInterval, median, seededRandom } from './statistics.ts';

describe('seededRandom', () => {
  it('repeats its sequence for the same seed and stays in [0, 1)', () => {
    const first = seededRandom(7);
    const second = seededRandom(7);
    const values = Array.from({ length: 1000 }, () => first());
    expect(values).toEqual(Array.from({ length: 1000 }, () => second()));
    expect(Math.min(...values)).toBeGreaterThanOrEqual(0);
    expect(Math.max(...values)).toBeLessThan(1);
    expect(new Set(values).size).toBe(1000);
  });
});

describe('differenceInterval', () => {
  it('is a single point when both samples are constant', () => {
    expect(differenceInterval([5, 5, 5], [2, 2, 2], median)).toEqual([3, 3]);
  });

  it('brackets the true difference of two noisy samples and narrows with more keys', () => {
    const noise = seededRandom(1);
    const sample = (centre: number, size: number) =>
      Array.from({ length: size }, () => centre + (noise() - 0.5) * 16);
    const [low, high] = differenceInterval(sample(27, 200), sample(25, 200), median);
    expect(low).toBeLessThan(2);
    expect(high).toBeGreaterThan(2);
    const [wideLow, wideHigh] = differenceInterval(sample(27, 40), sample(25, 40), median);
    expect(wideHigh - wideLow).toBeGreaterThan(high - low);
  });

  it('gives the same interval for the same samples (a seeded resampling)', () => {
    const a = [24, 31, 27, 29, 40, 22, 26];
    const b = [23, 25, 30, 21, 26, 28, 24];
    expect(differenceInterval(a, b, median)).toEqual(differenceInterval(a, b, median));
  });
});
