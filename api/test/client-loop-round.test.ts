import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, berlinDate } from '../src/client-loop/reminder-rules.ts';
import { ClientLoopRoundService } from '../src/housekeeping/client-loop-round.service.ts';
import { verifiedAccount } from './accounts.ts';
import type { Body, Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/*
 * The round every 30 seconds (docs/architecture.md#datenbank-mail-prozesse): Rückfragen that
 * came quiet a minute ago go out in one bundled mail, a due date tomorrow sends its reminder, and
 * a second round – in this process or another one on the same database – sends nothing again.
 */

type Project = Json & { id: string; edit_token: string };

describe.each(EVERY_DATABASE)('the client-loop round (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database);
    agency = (await verifiedAccount(server, 'Agentur Nord')).client;
  });
  afterAll(() => server?.close());

  it('sends due Rückfragen and reminders once, and only one round runs at a time', async () => {
    const created = await agency.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Relaunch 2027',
      customer_firm: 'Bäckerei Groß',
    });
    const project = created.body.data;
    const base = `/projects/${project.id}`;
    expect(
      (await agency.api('PATCH', base, { due_date: addDays(berlinDate(new Date()), 1) })).status,
    ).toBe(200);
    expect(
      (
        await agency.api('POST', `${base}/customer-contacts`, {
          name: 'Eva Groß',
          email: 'eva@baeckerei-gross.de',
        })
      ).status,
    ).toBe(201);
    for (const text of ['Wer kommt zum Markt?', 'Wie oft im Jahr?'])
      expect((await agency.api('POST', `${base}/questions`, { step: 'ideas', text })).status).toBe(
        201,
      );
    // The Rückfragen came quiet over a minute ago.
    await server.orm.em
      .fork()
      .execute(
        `update project_question set created_at = now() - interval '2 minutes' where project_id = ?`,
        [project.id],
      );

    const round = server.app.get(ClientLoopRoundService);
    // Two rounds at once: one runs, the other finds the lock taken or nothing left to send.
    const results = await Promise.all([round.run(), round.run()]);
    const sent = results.filter((result) => result !== undefined);
    expect(sent.reduce((sum, result) => sum + result.questionMails + result.reminders, 0)).toBe(2);
    expect(await round.run()).toEqual({ questionMails: 0, replyMails: 0, reminders: 0 });

    const mails = (await server.mails()).filter((mail) => mail.to === 'eva@baeckerei-gross.de');
    expect(mails).toHaveLength(2);
    expect(mails.map((mail) => mail.text).join('\n')).toContain('Wer kommt zum Markt?');
  });
});
