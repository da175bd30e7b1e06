import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { startEmbeddedPostgres } from './embedded-postgres.ts';

describe('the embedded database', () => {
  it('runs with small shared buffers (its memory is the server process’s)', async () => {
    const embedded = await startEmbeddedPostgres({ maxConnections: 2 });
    const client = new pg.Client({ connectionString: embedded.url });
    try {
      await client.connect();
      const { rows } = await client.query<{ shared_buffers: string }>('show shared_buffers');
      expect(rows[0]!.shared_buffers).toBe('16MB');
    } finally {
      await client.end();
      await embedded.stop();
    }
  }, 60_000);
});
