import { describe, expect, it } from 'vitest';
import { busyShare, parseCpuTimes } from './quiet.ts';

const stat = (user: number, idle: number, iowait = 0, steal = 0) =>
  `cpu  ${user} 0 10 ${idle} ${iowait} 0 0 ${steal} 0 0\ncpu0 1 2 3 4 5 6 7 8 9 10\nintr 1 2 3\n`;

describe('the machine’s CPU times', () => {
  it('reads the summary line of /proc/stat, idle and iowait as idle', () => {
    expect(parseCpuTimes(stat(100, 800, 40, 5))).toEqual({ busy: 115, total: 955 });
  });

  it('gives the busy share between two readings', () => {
    const before = parseCpuTimes(stat(100, 800));
    expect(busyShare(before, parseCpuTimes(stat(150, 850)))).toBe(0.5);
    expect(busyShare(before, parseCpuTimes(stat(100, 900)))).toBe(0);
    expect(busyShare(before, before)).toBe(0);
  });

  it('refuses a text without the summary line', () => {
    expect(() => parseCpuTimes('cpu0 1 2 3\n')).toThrow('cpu');
  });
});
