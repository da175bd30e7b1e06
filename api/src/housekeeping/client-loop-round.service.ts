import {
  Inject,
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Counter } from 'prom-client';
import { QuestionMailsService } from '../client-loop/question-mails.service.ts';
import { RemindersService } from '../client-loop/reminders.service.ts';
import { BackgroundTask } from '../common/background-task.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { ADVISORY_LOCKS, tryWithAdvisoryLock } from '../database/advisory-lock.ts';
import { MetricsService } from '../metrics/metrics.service.ts';

/**
 * Every 30 seconds: the Rückfragen and replies due for their bundled mail get it (at most a minute
 * after the last one came quiet, so within two), and the reminders due by the schedule go out.
 * Never an in-memory timer per project: each round reads what is due from the database. With
 * several processes on one database one of them runs a round (advisory lock); the rows each mail
 * claims make a mail go once even so.
 */
const INTERVAL_MS = 30 * 1000;

/** What one round sent: mails about Rückfragen, about replies, and reminders. */
export interface RoundResult {
  questionMails: number;
  replyMails: number;
  reminders: number;
}

@Injectable()
export class ClientLoopRoundService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Kundschaft');
  private readonly task = new BackgroundTask(
    async () => void (await this.run()),
    INTERVAL_MS,
    (error) => this.logger.error(error),
  );

  /** What the rounds put into the outbox, by kind (reminders, Rückfragen, replies). */
  private readonly mails: Counter<'kind'>;

  constructor(
    private readonly orm: MikroORM,
    private readonly questionMails: QuestionMailsService,
    private readonly reminders: RemindersService,
    @Inject(APP_CONFIG) private readonly config: Pick<AppConfig, 'clientLoopRounds'>,
    metrics: MetricsService,
  ) {
    this.mails = metrics.counter({
      name: 'fragewerk_client_loop_mails_total',
      help: 'Mails the scheduled rounds put into the outbox: kind="reminder" (reminders by schedule), "question" (Rückfragen), "reply" (replies to the agency)',
      labelNames: ['kind'],
    });
  }

  onApplicationBootstrap() {
    if (this.config.clientLoopRounds !== false) this.task.start();
  }

  async onApplicationShutdown() {
    await this.task.stop(10_000);
  }

  /** One round (also called by the tests); undefined when another process runs one. */
  async run(now = new Date()): Promise<RoundResult | undefined> {
    const result = await tryWithAdvisoryLock(this.orm, ADVISORY_LOCKS.clientLoop, async () => ({
      ...(await this.questionMails.sendDue()),
      reminders: await this.reminders.sendDue(now),
    }));
    if (!result.acquired) return undefined;
    const sent = result.value;
    if (sent.reminders) this.mails.inc({ kind: 'reminder' }, sent.reminders);
    if (sent.questionMails) this.mails.inc({ kind: 'question' }, sent.questionMails);
    if (sent.replyMails) this.mails.inc({ kind: 'reply' }, sent.replyMails);
    if (sent.questionMails + sent.replyMails + sent.reminders > 0)
      this.logger.log({ sent }, 'Mails an Kundschaft und Agentur in die Outbox gelegt');
    return sent;
  }
}
