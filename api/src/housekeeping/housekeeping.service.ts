import {
  Injectable,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { WINDOW_MINUTES } from '../accounts/rate-limit.service.ts';
import { BackgroundTask } from '../common/background-task.ts';
import { ADVISORY_LOCKS, tryWithAdvisoryLock } from '../database/advisory-lock.ts';
import { deleteExpiredRows, type DeletedRows } from './housekeeping.repository.ts';

/** Every ten minutes, and once shortly after the start. */
const INTERVAL_MS = 10 * 60 * 1000;
const FIRST_RUN_MS = 30 * 1000;

/**
 * Deletes expired sessions, used and expired one-time tokens, old rate-limit attempts and long
 * given-up mails on a schedule (docs/architecture.md#datenbank-mail-prozesse). With several API
 * processes on one database, one of them does it: the run takes an advisory lock, and whoever
 * does not get it skips this round.
 */
@Injectable()
export class HousekeepingService implements OnApplicationBootstrap, OnApplicationShutdown {
  private readonly logger = new Logger('Aufräumen');
  private readonly task = new BackgroundTask(
    async () => void (await this.run()),
    INTERVAL_MS,
    (error) => this.logger.error(error),
  );

  constructor(private readonly orm: MikroORM) {}

  onApplicationBootstrap() {
    this.task.start(FIRST_RUN_MS);
  }

  async onApplicationShutdown() {
    await this.task.stop(10_000);
  }

  /**
   * One run (also called directly by the tests): the deleted rows per table, or undefined when
   * another run – in this process or another – holds the lock.
   */
  async run(): Promise<DeletedRows | undefined> {
    const result = await tryWithAdvisoryLock(this.orm, ADVISORY_LOCKS.housekeeping, () =>
      deleteExpiredRows(this.orm.em.fork(), WINDOW_MINUTES),
    );
    if (!result.acquired) return undefined;
    const deleted = result.value;
    if (Object.values(deleted).some((count) => count > 0)) {
      this.logger.log({ deleted }, 'Abgelaufene Daten gelöscht');
    }
    return deleted;
  }
}
