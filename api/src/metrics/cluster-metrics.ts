import cluster, { type Worker } from 'node:cluster';
import { randomUUID } from 'node:crypto';
import { AggregatorRegistry, Counter, Gauge, Registry } from 'prom-client';
import type { Scrape } from './metrics-http.ts';

/**
 * The metrics of several worker processes (run-cluster.ts): each worker keeps its own registry;
 * the primary asks every started worker for it over the cluster's IPC channel and aggregates them
 * with prom-client's `AggregatorRegistry.aggregate` (counters and histograms summed, event-loop
 * lag averaged, gauges read from the database taking the largest). A scrape on the app's port
 * lands on one worker, which asks the primary for the aggregate; `METRICS_PORT` is served by the
 * primary itself. Either way Prometheus sees one installation, not whichever worker it hit.
 */

/** A worker asks the primary for the aggregate; the primary answers with it. */
const SCRAPE = 'fragewerk:metrics-scrape';
const SCRAPED = 'fragewerk:metrics-scraped';
/** The primary asks a worker for its registry; the worker answers with it. */
const COLLECT = 'fragewerk:metrics-collect';
const COLLECTED = 'fragewerk:metrics-collected';
/** A worker that does not answer within this time is left out of the scrape. */
const COLLECT_TIMEOUT_MS = 3_000;
const SCRAPE_TIMEOUT_MS = 5_000;

interface Message {
  type: string;
  id: string;
  body?: string;
  error?: string;
  metrics?: object[];
}

const isMessage = (message: unknown, type: string): message is Message =>
  typeof message === 'object' && message !== null && (message as Message).type === type;

/** Calls `send(id)` and waits for the answer `resolveOf` is given, or `ms`. */
function exchange<T>(
  answers: Map<string, (message: Message) => void>,
  send: (id: string) => void,
  ms: number,
  resultOf: (message: Message) => T,
): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const id = randomUUID();
    const timer = setTimeout(() => {
      answers.delete(id);
      reject(new Error('metrics: no answer'));
    }, ms);
    answers.set(id, (message) => {
      clearTimeout(timer);
      answers.delete(id);
      try {
        resolve(resultOf(message));
      } catch (error) {
        reject(error as Error);
      }
    });
    send(id);
  });
}

/**
 * In a worker: answers the primary's requests for this registry, and returns the scrape of the
 * app's port – the aggregate of all workers, asked from the primary.
 */
export function workerScrape(registry: Registry): () => Promise<Scrape> {
  const answers = new Map<string, (message: Message) => void>();
  process.on('message', (message: unknown) => {
    if (isMessage(message, SCRAPED)) answers.get(message.id)?.(message);
    if (isMessage(message, COLLECT)) {
      void registry.getMetricsAsJSON().then(
        (metrics) => process.send?.({ type: COLLECTED, id: message.id, metrics }),
        (error: unknown) =>
          process.send?.({ type: COLLECTED, id: message.id, error: String(error) }),
      );
    }
  });
  return () =>
    exchange(
      answers,
      (id) => process.send!({ type: SCRAPE, id }),
      SCRAPE_TIMEOUT_MS,
      (message) => {
        if (message.error !== undefined) throw new Error(message.error);
        return { contentType: Registry.PROMETHEUS_CONTENT_TYPE, body: message.body! };
      },
    );
}

/** The primary's side: the aggregate scrape and its own figures. */
export interface PrimaryMetrics {
  scrape(): Promise<Scrape>;
  /** A worker was started again after it ended unexpectedly. */
  restarted(): void;
}

/** In the primary: aggregates the registries of `workers()`, the started workers. */
export function primaryMetrics(workers: () => Worker[]): PrimaryMetrics {
  const answers = new Map<string, (message: Message) => void>();
  // The primary's own figures; it serves no requests, so it collects no default metrics.
  const own = new Registry();
  new Gauge({
    name: 'fragewerk_cluster_workers',
    help: 'Worker processes serving requests',
    registers: [own],
    collect() {
      this.set(workers().length);
    },
  });
  const restarts = new Counter({
    name: 'fragewerk_cluster_worker_restarts_total',
    help: 'Workers started again after they ended unexpectedly',
    registers: [own],
  });
  const collect = (worker: Worker) =>
    exchange(
      answers,
      (id) => worker.send({ type: COLLECT, id }),
      COLLECT_TIMEOUT_MS,
      (message) => {
        if (message.error !== undefined) throw new Error(message.error);
        return message.metrics!;
      },
    );
  const scrape = async (): Promise<Scrape> => {
    // A worker being replaced right now is left out rather than failing the whole scrape.
    const settled = await Promise.allSettled(
      workers()
        .filter((worker) => worker.isConnected())
        .map(collect),
    );
    const registries = settled.flatMap((result) =>
      result.status === 'fulfilled' ? [result.value] : [],
    );
    registries.push(await own.getMetricsAsJSON());
    return {
      contentType: Registry.PROMETHEUS_CONTENT_TYPE,
      body: await AggregatorRegistry.aggregate(registries).metrics(),
    };
  };
  cluster.on('message', (worker, message: unknown) => {
    if (isMessage(message, COLLECTED)) return answers.get(message.id)?.(message);
    if (!isMessage(message, SCRAPE)) return;
    const reply = (fields: Partial<Message>) => {
      if (worker.isConnected()) worker.send({ type: SCRAPED, id: message.id, ...fields });
    };
    scrape().then(
      ({ body }) => reply({ body }),
      (error: unknown) => reply({ error: String(error) }),
    );
  });
  return { scrape, restarted: () => restarts.inc() };
}
