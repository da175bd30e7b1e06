import { createHash } from 'node:crypto';
import { readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { connect, createServer, type Server } from 'node:net';
import { t } from '../common/messages.ts';

/**
 * The process that holds a data folder, as it describes itself to a process that is refused.
 */
export interface DataFolderHolder {
  pid: number;
  command: string;
}

/** Another process has the embedded database of this folder open. */
export class DataFolderInUseError extends Error {
  readonly folder: string;
  readonly holder: DataFolderHolder | undefined;

  constructor(folder: string, holder: DataFolderHolder | undefined) {
    super(
      holder
        ? t('database.folderInUse', { folder, pid: holder.pid, command: holder.command })
        : t('database.folderInUseUnknown', { folder }),
    );
    this.name = 'DataFolderInUseError';
    this.folder = folder;
    this.holder = holder;
  }
}

/** A held data-folder lock. */
export interface DataFolderLock {
  release(): Promise<void>;
}

/**
 * The lock's name: the folder's device and inode (the same folder under another path, a symlink
 * or a bind mount, is the same folder), in Linux's abstract socket namespace.
 */
function lockName(folder: string): string {
  const { dev, ino } = statSync(folder, { bigint: true });
  const hash = createHash('sha256').update(`${dev}:${ino}`).digest('hex').slice(0, 40);
  return `\0fragewerk-data-folder-${hash}`;
}

/** The holder as it wrote itself next to the folder, if that process is alive. */
function holderFromFile(file: string): DataFolderHolder | undefined {
  try {
    const holder = JSON.parse(readFileSync(file, 'utf8')) as DataFolderHolder;
    if (typeof holder.pid !== 'number' || typeof holder.command !== 'string') return undefined;
    process.kill(holder.pid, 0);
    return holder;
  } catch {
    return undefined;
  }
}

/** Asks the holder of a lock who it is; undefined when it does not answer within a second. */
function askHolder(name: string): Promise<DataFolderHolder | undefined> {
  return new Promise((resolve) => {
    let answer = '';
    const socket = connect({ path: name });
    const done = (holder: DataFolderHolder | undefined) => {
      clearTimeout(timer);
      socket.destroy();
      resolve(holder);
    };
    const timer = setTimeout(() => done(undefined), 1000);
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (answer += chunk));
    socket.on('end', () => {
      try {
        const parsed = JSON.parse(answer) as DataFolderHolder;
        done(typeof parsed.pid === 'number' ? parsed : undefined);
      } catch {
        done(undefined);
      }
    });
    socket.on('error', () => done(undefined));
  });
}

/**
 * Locks a data folder for this process, or fails with a German `DataFolderInUseError` naming the
 * folder and the process that holds it. The folder must exist.
 *
 * Why a socket in Linux's abstract namespace (docs/architecture.md#datenbank-mail-prozesse): the
 * kernel owns the name and frees it the moment its process ends, however it ends – also by
 * SIGKILL or a power cut – so there is no stale lock to detect, and binding is atomic, so two
 * processes starting at the same moment cannot both win. A lock file with a pid needs a guess
 * after a crash (is that pid still the holder, or a new process with the same number?) and a
 * takeover that races; a lock by modification time (proper-lockfile) needs the holder's event
 * loop to refresh it, which PGlite, running in the same thread, can block for seconds. The
 * holder writes its pid and command to `<folder>.holder` (only information: a leftover file of a
 * crashed holder means nothing, its pid is checked) and also answers on the socket; the refused
 * process reports it and writes nothing. The limit: the name is per network namespace, so two
 * containers sharing a data folder do not see each other – the embedded database is for one
 * process on one machine; several use a server.
 */
export async function lockDataFolder(folder: string): Promise<DataFolderLock> {
  if (process.platform !== 'linux') {
    // Abstract sockets are Linux's; the product runs on Linux (README). Elsewhere, say so.
    process.emitWarning(t('database.folderLockUnsupported', { platform: process.platform }));
    return { release: async () => {} };
  }
  const name = lockName(folder);
  const infoFile = `${folder}.holder`;
  const self: DataFolderHolder = { pid: process.pid, command: process.argv.slice(1).join(' ') };
  const server: Server = createServer((socket) => {
    socket.on('error', () => socket.destroy());
    socket.end(JSON.stringify(self));
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen({ path: name, exclusive: true }, () => {
      server.off('error', reject);
      resolve();
    });
  }).catch(async (error: NodeJS.ErrnoException) => {
    if (error.code !== 'EADDRINUSE') throw error;
    // The file answers even while the holder's thread is busy (PGlite migrating).
    throw new DataFolderInUseError(folder, holderFromFile(infoFile) ?? (await askHolder(name)));
  });
  // The lock does not keep the process alive; it ends with the process or with release().
  server.unref();
  writeFileSync(infoFile, JSON.stringify(self));
  return {
    release: () =>
      new Promise<void>((resolve) => {
        rmSync(infoFile, { force: true });
        server.close(() => resolve());
      }),
  };
}
