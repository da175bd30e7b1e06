/**
 * Bundle: gzip size (zlib level 9) of the JS and CSS the share-link questionnaire route loads,
 * three times: from the build manifest (measureBundle), as the browser loads it before the first
 * step is usable — the share link of a demo project's 'stakeholder' step, every script and
 * stylesheet response requested before the step's add button is visible — and everything the
 * browser loads until the network is idle after that (what a customer's browser fetches for the
 * first step, including what starts right after it shows). Budget ≤ 150 KB each. Beside them, without
 * budget, the bytes the server really sent for the last set (since round eleven it sends the build's
 * brotli files to a browser that accepts them).
 */
import { gzipSync } from 'node:zlib';
import { BUNDLE_BUDGET_KB, measureBundle } from './bundle-size.ts';
import {
  browser,
  log,
  pgApi,
  round1,
  shareUrl,
  WEB_DIST,
  type Benchmark,
  type Row,
} from './support.ts';

const kb = (bytes: number) => round1(bytes / 1024);

const ADD_BUTTON = 'Internen Stakeholder hinzufügen';

/** Records (as epoch ms) the first frame in which the step's add button is visible. */
const VISIBLE_PROBE = `
(() => {
  const check = () => {
    const button = [...document.querySelectorAll('button')].find(
      (candidate) => candidate.textContent.includes(${JSON.stringify(ADD_BUTTON)}) && candidate.offsetParent !== null,
    );
    if (button) window.__benchVisibleAt = performance.timeOrigin + performance.now();
    else requestAnimationFrame(check);
  };
  requestAnimationFrame(check);
})();
`;

/**
 * The script and stylesheet bodies the browser fetched: `beforeVisible` are the responses whose
 * request started before the frame that showed the add button, `untilIdle` every response until
 * the network was idle (Playwright's `networkidle`: no request for 500 ms) after that frame.
 */
async function loadedInBrowser() {
  const api = await pgApi();
  const context = await (await browser()).newContext({ locale: 'de-DE' });
  try {
    const page = await context.newPage();
    await page.addInitScript({ content: VISIBLE_PROBE });
    const bodies: Promise<{
      url: string;
      startedAt: number;
      gzipBytes: number;
      sentBytes: number;
      encoding: string;
    }>[] = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type !== 'script' && type !== 'stylesheet') return;
      const startedAt = response.request().timing().startTime;
      bodies.push(
        Promise.all([response.body(), response.request().sizes(), response.allHeaders()]).then(
          ([body, sizes, headers]) => ({
            url: response.url(),
            startedAt,
            gzipBytes: gzipSync(body, { level: 9 }).length,
            sentBytes: sizes.responseBodySize,
            encoding: headers['content-encoding'] ?? 'identity',
          }),
        ),
      );
    });
    await page.goto(shareUrl(api.url, api.projects[0]!, 'stakeholder'));
    await page.getByRole('button', { name: ADD_BUTTON }).waitFor();
    await page.waitForFunction('window.__benchVisibleAt !== undefined');
    const visibleAt = (await page.evaluate('window.__benchVisibleAt')) as number;
    await page.waitForLoadState('networkidle');
    const files = (await Promise.all(bodies)).map((file) => ({
      ...file,
      path: new URL(file.url).pathname,
    }));
    const late = files.filter((file) => file.startedAt > visibleAt);
    if (late.length)
      log(`Nach dem ersten nutzbaren Frame geladen: ${late.map((file) => file.path).join(', ')}`);
    return { beforeVisible: files.filter((file) => file.startedAt <= visibleAt), untilIdle: files };
  } finally {
    await context.close();
  }
}

export const bundle: Benchmark = async () => {
  const manifest = measureBundle(WEB_DIST);
  const { beforeVisible: loaded, untilIdle } = await loadedInBrowser();
  const loadedKb = kb(loaded.reduce((sum, file) => sum + file.gzipBytes, 0));
  const untilIdleKb = kb(untilIdle.reduce((sum, file) => sum + file.gzipBytes, 0));
  const fromManifest = new Set(manifest.initial.map((file) => `/${file.file}`));
  const extra = loaded.filter((file) => !fromManifest.has(file.path));
  log(
    `Browser: ${loaded
      .sort((a, b) => b.gzipBytes - a.gzipBytes)
      .map((file) => `${file.path} ${kb(file.gzipBytes)} KB`)
      .join(', ')}`,
  );
  const rows: Row[] = [
    {
      name: `Bundle, share-link route, from manifest (${manifest.initial.length} files)`,
      value: manifest.initialKb,
      unit: 'KB gz',
      budget: `≤ ${BUNDLE_BUDGET_KB} KB`,
      ok: manifest.initialKb <= BUNDLE_BUDGET_KB,
    },
    {
      name: `Bundle, share-link route, loaded in browser (${loaded.length} files)`,
      value: loadedKb,
      unit: 'KB gz',
      budget: `≤ ${BUNDLE_BUDGET_KB} KB`,
      ok: loadedKb <= BUNDLE_BUDGET_KB,
    },
  ];
  if (extra.length)
    rows.push({
      name: `  of which not in the manifest's initial set: ${extra.map((file) => file.path.replace(/^\/assets\//, '')).join(', ')}`,
      value: kb(extra.reduce((sum, file) => sum + file.gzipBytes, 0)),
      unit: 'KB gz',
      budget: '',
      ok: null,
    });
  rows.push({
    name: `Bundle, share-link route, loaded until network idle (${untilIdle.length} files)`,
    value: untilIdleKb,
    unit: 'KB gz',
    budget: `≤ ${BUNDLE_BUDGET_KB} KB`,
    ok: untilIdleKb <= BUNDLE_BUDGET_KB,
  });
  const encodings = [...new Set(untilIdle.map((file) => file.encoding))].sort().join(', ');
  rows.push({
    name: `Bundle, share-link route, transferred until network idle, as the server sends it (${encodings})`,
    value: kb(untilIdle.reduce((sum, file) => sum + file.sentBytes, 0)),
    unit: 'KB',
    budget: '',
    ok: null,
  });
  const lateFiles = untilIdle.filter((file) => !loaded.includes(file));
  if (lateFiles.length)
    rows.push({
      name: `  of which after the first step showed: ${lateFiles.map((file) => file.path.replace(/^\/assets\//, '')).join(', ')}`,
      value: kb(lateFiles.reduce((sum, file) => sum + file.gzipBytes, 0)),
      unit: 'KB gz',
      budget: '',
      ok: null,
    });
  rows.push({
    name: 'Bundle, lazily loaded chunks (manifest)',
    value: manifest.lazyKb,
    unit: 'KB gz',
    budget: '',
    ok: null,
  });
  return rows;
};
