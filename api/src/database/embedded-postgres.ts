import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';
import { lockDataFolder, type DataFolderLock } from './data-folder-lock.ts';
import { copyEmbeddedTemplate, readEmbeddedTemplate } from './embedded-template.ts';

/**
 * PostgreSQL's settings for the embedded database. Its memory lives in the server process and
 * never shrinks, so the shared buffers stay small (PostgreSQL's default is 128 MB): a small
 * agency's data fits several times, and the process stays well under 400 MB on a 1 GB server
 * (BENCHMARKS.md, memory).
 */
const START_PARAMS = [...PGlite.defaultStartParams, '-c', 'shared_buffers=16MB'];

/** A running embedded PostgreSQL (PGlite) reachable over a local socket. */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PGlite with its data in `dataDir/pglite` (or in memory) behind pglite-socket, so that
 * MikroORM's ordinary PostgreSQL driver connects to it like to any server. PGlite runs one
 * transaction at a time; the socket multiplexes a handful of connections onto it.
 *
 * Two processes writing one PGlite folder destroy it, so the folder is locked first: a second
 * process (server, `npm run demo`, benchmark) fails with `DataFolderInUseError` before it opens a
 * file. `stop()` releases the lock; a crash releases it too (see `lockDataFolder`).
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  maxConnections: number;
  /** false: an empty database (initdb), without the template's migrations (a migration's test). */
  template?: boolean;
}): Promise<EmbeddedPostgres> {
  let dataPath: string | undefined;
  let lock: DataFolderLock | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
    lock = await lockDataFolder(dataPath);
  }
  let db: PGlite | undefined;
  try {
    // A new database starts from the built template instead of initdb (embedded-template.ts): a
    // new data folder as a copy of the template's folder, a database in memory from its pack.
    const fresh =
      options.template !== false && (!dataPath || !existsSync(path.join(dataPath, 'PG_VERSION')));
    if (fresh && dataPath) copyEmbeddedTemplate(dataPath);
    db = await PGlite.create(dataPath, {
      startParams: START_PARAMS,
      loadDataDir: fresh && !dataPath ? readEmbeddedTemplate() : undefined,
    });
    const server = new PGLiteSocketServer({
      db,
      host: '127.0.0.1',
      port: 0,
      maxConnections: options.maxConnections,
    });
    await server.start();
    const address = server.getServerConn();
    const opened = db;
    return {
      url: `postgres://postgres@${address}/postgres`,
      async stop() {
        try {
          await server.stop();
          await opened.close();
        } finally {
          await lock?.release();
        }
      },
    };
  } catch (error) {
    await db?.close().catch(() => {});
    await lock?.release();
    throw error;
  }
}
