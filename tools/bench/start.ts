/**
 * Start: from spawning `node api/dist/main.js` (already built) to the first 200 from
 * /api/config/presets, on the embedded database — with a fresh data folder and with one that
 * already holds the demo projects — interleaved over the rounds. Budget ≤ 5 s. Also the idle RSS
 * a second after the start with existing data (budget ≤ 300 MB: the embedded database is what a
 * small agency runs on a 1 GB server).
 */
import { rmSync } from 'node:fs';
import {
  embeddedData,
  log,
  requireBuild,
  round1,
  rssMb,
  sleep,
  spawnApi,
  tempDir,
  type Benchmark,
  type Row,
} from './support.ts';
import { median } from './statistics.ts';

const ROUNDS = Number(process.env.BENCH_START_ROUNDS ?? 3);
const BUDGET_MS = 5000;
/** Idle with the embedded database, which lives in the API process. */
const IDLE_RSS_BUDGET_MB = 300;

export const start: Benchmark = async () => {
  requireBuild();
  const existing = await embeddedData();
  const times = { fresh: [] as number[], existing: [] as number[] };
  const idleRss: number[] = [];
  for (let round = 0; round < ROUNDS; round += 1) {
    const kinds = round % 2 ? (['existing', 'fresh'] as const) : (['fresh', 'existing'] as const);
    for (const kind of kinds) {
      log(`Start ${kind === 'fresh' ? 'leer' : 'mit Daten'}, Runde ${round + 1}/${ROUNDS}`);
      const dataDir = kind === 'fresh' ? tempDir('bench-start') : existing.dataDir;
      const server = await spawnApi({ dataDir });
      times[kind].push(server.readyMs);
      if (kind === 'existing') {
        await sleep(1000);
        idleRss.push(rssMb(server.pid));
      }
      await server.stop();
      if (kind === 'fresh') rmSync(dataDir, { recursive: true, force: true });
    }
  }
  const row = (kind: 'fresh' | 'existing', label: string): Row => {
    const value = Math.round(median(times[kind]));
    return {
      name: `Start to first 200, embedded, ${label} (median of ${ROUNDS})`,
      value,
      unit: 'ms',
      budget: `≤ ${BUDGET_MS} ms`,
      ok: value <= BUDGET_MS,
    };
  };
  return [
    row('fresh', 'fresh data folder'),
    row('existing', 'existing data'),
    {
      name: 'API memory idle after start (RSS, embedded)',
      value: round1(median(idleRss)),
      unit: 'MB',
      budget: `≤ ${IDLE_RSS_BUDGET_MB} MB`,
      ok: median(idleRss) <= IDLE_RSS_BUDGET_MB,
    },
  ];
};
