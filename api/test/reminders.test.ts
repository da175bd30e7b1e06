import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { RemindersService } from '../src/client-loop/reminders.service.ts';
import { addDays, berlinDate } from '../src/client-loop/reminder-rules.ts';
import { agencyNord, bakeryProject, verifiedAccount } from './accounts.ts';
import { example, type Body, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/*
 * Reminders to the customer contacts (docs/product.md#erinnerungen): on the schedule – 7 and 2
 * days before the due date, 1 day after it, and after 5 days without activity – once per rule and
 * contact, only while steps are open and never for approved or archived projects; now by a
 * member, a few times an hour; and a signed link in every mail that switches them off for that
 * contact and project. The rounds run at a `now` some days ahead, on due dates around it, so the
 * server's own rounds (at the real time) never fire on these projects.
 */

type Project = Json & { id: string; edit_token: string; version: number };
type Contact = { id: string; name: string; email: string; reminders_off: boolean };
type Refusal = { message: string };
type Mail = Awaited<ReturnType<TestServer['mails']>>[number];
type ActivityRow = { kind: string; actor_kind: string; actor_id: string | null; detail: Json };

const DAY = 24 * 60 * 60 * 1000;
let sequence = 0;

describe.each(EVERY_DATABASE)('reminders (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;
  let ownerId: string;
  let reminders: RemindersService;
  let created: string[] = [];
  /** A moment three days ahead: „today“ of the rounds below. */
  const now = new Date(Date.now() + 3 * DAY);
  const today = berlinDate(now);

  beforeAll(async () => {
    server = await startTestServer(database);
    const owner = await agencyNord(server);
    agency = owner.client;
    ownerId = owner.user.id;
    reminders = server.app.get(RemindersService);
  });
  afterAll(() => server?.close());
  // Each test's projects go, so that a round counts only the next test's.
  afterEach(async () => {
    for (const id of created) await agency.api('DELETE', `/projects/${id}`);
    created = [];
  });

  const sql = <T = Json>(statement: string, values: unknown[] = []) =>
    server.orm.em.fork().execute<T[]>(statement, values);

  /** A project with contacts (unique addresses: `<name>-<n>@kunde.de`) and optionally a due date. */
  async function newProject(names: string[], dueDate?: string) {
    const project = await bakeryProject<Project>(agency);
    created.push(project.id);
    const contacts: Contact[] = [];
    for (const name of names) {
      sequence += 1;
      const added = await agency.api<Body<Contact>>(
        'POST',
        `/projects/${project.id}/customer-contacts`,
        { name, email: `${name.split(' ')[0]!.toLowerCase()}-${sequence}@kunde.de` },
      );
      expect(added.status).toBe(201);
      contacts.push(added.body.data);
    }
    if (dueDate) await sql('update project set due_date = ? where id = ?', [dueDate, project.id]);
    return { project, contacts };
  }

  const mailsTo = async (contacts: Contact[]): Promise<Mail[]> =>
    (await server.mails()).filter((mail) => contacts.some((contact) => mail.to === contact.email));
  const activity = (projectId: string) =>
    sql<ActivityRow>(
      `select kind, actor_kind, actor_id, detail from project_activity
        where project_id = ? and kind like 'reminder%' order by at, id`,
      [projectId],
    );
  const contactsOf = async (project: Project) =>
    (await agency.api<Body<Contact[]>>('GET', `/projects/${project.id}/customer-contacts`)).body
      .data;
  const unsubscribeLink = (mail: Mail) =>
    /http:\/\/fragewerk\.test(\/erinnerungen\/abbestellen\/[\w-]+)/.exec(mail.text)?.[1];

  it('a due date tomorrow: one mail per contact naming the open steps and the link, then no more', async () => {
    const due = addDays(today, 1);
    const { project, contacts } = await newProject(['Eva Groß', 'Max Brot'], due);
    expect(await reminders.sendDue(now)).toBe(2);

    const mails = await mailsTo(contacts);
    expect(mails.map((mail) => mail.to).sort()).toEqual(contacts.map((c) => c.email).sort());
    const mail = mails.find((candidate) => candidate.to === contacts[0]!.email)!;
    expect(mail.subject).toBe(
      'Agentur Nord: Erinnerung an den Fragebogen zum Projekt „Relaunch 2027“',
    );
    expect(mail.from).toMatch(/^"?Jana Kühn \(Agentur Nord\)"? <[^>]+>$/);
    expect(mail.replyTo).toBe('jana@agentur-nord.de');
    expect(mail.link).toBe(
      `http://fragewerk.test/share/${project.edit_token}/projekte/${project.id}/fragebogen`,
    );
    const dueText = new Intl.DateTimeFormat('de-DE', {
      weekday: 'long',
      day: 'numeric',
      month: 'long',
      year: 'numeric',
      timeZone: 'UTC',
    }).format(new Date(`${due}T00:00:00Z`));
    const text = mail.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Guten Tag Eva Groß,');
    expect(text).toContain(
      `kurz zur Erinnerung: Agentur Nord bittet bis ${dueText} um Ihre Antworten im Fragebogen „Fixture-Briefing“ zum Projekt „Relaunch 2027“.`,
    );
    expect(text).toContain('Noch offen: „Ideen“ und „Rahmen“.');
    expect(text).toContain('Viele Grüße\nJana Kühn\nAgentur Nord');
    expect(text).toMatch(
      /Keine Erinnerungen mehr zu diesem Projekt\? Ein Klick genügt:\nhttp:\/\/fragewerk\.test\/erinnerungen\/abbestellen\/[0-9a-f]{32}[\w-]{43}\n?$/,
    );
    // Mail programs offer the same link as a button that unsubscribes with one POST (RFC 8058).
    const raw = (
      await readFile(path.join(server.config.dataDir, 'mail', mail.file), 'utf8')
    ).replace(/\r?\n[ \t]+/g, ' ');
    expect(raw).toContain(
      `List-Unsubscribe: <http://fragewerk.test${unsubscribeLink(mail)}> (Keine Erinnerungen mehr)`,
    );
    expect(raw).toContain('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    // Each contact has a link of their own.
    expect(unsubscribeLink(mail)).not.toBe(
      unsubscribeLink(mails.find((candidate) => candidate !== mail)!),
    );

    // Claimed once per contact: later rounds of the same day (or the next) send nothing.
    expect(await reminders.sendDue(now)).toBe(0);
    expect(await reminders.sendDue(new Date(now.getTime() + DAY))).toBe(0);
    expect(await mailsTo(contacts)).toHaveLength(2);
    expect(await activity(project.id)).toEqual([
      {
        kind: 'reminder.sent',
        actor_kind: 'system',
        actor_id: null,
        detail: { rule: `due-2:${due}`, contacts: ['Eva Groß', 'Max Brot'] },
      },
    ]);
    expect((await contactsOf(project)).map((contact) => contact.reminders_off)).toEqual([
      false,
      false,
    ]);
  });

  it('follows the schedule: 7 and 2 days before, 1 day after, never a late „in 7 days“', async () => {
    const due = addDays(today, 7);
    const { project, contacts } = await newProject(['Eva Groß'], due);
    const at = (days: number) => new Date(now.getTime() + days * DAY);
    // Worked on until the last round below: the idle rule stays out of this test.
    await sql('update project set updated_at = ? where id = ?', [at(9).toISOString(), project.id]);
    expect(await reminders.sendDue(at(-1))).toBe(0); // 8 days before
    expect(await reminders.sendDue(now)).toBe(1); // 7 days before
    expect(await reminders.sendDue(at(1))).toBe(0);
    expect(await reminders.sendDue(at(4))).toBe(0);
    expect(await reminders.sendDue(at(5))).toBe(1); // 2 days before
    expect(await reminders.sendDue(at(7))).toBe(0); // the day itself
    expect(await reminders.sendDue(at(8))).toBe(1); // 1 day after
    expect(await reminders.sendDue(at(9))).toBe(0);
    const rules = await sql<{ rule: string }>(
      'select rule from reminder_sent where project_id = ? order by sent_at, rule',
      [project.id],
    );
    expect(rules.map((row) => row.rule)).toEqual([`due-7:${due}`, `due-2:${due}`, `due+1:${due}`]);
    const [, , overdue] = await mailsTo(contacts);
    expect(overdue!.text).toMatch(
      /der Fragebogen „Fixture-Briefing“ zum Projekt „Relaunch 2027“ war bis \w+, \d+\. \w+ \d{4} geplant\./,
    );

    // A due date set only 3 days ahead skips the „in 7 days“ reminder instead of sending it late.
    const late = await newProject(['Ida Spät'], addDays(today, 5));
    expect(await reminders.sendDue(now)).toBe(0);
    expect(await mailsTo(late.contacts)).toHaveLength(0);
  });

  it('two rounds at the same moment send each reminder once', async () => {
    const { contacts } = await newProject(['Eva Groß', 'Max Brot', 'Ida Mehl'], addDays(today, 1));
    const counts = await Promise.all([
      reminders.sendDue(now),
      reminders.sendDue(now),
      reminders.sendDue(now),
    ]);
    expect(counts.reduce((sum, count) => sum + count, 0)).toBe(3);
    expect(await mailsTo(contacts)).toHaveLength(3);
  });

  it('reminds nobody on approved, archived, switched-off or complete projects, nor who opted out', async () => {
    const due = addDays(today, 1);
    const approved = await newProject(['Anna Frei'], due);
    const customer = new HttpClient(server.url);
    customer.editToken = approved.project.edit_token;
    expect((await customer.api('PUT', `/projects/${approved.project.id}/approve`)).status).toBe(
      200,
    );

    const archived = await newProject(['Arne Archiv'], due);
    expect(
      (
        await agency.api('PATCH', `/projects/${archived.project.id}`, {
          is_archived: true,
          version: archived.project.version,
        })
      ).status,
    ).toBe(200);

    const off = await newProject(['Olga Aus'], due);
    await sql('update project set reminders_enabled = false where id = ?', [off.project.id]);

    const optedOut = await newProject(['Otto Nein'], due);
    await sql('update customer_contact set reminders_off_at = now() where id = ?', [
      optedOut.contacts[0]!.id,
    ]);

    const complete = await newProject(['Karl Voll'], due);
    expect(
      (await agency.api('POST', `/projects/${complete.project.id}/ideas`, example('ideas'))).status,
    ).toBe(201);
    expect(
      (
        await agency.api('PATCH', `/projects/${complete.project.id}/frame`, {
          ...example('frame'),
          version: 0,
        })
      ).status,
    ).toBe(200);

    // In the same round, a project open for reminders gets one; only its steps still open count.
    const open = await newProject(['Rita Offen'], due);
    expect(
      (await agency.api('POST', `/projects/${open.project.id}/ideas`, example('ideas'))).status,
    ).toBe(201);

    expect(await reminders.sendDue(now)).toBe(1);
    const all = [approved, archived, off, optedOut, complete, open].flatMap((p) => p.contacts);
    const mails = await mailsTo(all);
    expect(mails.map((mail) => mail.to)).toEqual([open.contacts[0]!.email]);
    expect(mails[0]!.text).toContain('Noch offen: „Rahmen“.');
    for (const quiet of [approved, archived, off, optedOut, complete])
      expect(await activity(quiet.project.id)).toEqual([]);
  });

  it('reminds once after 5 days without activity, and again only after new activity', async () => {
    const { project, contacts } = await newProject(['Eva Groß']);
    const started = new Date();
    const after = (days: number) => new Date(started.getTime() + days * DAY + 60_000);
    expect(await reminders.sendDue(after(4))).toBe(0);
    expect(await reminders.sendDue(after(5))).toBe(1);
    expect(await reminders.sendDue(after(6))).toBe(0);
    const [mail] = await mailsTo(contacts);
    expect(mail!.text).toContain(
      'kurz zur Erinnerung: Agentur Nord freut sich auf Ihre Antworten im Fragebogen „Fixture-Briefing“ zum Projekt „Relaunch 2027“.',
    );
    expect(mail!.text).toContain('Noch offen: „Ideen“ und „Rahmen“.');
    expect((await activity(project.id)).map((row) => row.detail.rule)).toEqual([
      `idle:${berlinDate(started)}`,
    ]);

    // The customer worked on it two days later; five quiet days after that, one more reminder.
    await sql(
      `insert into project_activity (id, project_id, at, actor_kind, kind, step_key, detail, count)
       values (gen_random_uuid(), ?, ?, 'customer', 'step.saved', 'frame', '{}', 1)`,
      [project.id, after(2).toISOString()],
    );
    expect(await reminders.sendDue(after(6))).toBe(0);
    expect(await reminders.sendDue(after(7))).toBe(1);
    expect(await mailsTo(contacts)).toHaveLength(2);
  });

  it('sends a reminder now for a member, a few times an hour', async () => {
    const { project, contacts } = await newProject(['Eva Groß', 'Max Brot']);
    await sql('update customer_contact set reminders_off_at = now() where id = ?', [
      contacts[1]!.id,
    ]);
    const sent = await agency.api<Body<{ sent: number }>>(
      'POST',
      `/projects/${project.id}/reminders`,
    );
    expect(sent.status).toBe(200);
    expect(sent.body.data).toEqual({ sent: 1 });
    const mails = await mailsTo(contacts);
    expect(mails.map((mail) => mail.to)).toEqual([contacts[0]!.email]);
    expect(mails[0]!.text).toContain('Noch offen: „Ideen“ und „Rahmen“.');
    expect(await activity(project.id)).toEqual([
      {
        kind: 'reminder.sent',
        actor_kind: 'member',
        actor_id: ownerId,
        detail: { rule: 'manual', contacts: ['Eva Groß'] },
      },
    ]);
    // Switched off for the schedule, the agency may still send one.
    await sql('update project set reminders_enabled = false where id = ?', [project.id]);
    for (let index = 0; index < 2; index += 1)
      expect((await agency.api('POST', `/projects/${project.id}/reminders`)).status).toBe(200);
    const more = await agency.api<Refusal>('POST', `/projects/${project.id}/reminders`);
    expect(more.status).toBe(429);
    expect(more.body.message).toMatch(
      /^Für dieses Projekt sind in der letzten Stunde schon 3 Erinnerungen verschickt worden\. Bitte warten Sie \d+ Minuten? und versuchen Sie es dann erneut\.$/,
    );
    expect(await mailsTo(contacts)).toHaveLength(3);
    // A manual reminder claims no rule of the schedule.
    await sql('update project set reminders_enabled = true, due_date = ? where id = ?', [
      addDays(today, 1),
      project.id,
    ]);
    expect(await reminders.sendDue(now)).toBe(1);
  });

  it('refuses a reminder now in German when there is nobody to remind or nothing open', async () => {
    const nobody = await newProject([]);
    const none = await agency.api<Refusal>('POST', `/projects/${nobody.project.id}/reminders`);
    expect(none.status).toBe(422);
    expect(none.body.message).toMatch(/^Es gibt keinen Kontakt, der Erinnerungen bekommt\./);

    const optedOut = await newProject(['Otto Nein']);
    await sql('update customer_contact set reminders_off_at = now() where id = ?', [
      optedOut.contacts[0]!.id,
    ]);
    expect((await agency.api('POST', `/projects/${optedOut.project.id}/reminders`)).status).toBe(
      422,
    );

    const complete = await newProject(['Karl Voll']);
    await agency.api('POST', `/projects/${complete.project.id}/ideas`, example('ideas'));
    await agency.api('PATCH', `/projects/${complete.project.id}/frame`, {
      ...example('frame'),
      version: 0,
    });
    const done = await agency.api<Refusal>('POST', `/projects/${complete.project.id}/reminders`);
    expect(done.status).toBe(422);
    expect(done.body.message).toBe(
      'Im Fragebogen ist nichts mehr offen: Alle Schritte sind vollständig.',
    );

    const approved = await newProject(['Anna Frei']);
    const customer = new HttpClient(server.url);
    customer.editToken = approved.project.edit_token;
    expect((await customer.api('PUT', `/projects/${approved.project.id}/approve`)).status).toBe(
      200,
    );
    const closed = await agency.api<Refusal>('POST', `/projects/${approved.project.id}/reminders`);
    expect(closed.status).toBe(409);
    expect(closed.body.message).toBe(
      'Der Fragebogen ist freigegeben: Erinnerungen gibt es keine mehr.',
    );

    const archived = await newProject(['Arne Archiv']);
    await agency.api('PATCH', `/projects/${archived.project.id}`, {
      is_archived: true,
      version: archived.project.version,
    });
    const gone = await agency.api<Refusal>('POST', `/projects/${archived.project.id}/reminders`);
    expect(gone.status).toBe(403);
    expect(gone.body.message).toBe('Das Projekt wurde archiviert.');

    // Members only: not the customer's link, not another agency.
    const open = await newProject(['Eva Groß']);
    const holder = new HttpClient(server.url);
    holder.editToken = open.project.edit_token;
    expect((await holder.api('POST', `/projects/${open.project.id}/reminders`)).status).toBe(403);
    const other = (await verifiedAccount(server, 'Agentur Süd')).client;
    expect((await other.api('POST', `/projects/${open.project.id}/reminders`)).status).toBe(404);
    const all = [nobody, optedOut, complete, approved, archived, open].flatMap((p) => p.contacts);
    expect(await mailsTo(all)).toHaveLength(0);
  });

  it('the mail’s link switches reminders off: the page asks, the post does it, once', async () => {
    const { project, contacts } = await newProject(['Eva Groß', 'Max Brot']);
    expect((await agency.api('POST', `/projects/${project.id}/reminders`)).status).toBe(200);
    const mails = await mailsTo(contacts);
    const link = unsubscribeLink(mails.find((mail) => mail.to === contacts[0]!.email)!)!;
    expect(link).toBeDefined();

    // Opening it (a person, or a mail scanner) changes nothing.
    const visitor = new HttpClient(server.url);
    const page = await visitor.page(link);
    expect(page.status).toBe(200);
    expect(page.headers.get('cache-control')).toBe('no-store');
    expect(page.text).toContain('<h1>Keine Erinnerungen mehr?</h1>');
    expect(page.text).toContain('Agentur Nord erinnert eva-');
    expect(page.text).toContain('zum Projekt „Relaunch 2027“');
    expect(page.text).toContain(`<form method="post" action="${link}">`);
    expect(page.text).toContain('<button type="submit">Keine Erinnerungen mehr</button>');
    expect((await contactsOf(project)).map((contact) => contact.reminders_off)).toEqual([
      false,
      false,
    ]);
    expect((await activity(project.id)).map((row) => row.kind)).toEqual(['reminder.sent']);

    // The button posts the form: no login, no CSRF token, the signed link is enough.
    const posted = await visitor.raw('POST', link, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(posted.status).toBe(200);
    expect(posted.text).toContain('<h1>Erinnerungen abbestellt</h1>');
    expect(posted.text).toContain('keine Erinnerungen mehr zum Projekt „Relaunch 2027“');
    expect((await contactsOf(project)).map((contact) => contact.reminders_off)).toEqual([
      true,
      false,
    ]);
    const rows = await sql<ActivityRow>(
      `select kind, actor_kind, actor_id, detail from project_activity
        where project_id = ? and kind = 'reminders.unsubscribed'`,
      [project.id],
    );
    expect(rows).toEqual([
      {
        kind: 'reminders.unsubscribed',
        actor_kind: 'customer',
        actor_id: null,
        detail: { name: 'Eva Groß' },
      },
    ]);

    // Again, as a mail program's one-click (RFC 8058): the same answer, no second history line.
    const again = await new HttpClient(server.url).raw('POST', link, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: 'List-Unsubscribe=One-Click',
    });
    expect(again.status).toBe(200);
    expect(
      await sql(
        `select 1 from project_activity where project_id = ? and kind = 'reminders.unsubscribed'`,
        [project.id],
      ),
    ).toHaveLength(1);
    expect((await visitor.page(link)).text).toContain('<h1>Erinnerungen abbestellt</h1>');

    // Further reminders go to the others only.
    expect((await agency.api('POST', `/projects/${project.id}/reminders`)).status).toBe(200);
    await sql('update project set due_date = ? where id = ?', [addDays(today, 1), project.id]);
    expect(await reminders.sendDue(now)).toBe(1);
    const later = (await mailsTo(contacts)).slice(mails.length);
    expect(later.map((mail) => mail.to)).toEqual([contacts[1]!.email, contacts[1]!.email]);
  });

  it('a forged, altered or foreign link finds nothing and changes nothing', async () => {
    const { project, contacts } = await newProject(['Eva Groß']);
    expect((await agency.api('POST', `/projects/${project.id}/reminders`)).status).toBe(200);
    const link = unsubscribeLink((await mailsTo(contacts))[0]!)!;
    const token = link.split('/').at(-1)!;
    const flipped = `${token.slice(0, -1)}${token.endsWith('A') ? 'B' : 'A'}`;
    // The contact id of another contact with Eva's signature; a token of nothing at all.
    const otherId = 'f'.repeat(32);
    for (const forged of [flipped, `${otherId}${token.slice(32)}`, 'abc', token.slice(0, 74)]) {
      const client = new HttpClient(server.url);
      const shown = await client.page(`/erinnerungen/abbestellen/${forged}`);
      expect(shown.status).toBe(404);
      expect(shown.text).toContain('<h1>Link ungültig</h1>');
      expect(shown.text).toContain('Diesen Link zum Abbestellen gibt es nicht (mehr)');
      const posted = await client.raw('POST', `/erinnerungen/abbestellen/${forged}`, {
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: 'List-Unsubscribe=One-Click',
      });
      expect(posted.status).toBe(404);
    }
    expect((await contactsOf(project))[0]!.reminders_off).toBe(false);

    // Once the contact is removed, its link is void.
    expect(
      (await agency.api('DELETE', `/projects/${project.id}/customer-contacts/${contacts[0]!.id}`))
        .status,
    ).toBe(204);
    expect((await new HttpClient(server.url).page(link)).status).toBe(404);
  });
});
