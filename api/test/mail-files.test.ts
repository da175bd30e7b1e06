import { execFile } from 'node:child_process';
import { stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { Writable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HousekeepingService } from '../src/housekeeping/housekeeping.service.ts';
import { HttpClient } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

const DAY_MS = 24 * 60 * 60 * 1000;
const root = fileURLToPath(new URL('../..', import.meta.url));

/**
 * Mails written to files (no `SMTP_URL`): they hold addresses and links with tokens, so only
 * the server's user reads them, the log never holds their links, and they go after a week.
 */
describe.each(DATABASES)('mail files (%s database)', (database) => {
  let server: TestServer;
  const lines: string[] = [];
  beforeAll(async () => {
    const logs = new Writable({
      write(chunk, _encoding, done) {
        lines.push(...String(chunk).split('\n').filter(Boolean));
        done();
      },
    });
    server = await startTestServer(database, {}, { logs });
  });
  afterAll(async () => {
    await server?.close();
  });

  const folder = () => path.join(server.config.dataDir, 'mail');

  it('writes each mail readable by the server’s user only, and logs where it is, not its link', async () => {
    const { email } = await verifiedAccount(server);
    const forgot = new HttpClient(server.url);
    await forgot.page('/passwort-vergessen');
    await forgot.form('/passwort-vergessen', { email });
    const mails = await server.mails();
    const reset = mails.find((mail) => mail.link?.includes('/passwort-zuruecksetzen/'))!;
    expect(reset).toBeDefined();

    expect((await stat(folder())).mode & 0o777).toBe(0o700);
    for (const mail of mails) {
      expect((await stat(path.join(folder(), mail.file))).mode & 0o777).toBe(0o600);
    }
    const log = lines.join('\n');
    expect(log).toContain(`als Datei gespeichert (${reset.file})`);
    expect(log).toContain('npm run mails');
    expect(log).not.toContain(new URL(reset.link!).pathname);
  });

  it('shows the newest mails with their links through `npm run mails`', async () => {
    const mails = await server.mails();
    const { stdout } = await promisify(execFile)(
      path.join(root, 'node_modules/.bin/tsx'),
      ['api/src/mail/print-mails.ts', '--count', '2'],
      { cwd: root, env: { ...process.env, DATA_DIR: server.config.dataDir, SMTP_URL: '' } },
    );
    const [previous, newest] = mails.slice(-2);
    expect(stdout).toContain(newest!.subject);
    expect(stdout).toContain(newest!.link!);
    expect(stdout).toContain(`an ${newest!.to}`);
    expect(stdout).toContain(previous!.link!);
    // Only the two newest.
    expect(stdout.match(/^\S.* an /gm)).toHaveLength(2);
  });

  it('deletes mail files older than a week and keeps the newer ones', async () => {
    const old = path.join(folder(), 'alt.eml');
    const recent = path.join(folder(), 'neu.eml');
    await writeFile(old, 'To: a@example.de\n\nalt', { mode: 0o600 });
    await writeFile(recent, 'To: b@example.de\n\nneu', { mode: 0o600 });
    const eightDaysAgo = new Date(Date.now() - 8 * DAY_MS);
    const sixDaysAgo = new Date(Date.now() - 6 * DAY_MS);
    await utimes(old, eightDaysAgo, eightDaysAgo);
    await utimes(recent, sixDaysAgo, sixDaysAgo);

    const deleted = await server.app.get(HousekeepingService).deleteOldMailFiles();
    expect(deleted).toBe(1);
    await expect(stat(old)).rejects.toMatchObject({ code: 'ENOENT' });
    expect((await stat(recent)).isFile()).toBe(true);
    // The mails of the test above are new: they stay.
    expect((await server.mails()).length).toBeGreaterThanOrEqual(3);
  });
});
