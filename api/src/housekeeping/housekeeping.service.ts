import {
  Inject,
  Injectable,
  Optional,
  Logger,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { WINDOW_MINUTES } from '../accounts/rate-limit.service.ts';
import { BackgroundTask } from '../common/background-task.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { ADVISORY_LOCKS, tryWithAdvisoryLock } from '../database/advisory-lock.ts';
import { deleteMailFilesOlderThan, MAIL_FILE_DAYS, mailFolder } from '../mail/mail-files.ts';
import { deleteExpiredRows, type DeletedRows } from './housekeeping.repository.ts';

/** Every ten minutes, and once shortly after the start. */
const INTERVAL_MS = 10 * 60 * 1000;
const FIRST_RUN_MS = 30 * 1000;

/**
 * Deletes expired sessions, used and expired one-time tokens, old rate-limit attempts, long
 * given-up mails and mail files older than a week on a schedule (docs/architecture.md#datenbank-mail-prozesse). With several API
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

  /** Where this process writes mail files (no `SMTP_URL`); each process clears its own. */
  private readonly mailFiles: string | undefined;

  constructor(
    private readonly orm: MikroORM,
    @Optional() @Inject(APP_CONFIG) config?: Pick<AppConfig, 'dataDir' | 'smtpUrl'>,
  ) {
    this.mailFiles = config && !config.smtpUrl ? mailFolder(config.dataDir) : undefined;
  }

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
    await this.deleteOldMailFiles();
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

  /**
   * The mail files of this process's data folder past their week. Outside the lock: processes
   * with a database server may each have a data folder of their own.
   */
  async deleteOldMailFiles(): Promise<number> {
    if (!this.mailFiles) return 0;
    const deleted = await deleteMailFilesOlderThan(this.mailFiles, MAIL_FILE_DAYS);
    if (deleted > 0) this.logger.log({ deleted }, 'Alte Mail-Dateien gelöscht');
    return deleted;
  }
}
