import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailTransport } from '../src/mail/mail-transport.ts';
import { OutboxMailSchema } from '../src/mail/outbox-mail.entity.ts';
import { logMigration } from '../src/projects/definition-migration-log.repository.ts';
import { login, PASSWORD, unverifiedAccount, verifiedAccount } from './accounts.ts';
import { example, FORM_STEPS, LIST_STEPS, TEXT_FIELD, type Body, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * GDPR Art. 17 and 20 (docs/product.md#accountendpunkte): the export holds every answer of the
 * account and nothing of others; deleting a project or the account leaves no copy of its text or
 * address in any table, in the outbox or in the mail files.
 */

type Project = Json & { id: string; edit_token: string };
type Export = {
  format: string;
  account: Json;
  projects: (Json & {
    id: string;
    results: Record<string, string>;
    contacts: unknown[];
    questions: unknown[];
    activity: unknown[];
  })[];
};

let counter = 0;
/** A text that appears nowhere but where a test put it. */
const marker = (name: string) => `${name}${(counter += 1)}X${Date.now().toString(36)}`;

describe.each(DATABASES)('account data (%s database)', (database) => {
  let server: TestServer;
  let owner: Awaited<ReturnType<typeof verifiedAccount>>;
  let other: Awaited<ReturnType<typeof verifiedAccount>>;
  const contactEmail = `${marker('kontakt')}@example.de`.toLowerCase();
  /** The distinctive texts of each of the owner's projects, by project id. */
  const texts = new Map<string, string[]>();
  let otherText: string;

  /**
   * Every row of every table of the public schema as JSON text (jsonb columns inside as JSON),
   * lower case; `except` leaves tables out.
   */
  async function dump(except: string[] = []): Promise<string> {
    const em = server.orm.em.fork();
    const tables = await em.execute<{ tablename: string }[]>(
      "select tablename from pg_tables where schemaname = 'public' order by tablename",
    );
    expect(tables.map((table) => table.tablename)).toEqual(
      expect.arrayContaining(['app_user', 'project', 'definition_migration_log', 'mail_outbox']),
    );
    let text = '';
    for (const { tablename } of tables) {
      if (except.includes(tablename)) continue;
      const rows = await em.execute<{ row: string }[]>(
        `select to_jsonb(t)::text as row from "${tablename}" t`,
      );
      text += `${tablename}\n${rows.map((row) => row.row).join('\n')}\n`;
    }
    return text.toLowerCase();
  }

  /** Every mail file as written and as decoded (headers, subject, text), lower case. */
  async function mailText(): Promise<string> {
    const decoded = JSON.stringify(await server.mails());
    const folder = path.join(server.config.dataDir, 'mail');
    const raw = await Promise.all(
      (await readdir(folder).catch(() => [] as string[])).map((file) =>
        readFile(path.join(folder, file), 'utf8'),
      ),
    );
    return `${decoded}\n${raw.join('\n').replace(/=\r?\n/g, '')}`.toLowerCase();
  }

  /** A project of `client` with an answer in every step; its distinctive texts are remembered. */
  async function filledProject(client: HttpClient): Promise<Project> {
    const name = marker('Projekt');
    const firm = marker('Kundin');
    const created = await client.api<Body<Project>>('POST', '/projects/create', {
      project_name: name,
      customer_firm: firm,
    });
    expect(created.status).toBe(201);
    const project = created.body.data;
    const projectTexts = [name, firm];
    for (const step of LIST_STEPS) {
      const text = marker(step);
      projectTexts.push(text);
      const saved = await client.api('POST', `/projects/${project.id}/${step}`, {
        ...example(step),
        [TEXT_FIELD[step]!]: text,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    }
    for (const step of FORM_STEPS) {
      const saved = await client.api('PATCH', `/projects/${project.id}/${step}`, {
        ...example(step),
        version: 0,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    }
    const contact = await client.api('POST', `/projects/${project.id}/customer-contacts`, {
      name: `Kontakt ${name}`,
      email: `kontakt-${project.id}@kunde.de`,
    });
    expect(contact.status).toBe(201);
    const question = await client.api('POST', `/projects/${project.id}/questions`, {
      step: LIST_STEPS[0],
      text: `Rückfrage zu ${name}`,
    });
    expect(question.status).toBe(201);
    texts.set(project.id, projectTexts);
    return project;
  }

  const read = async (client: HttpClient, id: string) =>
    (await client.api<Body<Project>>('GET', `/projects/${id}`)).body.data;

  /**
   * What a definition migration writes for a project: its list entry before and after
   * (the real statement of the migration log).
   */
  async function migrationLogOf(client: HttpClient, id: string) {
    const [entry] = (await read(client, id))[LIST_STEPS[0]!] as Json[];
    const { id: itemId, version: _version, ...data } = entry!;
    const em = server.orm.em.fork();
    await em.transactional((tx) =>
      logMigration(tx, {
        projectId: id,
        fromRevision: 'vorher',
        toRevision: 'nachher',
        migrations: '2',
        stepKey: LIST_STEPS[0]!,
        itemId: itemId as string,
        before: data,
        after: { ...data, renamed: true },
      }),
    );
  }

  /** A mail about the project that waits in the outbox for a retry (the SMTP server was down). */
  async function waitingApprovalMail(to: string, project: Project) {
    const link = `${server.config.appUrl}/projekte/${project.id}/ergebnisse`;
    const em = server.orm.em.fork();
    em.create(OutboxMailSchema, {
      recipient: to,
      template: 'approved',
      link,
      ...MailTransport.render(
        'approved',
        {
          customer_firm: project.customer_firm as string,
          project_name: project.project_name as string,
        },
        link,
      ),
      attempts: 1,
      last_error: 'SMTP-Server antwortet nicht',
      next_attempt_at: new Date(Date.now() + 60 * 60 * 1000),
    });
    await em.flush();
  }

  const outboxCount = async () =>
    Number(
      (
        await server.orm.em.fork().execute<{ n: string }[]>('select count(*) as n from mail_outbox')
      )[0]!.n,
    );

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = await verifiedAccount(server, 'Agentur Datenschutz');
    other = await verifiedAccount(server, 'Agentur Nebenan');
    const contact = await owner.client.api('PATCH', `/user/${owner.user.id}`, {
      contact_name: 'Jana Beispiel',
      contact_email: contactEmail,
    });
    expect(contact.status).toBe(200);
    await filledProject(owner.client);
    await filledProject(owner.client);
    const foreign = await filledProject(other.client);
    otherText = texts.get(foreign.id)![0]!;
    texts.delete(foreign.id);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('downloads the account and every answer of every project as a JSON file', async () => {
    const response = await owner.client.raw('GET', `/api/user/${owner.user.id}/export`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
    expect(response.headers.get('content-disposition')).toMatch(
      /^attachment; filename="fragewerk-export-\d{4}-\d{2}-\d{2}\.json"$/,
    );
    expect(response.headers.get('cache-control')).toBe('no-store');
    const file = JSON.parse(response.text) as Export;
    expect(file.format).toBe('fragewerk-export');
    expect(file.account).toMatchObject({
      id: owner.user.id,
      email: owner.email,
      company: 'Agentur Datenschutz',
      contact_name: 'Jana Beispiel',
      contact_email: contactEmail,
      verified: true,
    });
    expect(file.account.verified_at).toEqual(expect.any(String));
    expect(response.text).not.toMatch(/password|argon2|token/i);

    expect(file.projects.map((project) => project.id).sort()).toEqual([...texts.keys()].sort());
    for (const exported of file.projects) {
      // Every step's answers exactly as the project read shows them, without the share link.
      const { edit_token: _token, ...shown } = await read(owner.client, exported.id);
      const { results, contacts, questions, activity, ...answers } = exported;
      expect(answers).toEqual(shown);
      // So do the Rückfragen and the history, as the agency's screens show them.
      for (const [list, path] of [
        [questions, 'questions'],
        [activity, 'activity'],
      ] as const)
        expect(list).toEqual(
          (await owner.client.api<{ data: unknown[] }>('GET', `/projects/${exported.id}/${path}`))
            .body.data,
        );
      expect(questions).toHaveLength(1);
      // The customer's people the agency keeps for the project come along.
      expect(contacts).toEqual(
        (
          await owner.client.api<{ data: unknown[] }>(
            'GET',
            `/projects/${exported.id}/customer-contacts`,
          )
        ).body.data,
      );
      for (const step of [...LIST_STEPS, ...FORM_STEPS])
        expect(typeof results[step], step).toBe('string');
      for (const step of LIST_STEPS) {
        const text = texts.get(exported.id)!.find((value) => value.startsWith(step))!;
        expect(results[step], step).toContain(text);
      }
    }
    expect(response.text).not.toContain(other.email);
    expect(response.text).not.toContain(otherText);
  });

  it('gives the export only to the logged-in, verified account itself', async () => {
    const path = `/api/user/${owner.user.id}/export`;
    expect((await new HttpClient(server.url).raw('GET', path)).status).toBe(401);
    const foreign = await other.client.raw('GET', path);
    expect(foreign.status).toBe(403);
    expect(foreign.text).not.toContain(owner.email);
    const unverified = await unverifiedAccount(server);
    expect(
      (await unverified.client.raw('GET', `/api/user/${unverified.user.id}/export`)).status,
    ).toBe(403);
  });

  it('deletes a project without leaving a copy: migration log, outbox and mail files', async () => {
    const [doomed, kept] = [...texts.keys()];
    await migrationLogOf(owner.client, doomed!);
    await migrationLogOf(owner.client, kept!);
    const doomedProject = await read(owner.client, doomed!);
    // The customer approves: the owner gets the approval mail (a file) …
    const customer = new HttpClient(server.url);
    customer.editToken = doomedProject.edit_token;
    expect((await customer.api('PUT', `/projects/${doomed}/approve`)).status).toBe(200);
    const doomedTexts = texts.get(doomed!)!;
    expect(await mailText()).toContain(doomedTexts[0]!.toLowerCase());
    // … and one more about it still waits in the outbox.
    await waitingApprovalMail(owner.email, doomedProject);
    const before = await dump();
    for (const text of doomedTexts) expect(before).toContain(text.toLowerCase());
    expect(before).toContain(`"project_id": "${doomed}"`);

    expect((await owner.client.api('DELETE', `/projects/${doomed}`)).status).toBe(200);
    texts.delete(doomed!);

    const after = await dump();
    for (const text of doomedTexts) expect(after, text).not.toContain(text.toLowerCase());
    expect(after).not.toContain(doomed);
    const mails = await mailText();
    for (const text of doomedTexts) expect(mails, text).not.toContain(text.toLowerCase());
    expect(mails).not.toContain(doomed);
    // The other project and its log stay.
    for (const text of texts.get(kept!)!) expect(after).toContain(text.toLowerCase());
    expect(after).toContain(`"project_id": "${kept}"`);
  });

  it('keeps everything when the password is wrong', async () => {
    // The guesses' counter and the sessions may change; nothing else may.
    const unchanged = () => dump(['login_attempt', 'session']);
    const before = await unchanged();
    const response = await owner.client.api('DELETE', `/user/${owner.user.id}`, {
      password: 'falsches-passwort',
    });
    expect(response.status).toBe(422);
    expect(response.body).toMatchObject({
      errors: { password: [expect.stringContaining('Passwort')] },
    });
    const missing = await owner.client.api('DELETE', `/user/${owner.user.id}`, {});
    expect(missing.status).toBe(422);
    const foreign = await other.client.api('DELETE', `/user/${owner.user.id}`, {
      password: PASSWORD,
    });
    expect(foreign.status).toBe(403);
    const after = await unchanged();
    expect(after).toBe(before);
    expect(after).toContain(owner.email);
    for (const text of [...texts.values()].flat()) expect(after).toContain(text.toLowerCase());
    expect((await owner.client.api('GET', '/user/current')).body).toMatchObject({
      data: { id: owner.user.id },
    });
  });

  it('deletes the account with everything that holds its address or its projects’ text', async () => {
    const [kept] = [...texts.keys()];
    await waitingApprovalMail(contactEmail, await read(owner.client, kept!));
    await waitingApprovalMail(
      other.email,
      await read(other.client, [...(await projectIdsOf(other.client))][0]!),
    );
    const outboxBefore = await outboxCount();
    const second = await login(server, owner.email);
    const before = await dump();
    expect(before).toContain(owner.email);
    expect(before).toContain(contactEmail);
    expect(await mailText()).toContain(owner.email);

    const response = await owner.client.api('DELETE', `/user/${owner.user.id}`, {
      password: PASSWORD,
    });
    expect(response.status, JSON.stringify(response.body)).toBe(200);
    expect(response.body).toEqual({ data: { deleted: true } });
    expect(owner.client.sessionId()).toBeUndefined();

    const after = await dump();
    expect(after).not.toContain(owner.email);
    expect(after).not.toContain(contactEmail);
    expect(after).not.toContain(owner.user.id);
    for (const text of [...texts.values()].flat())
      expect(after, text).not.toContain(text.toLowerCase());
    const mails = await mailText();
    expect(mails).not.toContain(owner.email);
    expect(mails).not.toContain(contactEmail);
    // Only the account's mails went: the other account's stay (and prove the dump reads data).
    expect(after).toContain(other.email);
    expect(after).toContain(otherText.toLowerCase());
    expect(mails).toContain(other.email);
    expect(await outboxCount()).toBe(outboxBefore - 1);

    // No session of the account works any more, and its credentials open nothing.
    expect((await second.api('GET', '/user/current')).body).toEqual({ data: null });
    expect((await second.raw('GET', `/api/user/${owner.user.id}/export`)).status).toBe(401);
    const again = new HttpClient(server.url);
    await again.page('/login');
    expect((await again.form('/login', { email: owner.email, password: PASSWORD })).status).toBe(
      401,
    );
    const page = await again.page('/account-geloescht');
    expect(page.status).toBe(200);
    expect(page.text).toContain('Ihr Account wurde gelöscht.');
  });

  async function projectIdsOf(client: HttpClient): Promise<string[]> {
    const list = await client.api<Body<{ id: string }[]>>('GET', '/projects');
    return list.body.data.map((project) => project.id);
  }
});
