/**
 * Open-loop load at a fixed offered rate: each stream sends one request every 1/rate s on a fixed
 * schedule, whether earlier requests have been answered or not, and a request's latency runs from
 * its *scheduled* send time to the end of its response. A closed loop (autocannon) waits for a
 * response before the next request and so hides the requests a slow server never got to see
 * (coordinated omission); here a stall shows up in the latency of every request scheduled during it.
 */
import { Agent, request as httpRequest } from 'node:http';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { percentile } from './statistics.ts';
import { log, round1 } from './support.ts';

/** One request a stream sends; `done` gets the status and (with `readBody`) the body. */
export interface Outgoing {
  method: string;
  path: string;
  headers: Record<string, string>;
  body?: string;
  readBody?: boolean;
  done?: (status: number, body: string) => void;
  /** Called once whatever the outcome (response, error or timeout). */
  settled?: () => void;
}

/**
 * A stream of requests at a fixed rate. `next` returns the request to send at its scheduled time,
 * or undefined when none can be sent then (counted as a skipped send, an error).
 */
export interface Stream {
  name: string;
  rate: number;
  next(): Outgoing | undefined;
}

/** What one stream did: every latency in ms, and the errors by kind. */
export interface StreamResult {
  name: string;
  durationS: number;
  latencies: number[];
  ok: number;
  non2xx: number;
  connection: number;
  timeouts: number;
  skipped: number;
}

/** Figures of one stream (or of several runs of it, pooled). */
export interface OpenFigures {
  /** Answered with 2xx per second of the send window. */
  achieved: number;
  p50: number;
  p99: number;
  errors: number;
}

/** Requests still open this long after the send window count as timeouts. */
const GRACE_MS = 5000;
/** The sampling interval of the event-loop delay; the histogram's values include it. */
const LAG_RESOLUTION_MS = 10;
/** A delay sample (ns, including the sampling interval) as the lateness beyond it, in ms. */
const lateMs = (ns: number) => round1(Math.max(0, ns / 1e6 - LAG_RESOLUTION_MS));
/** How often the scheduler wakes to send what is due (timers fire no finer than ~1 ms). */
const TICK_MS = 1;

/**
 * Runs the streams at the same time for `durationS` seconds against `url`, then waits up to 5 s
 * for the answers. Enough sockets that a slow server gets its requests queued on the server side,
 * not in the client.
 */
export async function openLoop(
  url: string,
  streams: Stream[],
  durationS: number,
): Promise<StreamResult[]> {
  const agent = new Agent({ keepAlive: true, maxSockets: 256 });
  // The latencies are taken in this process: when it stalls (a loaded machine), every request
  // due meanwhile counts late. Its own delay is logged, to tell such a stall from a slow server.
  const lag = monitorEventLoopDelay({ resolution: LAG_RESOLUTION_MS });
  lag.enable();
  const results = streams.map((stream) => emptyResult(stream.name, durationS));
  const open = new Set<() => void>();
  const start = performance.now();
  const sent = streams.map(() => 0);
  await new Promise<void>((resolve) => {
    const timer = setInterval(() => {
      const now = performance.now();
      streams.forEach((stream, index) => {
        const due = Math.min(
          Math.floor(((now - start) / 1000) * stream.rate) + 1,
          Math.floor(durationS * stream.rate),
        );
        // Everything scheduled up to now goes out, each measured from its own scheduled time.
        for (; sent[index]! < due; sent[index]! += 1) {
          const scheduled = start + (sent[index]! * 1000) / stream.rate;
          send(url, agent, stream, scheduled, results[index]!, open);
        }
      });
      if (now - start >= durationS * 1000) {
        clearInterval(timer);
        resolve();
      }
    }, TICK_MS);
  });
  await settle(open);
  lag.disable();
  log(
    `  Messprozess: Ereignisschleife verspätet p99 ${lateMs(lag.percentile(99))} ms, max ${lateMs(lag.max)} ms`,
  );
  agent.destroy();
  return results;
}

const emptyResult = (name: string, durationS: number): StreamResult => ({
  name,
  durationS,
  latencies: [],
  ok: 0,
  non2xx: 0,
  connection: 0,
  timeouts: 0,
  skipped: 0,
});

/** Waits until every open request has ended, at most the grace time; the rest time out. */
async function settle(open: Set<() => void>) {
  const deadline = performance.now() + GRACE_MS;
  while (open.size > 0 && performance.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 20));
  for (const timeOut of [...open]) timeOut();
}

/** Sends one request of a stream; its outcome lands in `result`. */
function send(
  url: string,
  agent: Agent,
  stream: Stream,
  scheduled: number,
  result: StreamResult,
  open: Set<() => void>,
) {
  const outgoing = stream.next();
  if (!outgoing) {
    result.skipped += 1;
    return;
  }
  let finished = false;
  const finish = (outcome: 'ok' | 'non2xx' | 'connection' | 'timeouts') => {
    if (finished) return;
    finished = true;
    open.delete(timeOut);
    result[outcome] += 1;
    result.latencies.push(performance.now() - scheduled);
    outgoing.settled?.();
  };
  const headers = { ...outgoing.headers };
  // A length instead of chunked encoding, as autocannon and browsers send a JSON body.
  if (outgoing.body !== undefined)
    headers['content-length'] = String(Buffer.byteLength(outgoing.body));
  const request = httpRequest(
    new URL(outgoing.path, url),
    { method: outgoing.method, headers, agent },
    (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => {
        if (outgoing.readBody) chunks.push(chunk);
      });
      response.on('end', () => {
        const status = response.statusCode ?? 0;
        outgoing.done?.(status, Buffer.concat(chunks).toString());
        finish(status >= 200 && status < 300 ? 'ok' : 'non2xx');
      });
      response.on('error', () => finish('connection'));
    },
  );
  const timeOut = () => {
    finish('timeouts');
    request.destroy();
  };
  open.add(timeOut);
  request.on('error', () => finish('connection'));
  request.end(outgoing.body);
}

/** Pools the runs of one stream: achieved rate over all send windows, percentiles over all requests. */
export function openFigures(runs: StreamResult[]): OpenFigures {
  const latencies = runs.flatMap((run) => run.latencies);
  const seconds = runs.reduce((sum, run) => sum + run.durationS, 0);
  return {
    achieved: round1(runs.reduce((sum, run) => sum + run.ok, 0) / seconds),
    p50: round1(percentile(latencies, 50)),
    p99: round1(percentile(latencies, 99)),
    errors: runs.reduce(
      (sum, run) => sum + run.non2xx + run.connection + run.timeouts + run.skipped,
      0,
    ),
  };
}

/** A run's outcome per stream for the progress log, e.g. to tell skipped sends from timeouts. */
export const describeRuns = (runs: StreamResult[]) =>
  runs
    .map(
      (run) =>
        `${run.name}: ${run.ok} ok, ${run.non2xx} nicht 2xx, ${run.timeouts} Zeitüberschreitungen, ` +
        `${run.connection} Verbindungsfehler, ${run.skipped} übersprungen`,
    )
    .join('; ');
