import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { PGLiteSocketServer } from '@electric-sql/pglite-socket';

/** A running embedded PostgreSQL (PGlite) reachable over a local socket. */
export interface EmbeddedPostgres {
  url: string;
  stop(): Promise<void>;
}

/**
 * Starts PGlite with its data in `dataDir/pglite` (or in memory) behind pglite-socket, so that
 * MikroORM's ordinary PostgreSQL driver connects to it like to any server. PGlite runs one
 * transaction at a time; the socket multiplexes a handful of connections onto it.
 */
export async function startEmbeddedPostgres(options: {
  dataDir?: string;
  maxConnections: number;
}): Promise<EmbeddedPostgres> {
  let dataPath: string | undefined;
  if (options.dataDir) {
    dataPath = path.join(options.dataDir, 'pglite');
    mkdirSync(dataPath, { recursive: true });
  }
  const db = await PGlite.create(dataPath);
  const server = new PGLiteSocketServer({
    db,
    host: '127.0.0.1',
    port: 0,
    maxConnections: options.maxConnections,
  });
  await server.start();
  const address = server.getServerConn();
  return {
    url: `postgres://postgres@${address}/postgres`,
    async stop() {
      await server.stop();
      await db.close();
    },
  };
}
