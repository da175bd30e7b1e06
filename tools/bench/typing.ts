/**
 * Typing latency in Chromium with 4× CPU throttling: keystrokes into a textarea of the persona
 * editor and of the brand-positioning form (share link of a demo project), interleaved round by
 * round with the same measurement on a floor page — a plain React 19 controlled form with the
 * persona's fields, built from tools/bench/floor/ by Vite. Latency of one keystroke: from a
 * capturing keydown listener to the next frame (requestAnimationFrame, then a MessageChannel
 * message). Budget: median ≤ floor + 3 ms, p95 ≤ floor + 6 ms. Without budget, the same pages
 * once more unthrottled under a trace: the main-thread time per key inside the latency window
 * (typing-window.ts), a steadier figure for changes smaller than the latency's scatter. Beside
 * each difference to the floor, its 90 % bootstrap interval (statistics.ts).
 */
import { createReadStream, existsSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { build } from 'vite';
import {
  browser,
  freePort,
  log,
  pgApi,
  rotate,
  round2,
  shareUrl,
  sleep,
  tempDir,
  type Benchmark,
  type Row,
} from './support.ts';
import { differenceInterval, mean, median, percentile, seededRandom } from './statistics.ts';
import { startTrace, threadTimePerKey } from './typing-window.ts';

const ROUNDS = Math.max(5, Number(process.env.BENCH_TYPING_ROUNDS ?? 5));
/** Keystrokes per page over all rounds. */
const KEYSTROKES = Number(process.env.BENCH_TYPING_KEYSTROKES ?? 200);
/** A typist's pace: one key every 100 ms (deferred work of the page gets its time between keys). */
const INTERVAL_MS = Number(process.env.BENCH_TYPING_INTERVAL_MS ?? 100);
/**
 * Plus a pause of up to one frame (60 Hz), drawn anew for each key. 100 ms is exactly six frames:
 * without it, every key of a page met the frame clock at the same point, a page's keys waited for
 * their frame alike, and a page that happened to start early in a frame measured ~8 ms faster
 * (docs/benchmarks-history.md, "Typing, round eight"). A typist's keys fall at any point of a
 * frame.
 */
const FRAME_MS = 1000 / 60;
const THROTTLING = 4;
/** Pages per target for the main-thread time in the latency window (40 keys each, unthrottled). */
const TRACE_ROUNDS = Number(process.env.BENCH_TYPING_TRACE_ROUNDS ?? 6);
const TEXT = 'handgefertigte moebel aus der region fuer familien mit kindern ';

/** Runs in every page before its own scripts (as a string: the tools have no DOM types). */
const LATENCY_PROBE = `
window.__benchLatencies = [];
window.__benchWaiter = null;
window.addEventListener('keydown', () => {
  const start = performance.now();
  requestAnimationFrame(() => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      window.__benchLatencies.push(performance.now() - start);
      const waiter = window.__benchWaiter;
      if (waiter && window.__benchLatencies.length >= waiter.count) {
        window.__benchWaiter = null;
        waiter.resolve();
      }
    };
    channel.port2.postMessage(null);
  });
}, true);
window.__benchWait = (count) =>
  window.__benchLatencies.length >= count
    ? Promise.resolve()
    : new Promise((resolve) => { window.__benchWaiter = { count, resolve }; });
`;

const FLOOR_SOURCE = path.join(import.meta.dirname, 'floor');

/** Builds the floor page with Vite's JS API and serves it with node:http on a free port. */
export async function floorServer() {
  const outDir = tempDir('bench-floor');
  await build({
    root: FLOOR_SOURCE,
    configFile: false,
    logLevel: 'warn',
    mode: 'production',
    oxc: { jsx: { runtime: 'automatic' } },
    build: { outDir, emptyOutDir: true },
  });
  const types: Record<string, string> = {
    '.html': 'text/html; charset=utf-8',
    '.js': 'text/javascript; charset=utf-8',
    '.css': 'text/css; charset=utf-8',
  };
  const server = createServer((request, response) => {
    const pathname = decodeURIComponent(new URL(request.url ?? '/', 'http://x').pathname);
    let file = path.join(outDir, path.normalize(pathname));
    if (!file.startsWith(outDir) || !existsSync(file) || statSync(file).isDirectory())
      file = path.join(outDir, 'index.html');
    response.writeHead(200, {
      'content-type': types[path.extname(file)] ?? 'application/octet-stream',
    });
    createReadStream(file).pipe(response);
  });
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${port}/`,
    async close() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}

interface Target {
  key: string;
  name: string;
  /** Opens the page and returns the textarea to type into. */
  open(page: Page): Promise<Locator>;
}

/**
 * Types `text` one key at a time at a typist's pace, each after the previous one's latency. The
 * pauses come from `seed`: the pages compared in a round get the same ones.
 */
async function typeAtPace(page: Page, text: string, seed: number) {
  const pause = seededRandom(seed);
  await page.evaluate('window.__benchLatencies.length = 0');
  for (let index = 0; index < text.length; index += 1) {
    const started = performance.now();
    await page.keyboard.type(text[index]!);
    await page.evaluate(`window.__benchWait(${index + 1})`);
    const rest = INTERVAL_MS + pause() * FRAME_MS - (performance.now() - started);
    if (rest > 0) await sleep(rest);
  }
  return ((await page.evaluate('window.__benchLatencies')) as number[]).slice(0, text.length);
}

/** Opens the target in the page with the caret at the end of its field; returns the field. */
async function openAtEnd(page: Page, target: Target) {
  const field = await target.open(page);
  await field.click();
  await page.keyboard.press('ControlOrMeta+End');
  return field;
}

/**
 * A new page that starts like the first: the text typed before stays in the browser as a draft
 * (docs/product.md#entwürfe), which would reopen the editor with it instead of an empty one.
 */
async function freshPage(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await page.addInitScript({ content: 'localStorage.clear()' });
  return page;
}

/** Types the text into the target at 4× throttle; returns the latencies in ms. */
async function measure(context: BrowserContext, target: Target, text: string, seed: number) {
  const page = await freshPage(context);
  try {
    const field = await openAtEnd(page, target);
    const before = await field.inputValue();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: THROTTLING });
    await sleep(500);
    const latencies = await typeAtPace(page, text, seed);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    // Every keystroke must have reached the form's state (controlled fields show the state).
    const complete = (await field.inputValue()) === before + text;
    return { latencies, complete };
  } finally {
    await page.close();
  }
}

/** Types the text into the target unthrottled under a trace; returns main-thread ms per key. */
async function traceWindow(context: BrowserContext, target: Target, text: string, seed: number) {
  const page = await freshPage(context);
  try {
    await openAtEnd(page, target);
    const cdp = await context.newCDPSession(page);
    await sleep(500);
    const trace = await startTrace(cdp);
    const latencies = await typeAtPace(page, text, seed);
    return threadTimePerKey(await trace.stop(), latencies);
  } finally {
    await page.close();
  }
}

/** Where the difference could have fallen by chance (statistics.ts): shows a close call as one. */
function intervalRow(
  name: string,
  values: number[],
  floorValues: number[],
  statistic: (sample: number[]) => number,
): Row {
  const [low, high] = differenceInterval(values, floorValues, statistic);
  return {
    name: `${name}, 90 % interval (bootstrap over the keys)`,
    value: `${round2(low)} … ${round2(high)}`,
    unit: 'ms',
    budget: '',
    ok: null,
  };
}

export const typing: Benchmark = async () => {
  const api = await pgApi();
  const project = api.projects[0]!;
  log('Boden-Seite bauen …');
  const floor = await floorServer();
  const context = await (
    await browser()
  ).newContext({
    locale: 'de-DE',
    viewport: { width: 1280, height: 900 },
  });
  await context.addInitScript({ content: LATENCY_PROBE });
  try {
    const targets: Target[] = [
      {
        key: 'floor',
        name: 'floor (plain React form)',
        async open(page) {
          await page.goto(floor.url);
          const field = page.getByLabel('Was erwartet die Persona von Ihrem Produkt?');
          await field.waitFor();
          return field;
        },
      },
      {
        key: 'persona',
        name: 'persona editor',
        async open(page) {
          await page.goto(shareUrl(api.url, project, 'personas'));
          await page.getByRole('button', { name: 'Persona hinzufügen' }).click();
          const field = page.getByLabel('Was erwartet die Persona von Ihrem Produkt?');
          await field.waitFor();
          return field;
        },
      },
      {
        key: 'brand',
        name: 'brand positioning',
        async open(page) {
          await page.goto(shareUrl(api.url, project, 'markenpositionierung'));
          const field = page.getByLabel('Was macht Ihre Marke für diese Zielgruppe attraktiv?');
          await field.waitFor();
          return field;
        },
      },
    ];
    const samples = new Map<string, number[]>(targets.map((target) => [target.key, []]));
    const incomplete = new Set<string>();
    const perRound = Math.ceil(KEYSTROKES / ROUNDS);
    for (let round = 0; round < ROUNDS; round += 1) {
      log(`Tippen: Runde ${round + 1}/${ROUNDS}`);
      const text = TEXT.repeat(4).slice(round * perRound, (round + 1) * perRound) || TEXT;
      for (const target of rotate(targets, round)) {
        const result = await measure(context, target, text, round);
        samples.get(target.key)!.push(...result.latencies);
        if (!result.complete) incomplete.add(target.name);
      }
    }

    const threadTimes = new Map<string, number[]>(targets.map((target) => [target.key, []]));
    for (let round = 0; round < TRACE_ROUNDS; round += 1) {
      log(`Tippen mit Trace: Runde ${round + 1}/${TRACE_ROUNDS}`);
      for (const target of rotate(targets, round))
        threadTimes
          .get(target.key)!
          .push(...(await traceWindow(context, target, TEXT.slice(0, 40), ROUNDS + round)));
    }

    const floorSamples = samples.get('floor')!;
    const floorMedian = median(floorSamples);
    const floorP95 = percentile(floorSamples, 95);
    const rows: Row[] = [
      {
        name: `Typing, floor: median (${floorSamples.length} keys)`,
        value: round2(floorMedian),
        unit: 'ms',
        budget: '',
        ok: null,
      },
      { name: 'Typing, floor: p95', value: round2(floorP95), unit: 'ms', budget: '', ok: null },
    ];
    const floorThread = mean(threadTimes.get('floor')!);
    rows.push({
      name: 'Typing, floor: main-thread time per key in the latency window, unthrottled (mean)',
      value: round2(floorThread),
      unit: 'ms',
      budget: '',
      ok: null,
    });
    for (const target of targets.filter((candidate) => candidate.key !== 'floor')) {
      const values = samples.get(target.key)!;
      const m = median(values);
      const p95 = percentile(values, 95);
      rows.push(
        {
          name: `Typing, ${target.name}: median (${values.length} keys)`,
          value: round2(m),
          unit: 'ms',
          budget: '',
          ok: null,
        },
        {
          name: `Typing, ${target.name}: p95`,
          value: round2(p95),
          unit: 'ms',
          budget: '',
          ok: null,
        },
        {
          name: `Typing, ${target.name}: median − floor`,
          value: round2(m - floorMedian),
          unit: 'ms',
          budget: '≤ 3 ms',
          ok: m - floorMedian <= 3,
        },
        {
          name: `Typing, ${target.name}: p95 − floor`,
          value: round2(p95 - floorP95),
          unit: 'ms',
          budget: '≤ 6 ms',
          ok: p95 - floorP95 <= 6,
        },
        intervalRow(`Typing, ${target.name}: median − floor`, values, floorSamples, median),
        intervalRow(`Typing, ${target.name}: p95 − floor`, values, floorSamples, (sample) =>
          percentile(sample, 95),
        ),
        {
          name: `Typing, ${target.name}: main-thread time per key in the latency window − floor`,
          value: round2(mean(threadTimes.get(target.key)!) - floorThread),
          unit: 'ms',
          budget: '',
          ok: null,
        },
      );
    }
    rows.push({
      name: 'Typing: every keystroke reached the field',
      value: incomplete.size ? `no (${[...incomplete].join(', ')})` : 'yes',
      unit: '',
      budget: 'yes',
      ok: incomplete.size === 0,
    });
    return rows;
  } finally {
    await context.close();
    await floor.close();
  }
};
