import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Pool } from 'pg';
import {
  collectDefaultMetrics,
  Counter,
  Gauge,
  Histogram,
  Registry,
  type CounterConfiguration,
  type GaugeConfiguration,
} from 'prom-client';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { metricsEnabled } from './metrics-options.ts';

/** Request durations in seconds: the autosave's 100 ms budget falls between two buckets. */
const DURATION_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

type Labels = 'method' | 'route' | 'status';

/** One label combination's counter and histogram, looked up once instead of on every request. */
interface RequestSeries {
  count: ReturnType<Counter<Labels>['labels']>;
  duration: ReturnType<Histogram<Labels>['labels']>;
}

/**
 * The process's Prometheus metrics (docs/architecture.md#betrieb), in a registry of its own (the
 * tests run several servers in one process): requests by route template and status, the
 * database pool, Node's default metrics (memory, event-loop lag, …), and what the domains add
 * (`counter`, `gauge`: the outbox, mail failures, reminders). With the metrics closed
 * (`metricsEnabled`) the domains' counters still count – a few additions – but no request is
 * timed and no default metric is collected.
 */
@Injectable()
export class MetricsService {
  readonly registry = new Registry();
  readonly enabled: boolean;
  private readonly requests = new Counter<Labels>({
    name: 'fragewerk_http_requests_total',
    help: 'HTTP requests by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly durations = new Histogram<Labels>({
    name: 'fragewerk_http_request_duration_seconds',
    help: 'HTTP request duration in seconds (until the response is written) by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    buckets: DURATION_BUCKETS,
    registers: [this.registry],
  });
  private readonly series = new Map<string, RequestSeries>();

  constructor(@Inject(APP_CONFIG) config: AppConfig, orm: MikroORM) {
    this.enabled = metricsEnabled(config);
    if (!this.enabled) return;
    collectDefaultMetrics({ register: this.registry });
    // Asked at each scrape: the pool exists once the ORM is connected, which it is by then.
    const pool = () => orm.em.getConnection().getNativeClient() as Promise<Pool>;
    // Several workers' pools add up: the default aggregator (sum) is right for these.
    const poolGauge = (name: string, help: string, read: (pool: Pool) => number) =>
      this.gauge({
        name: `fragewerk_db_pool_${name}`,
        help,
        async collect() {
          this.set(read(await pool()));
        },
      });
    poolGauge('connections', 'Open connections of the database pool', (p) => p.totalCount);
    poolGauge('idle', 'Idle connections of the database pool', (p) => p.idleCount);
    poolGauge('waiting', 'Queries waiting for a connection of the pool', (p) => p.waitingCount);
    poolGauge('max', 'Most connections the pool opens', (p) => p.options.max ?? 10);
  }

  /** Counts one finished request (`httpMetrics`). */
  observeRequest(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.series.get(key);
    if (!series) {
      const labels = { method, route, status: String(status) };
      series = { count: this.requests.labels(labels), duration: this.durations.labels(labels) };
      this.series.set(key, series);
    }
    series.count.inc();
    series.duration.observe(seconds);
  }

  /**
   * A counter of this registry (names start with `fragewerk_`); the one already registered under
   * the name when a second instance of a service asks (a test's extra outbox workers).
   */
  counter<T extends string>(configuration: Omit<CounterConfiguration<T>, 'registers'>): Counter<T> {
    const existing = this.registry.getSingleMetric(configuration.name);
    if (existing) return existing as Counter<T>;
    return new Counter({ ...configuration, registers: [this.registry] });
  }

  /**
   * A gauge of this registry. A gauge read from the database (the same figure in every worker)
   * takes `aggregator: 'max'`, so that several workers' metrics do not add it up.
   */
  gauge<T extends string>(configuration: Omit<GaugeConfiguration<T>, 'registers'>): Gauge<T> {
    const existing = this.registry.getSingleMetric(configuration.name);
    if (existing) return existing as Gauge<T>;
    return new Gauge({ ...configuration, registers: [this.registry] });
  }
}
