import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach } from 'vitest';
import { createServerDatabase, startTestServer, type TestServer } from './test-server.ts';

/**
 * A server on its own data folder (or server database) and its own copy of the catalogue, which a
 * test edits between restarts on the same data: how an editor changes files and the server starts
 * again (the revision and catalogue tests). Set up before and cleaned up after every test.
 */
export class CatalogueCopyServer {
  dataDir = '';
  /** The catalogue copy, usable as `DEFINITION_DIR`. */
  definitionDir = '';
  /** The server running now, if any (a test may put one it started itself here). */
  server: TestServer | undefined;
  private serverDatabase: { url: string; drop(): Promise<void> } | undefined;

  constructor(
    private readonly database: 'embedded' | 'server',
    private readonly copy: () => Promise<string>,
  ) {}

  /** The running server; a test that asks without one started is wrong. */
  get running(): TestServer {
    if (!this.server) throw new Error('Kein Server gestartet.');
    return this.server;
  }

  async setUp(): Promise<void> {
    this.dataDir = await mkdtemp(path.join(tmpdir(), 'fragewerk-copy-data-'));
    this.definitionDir = await this.copy();
    this.serverDatabase = this.database === 'server' ? await createServerDatabase() : undefined;
  }

  async tearDown(): Promise<void> {
    await this.stop();
    await this.serverDatabase?.drop();
    await rm(this.dataDir, { recursive: true, force: true });
    await rm(this.definitionDir, { recursive: true, force: true });
  }

  /** Starts a server on the copy and the data (it becomes `server`). */
  start = async (): Promise<TestServer> => {
    this.server = await startTestServer('embedded', {
      dataDir: this.dataDir,
      databaseUrl: this.serverDatabase?.url,
      definitionDir: this.definitionDir,
    });
    return this.server;
  };

  async stop(): Promise<void> {
    await this.server?.close();
    this.server = undefined;
  }

  /** Stops the server, lets `edit` change the catalogue copy, starts it again on the same data. */
  restart = async (edit: (root: string) => Promise<void>): Promise<TestServer> => {
    await this.stop();
    await edit(this.definitionDir);
    return this.start();
  };
}

/** A {@link CatalogueCopyServer} set up before each test of the calling `describe` and cleaned after. */
export function catalogueCopyServer(
  database: 'embedded' | 'server',
  copy: () => Promise<string>,
): CatalogueCopyServer {
  const harness = new CatalogueCopyServer(database, copy);
  beforeEach(() => harness.setUp());
  afterEach(() => harness.tearDown());
  return harness;
}
