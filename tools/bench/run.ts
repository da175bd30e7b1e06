/**
 * `npm run bench [-- name …]`: runs the benchmarks of BENCHMARKS.md in order (or only the named
 * ones) and prints one table. It reports and never fails on a missed budget: exit code 0.
 * Needs `npm run build` first, Chromium at /usr/bin/chromium (or CHROMIUM_PATH) and a PostgreSQL
 * server at postgres://postgres@127.0.0.1:5432 (or BENCH_DATABASE_URL).
 */
import { closeBrowser, closeContext, type Benchmark, type Row } from './support.ts';

const benchmarks: Record<string, () => Promise<Benchmark>> = {
  machine: () => import('./machine.ts').then((module) => module.machine),
  bundle: () => import('./bundle.ts').then((module) => module.bundle),
  typing: () => import('./typing.ts').then((module) => module.typing),
  results: () => import('./results-view.ts').then((module) => module.resultsView),
  api: () => import('./api-load.ts').then((module) => module.apiLoad),
  export: () => import('./export.ts').then((module) => module.exportBench),
  start: () => import('./start.ts').then((module) => module.start),
  customers: () => import('./customers.ts').then((module) => module.customers),
};

function table(rows: Row[]): string {
  const cells = [
    ['Benchmark', 'Value', 'Unit', 'Budget', 'OK'],
    ...rows.map((row) => [
      row.name,
      String(row.value),
      row.unit,
      row.budget,
      row.ok === null ? '' : row.ok ? 'yes' : 'NO',
    ]),
  ];
  const widths = cells[0]!.map((_, column) =>
    Math.max(...cells.map((line) => line[column]!.length)),
  );
  const line = (values: string[]) =>
    `| ${values.map((value, column) => (column === 1 ? value.padStart(widths[column]!) : value.padEnd(widths[column]!))).join(' | ')} |`;
  return [
    line(cells[0]!),
    `|${widths.map((width, column) => (column === 1 ? `${'-'.repeat(width + 1)}:` : '-'.repeat(width + 2))).join('|')}|`,
    ...cells.slice(1).map(line),
  ].join('\n');
}

const requested = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
const unknown = requested.filter((name) => !(name in benchmarks));
if (unknown.length) {
  console.error(
    `Unbekannt: ${unknown.join(', ')}. Verfügbar: ${Object.keys(benchmarks).join(', ')}`,
  );
  process.exit(1);
}
const selected = requested.length ? requested : Object.keys(benchmarks);

let interrupted = false;
process.once('SIGINT', () => {
  interrupted = true;
  void closeContext().then(() => process.exit(130));
});

const rows: Row[] = [];
const started = performance.now();
try {
  for (const name of selected) {
    if (interrupted) break;
    process.stderr.write(`» ${name}\n`);
    const t0 = performance.now();
    try {
      rows.push(...(await (await benchmarks[name]!())()));
    } catch (error) {
      const message = (error as Error).message.split('\n')[0]!;
      process.stderr.write(`${(error as Error).stack ?? message}\n`);
      rows.push({
        name: `${name}: failed – ${message}`,
        value: '–',
        unit: '',
        budget: '',
        ok: false,
      });
    }
    // A fresh browser for the next benchmark: its figures do not depend on what ran before.
    await closeBrowser();
    process.stderr.write(`  (${Math.round((performance.now() - t0) / 1000)} s)\n`);
  }
} finally {
  await closeContext();
}
console.log(table(rows));
const missed = rows.filter((row) => row.ok === false).length;
console.log(
  `\n${rows.length} figures, ${missed} outside budget; ${Math.round((performance.now() - started) / 1000)} s on ${new Date().toISOString()}`,
);
process.exit(0);
