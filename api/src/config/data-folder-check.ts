import {
  accessSync,
  constants,
  existsSync,
  mkdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { t } from '../common/messages.ts';
import type { AppConfig } from './app-config.ts';

/** The file-system error codes that mean "this folder cannot take our data", by their reason. */
const REASONS: Record<string, string> = {
  ENOTDIR: 'notFolder',
  EEXIST: 'notFolder',
  EROFS: 'readOnly',
  ENOSPC: 'full',
  EDQUOT: 'full',
  EACCES: 'noAccess',
  EPERM: 'noAccess',
};

/** A probe as large as a page of the database: a full disk may still take a few bytes. */
const PROBE = Buffer.alloc(8192);

/**
 * `DATA_DIR` (or a folder in it) cannot be written: not a folder, read-only, full or not ours.
 * The message says in German which path, why, and what lives there; the server prints it instead
 * of a stack trace and exits.
 */
export class DataFolderError extends Error {
  constructor(folder: string, reason: string, purposes: string[]) {
    super(
      t('dataDir.unusable', {
        folder,
        reason: t(`dataDir.reasons.${reason}`),
        purpose: new Intl.ListFormat('de', { type: 'conjunction' }).format(
          purposes.map((purpose) => t(`dataDir.purposes.${purpose}`)),
        ),
      }),
    );
    this.name = 'DataFolderError';
  }
}

const codeOf = (error: unknown) =>
  error instanceof Error ? (error as NodeJS.ErrnoException).code : undefined;

/** The `DataFolderError` for a file-system error in the data folder, else undefined. */
export function dataFolderErrorOf(
  error: unknown,
  dataDir: string,
  purposes: string[] = ['data'],
  /** The folder to name instead of the failed path (the probe's folder, not its file). */
  folder?: string,
): DataFolderError | undefined {
  const code = codeOf(error);
  if (!code || !Object.hasOwn(REASONS, code)) return undefined;
  const failed = (error as NodeJS.ErrnoException).path;
  // Only errors about our folder: a read-only system folder elsewhere is not DATA_DIR's fault.
  const inside = (file: string) => file === dataDir || file.startsWith(`${dataDir}${path.sep}`);
  if (failed && !inside(path.resolve(failed))) return undefined;
  return new DataFolderError(
    folder ?? (failed ? path.resolve(failed) : dataDir),
    REASONS[code]!,
    purposes,
  );
}

/** Creates `folder` if needed and proves that it takes a file (written, then removed). */
function probe(folder: string, purposes: string[], dataDir: string) {
  const file = path.join(folder, `.schreibprobe-${process.pid}`);
  try {
    mkdirSync(folder, { recursive: true });
    writeFileSync(file, PROBE);
  } catch (error) {
    // A probe that a full disk cut short goes too (below a file, `rmSync` fails: there is none).
    try {
      rmSync(file, { force: true });
    } catch {
      // nothing to remove
    }
    throw dataFolderErrorOf(error, dataDir, purposes, folder) ?? error;
  }
  rmSync(file, { force: true });
}

/**
 * Checks at start that the data folder takes what this configuration writes there – the kept
 * session secret, mails as files, the embedded database – so that a read-only, full or wrong
 * `DATA_DIR` stops the start with one German sentence rather than a stack trace from deep inside
 * PGlite or the mail worker minutes later. Writes nothing into an existing database folder (its
 * write access is asked for), and nothing when nothing of Fragewerk lives in `DATA_DIR`.
 */
export function checkDataFolder(config: AppConfig): void {
  const { dataDir } = config;
  const purposes = [
    !config.sessionSecret && 'sessionSecret',
    !config.smtpUrl && 'mail',
    !config.databaseUrl && 'database',
  ].filter((purpose): purpose is string => Boolean(purpose));
  if (purposes.length === 0) return;
  probe(dataDir, purposes, dataDir);
  const mail = path.join(dataDir, 'mail');
  if (!config.smtpUrl && existsSync(mail)) probe(mail, ['mail'], dataDir);
  const database = path.join(dataDir, 'pglite');
  if (!config.databaseUrl && existsSync(database)) {
    try {
      if (!statSync(database).isDirectory())
        throw Object.assign(new Error('not a folder'), { code: 'ENOTDIR', path: database });
      accessSync(database, constants.W_OK);
    } catch (error) {
      throw dataFolderErrorOf(error, dataDir, ['database']) ?? error;
    }
  }
}
