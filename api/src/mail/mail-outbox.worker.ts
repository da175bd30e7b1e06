import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Counter } from 'prom-client';
import { BackgroundTask } from '../common/background-task.ts';
import { MetricsService } from '../metrics/metrics.service.ts';
import {
  claimDueMail,
  countOutbox,
  deleteSentMail,
  recordFailedAttempt,
} from './mail-outbox.repository.ts';
import { MailTransport } from './mail-transport.ts';

/** How often the worker looks for due mails (besides right after a mail was written here). */
const POLL_MS = 5_000;
/** How long a claimed mail stays with its worker; longer than the SMTP timeouts add up to. */
const LEASE_SECONDS = 5 * 60;
/** Attempts before a mail is given up: about three and a half hours of retries. */
export const MAX_ATTEMPTS = 10;
/** The wait before attempt n + 1: 30 s, 1 min, 2 min, … at most an hour. */
export const retrySeconds = (attempts: number) => Math.min(30 * 2 ** (attempts - 1), 60 * 60);

/**
 * Sends the mails of the outbox (docs/architecture.md#mail), one at a time, in the background of
 * every API process. A failed attempt is tried again with exponential backoff; after
 * `MAX_ATTEMPTS` the mail is given up and logged as an error. No transaction stays open while a
 * mail is sent.
 */
@Injectable()
export class MailOutboxWorker implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Mail');
  private readonly task = new BackgroundTask(
    () => this.deliverAll(),
    POLL_MS,
    (error) => this.logger.error(error),
  );

  /** Attempts that failed, by whether the mail was given up with it. */
  private readonly failures: Counter<'final'>;
  private readonly sent: Counter;

  constructor(
    private readonly orm: MikroORM,
    private readonly transport: MailTransport,
    metrics: MetricsService,
  ) {
    this.failures = metrics.counter({
      name: 'fragewerk_mail_send_failures_total',
      help: 'Failed attempts to send a mail of the outbox; final="true": the mail was given up',
      labelNames: ['final'],
    });
    this.sent = metrics.counter({
      name: 'fragewerk_mails_sent_total',
      help: 'Mails of the outbox sent',
    });
    metrics.gauge({
      name: 'fragewerk_mail_outbox',
      help: 'Mails in the outbox: state="pending" waits to be sent (also retries), state="failed" was given up',
      labelNames: ['state'],
      // Read from the database, the same figure in every worker: the largest, not the sum.
      aggregator: 'max',
      async collect() {
        const { pending, failed } = await countOutbox(orm.em.fork());
        this.set({ state: 'pending' }, pending);
        this.set({ state: 'failed' }, failed);
      },
    });
  }

  onApplicationBootstrap() {
    this.task.start(0);
  }

  /** Stops looking for mails; a mail being sent gets a few seconds to finish. */
  async onApplicationShutdown() {
    await this.task.stop(10_000);
  }

  /** Wakes the worker: a mail has just been committed. */
  deliverSoon(): void {
    this.task.soon();
  }

  /** Sends every mail that is due now (also used by the tests); resolves when done. */
  deliverDue(): Promise<void> {
    return this.task.runNow();
  }

  private async deliverAll() {
    const em = this.orm.em.fork();
    for (;;) {
      if (this.task.isStopped) return;
      const mail = await claimDueMail(em, LEASE_SECONDS);
      if (!mail) return;
      try {
        await this.transport.send(mail);
        await deleteSentMail(em, mail.id);
        this.sent.inc();
      } catch (error) {
        const message = (error as Error)?.message ?? String(error);
        const giveUp = mail.attempts >= MAX_ATTEMPTS;
        this.failures.inc({ final: String(giveUp) });
        await recordFailedAttempt(
          em,
          mail.id,
          message,
          giveUp ? null : retrySeconds(mail.attempts),
        );
        if (giveUp) {
          this.logger.error(
            `Mail ${mail.id} (${mail.template}) nach ${mail.attempts} Versuchen aufgegeben: ${message}`,
          );
        } else {
          this.logger.warn(
            `Mail ${mail.id} (${mail.template}), Versuch ${mail.attempts} fehlgeschlagen, nächster in ${retrySeconds(mail.attempts)} s: ${message}`,
          );
        }
      }
    }
  }
}
