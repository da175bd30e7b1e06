/**
 * Load of the reliability issue: 200 simulated customers saving at once for 60 s against one API
 * process on the PostgreSQL server. Each customer adds entries to a project through its share
 * link (adds carry no version, so nobody is stale by design); every answer must be a 201.
 * A benchmark, not a CI gate. The issue asks for zero errors and for the p99 to be reported: 200
 * connections in a closed loop queue behind each other (latency ≈ connections ÷ throughput), so a
 * p99 budget here would only measure the loop; the API's latency budget is the open load's
 * (api-load.ts).
 */
import autocannon, { type Result } from 'autocannon';
import { log, pgApi, round1, rssTreeMb, type Benchmark } from './support.ts';

const CUSTOMERS = Number(process.env.BENCH_CUSTOMERS ?? 200);
const DURATION_S = Number(process.env.BENCH_CUSTOMERS_DURATION ?? 60);

export const customers: Benchmark = async () => {
  const api = await pgApi();
  const projects = api.projects;
  let sent = 0;
  log(`${CUSTOMERS} Kunden speichern ${DURATION_S} s lang …`);
  const result = await new Promise<Result>((resolve, reject) =>
    autocannon(
      {
        url: api.url,
        connections: CUSTOMERS,
        duration: DURATION_S,
        requests: [
          {
            method: 'POST',
            setupRequest(request) {
              const project = projects[sent % projects.length]!;
              sent += 1;
              return {
                ...request,
                path: `/api/projects/${project.id}/competitors`,
                headers: {
                  'content-type': 'application/json',
                  'x-requested-with': 'XMLHttpRequest',
                  'x-edit-token': project.token,
                },
                body: JSON.stringify({
                  name: `Wettbewerber ${sent}`,
                  explanation: 'Unter Last gespeichert',
                  importance: 1 + (sent % 5),
                }),
              };
            },
          },
        ],
      },
      (error, finished) => (error ? reject(error) : resolve(finished)),
    ),
  );
  const errors = result.errors + result.timeouts + result.non2xx;
  return [
    {
      name: `Last: ${CUSTOMERS} Kunden × ${DURATION_S} s, Anfragen/s`,
      value: round1(result.requests.average),
      unit: 'req/s',
      budget: '',
      ok: null,
    },
    { name: 'Last: p50', value: result.latency.p50, unit: 'ms', budget: '', ok: null },
    { name: 'Last: p99', value: result.latency.p99, unit: 'ms', budget: '', ok: null },
    { name: 'Last: Fehler', value: errors, unit: '', budget: '0', ok: errors === 0 },
    {
      // Every worker and the primary (support.ts, pgApi: one worker per core).
      name: 'Last: API-Speicher danach (RSS, alle Prozesse zusammen)',
      value: rssTreeMb(api.pid).total,
      unit: 'MB',
      budget: '',
      ok: null,
    },
  ];
};
