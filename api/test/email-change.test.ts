import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { login, PASSWORD, register, uniqueEmail, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

interface User {
  id: string;
  email: string;
  company: string;
  pending_email?: string;
  updated_at: string;
}
interface Body<T = User> {
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
}

const CONFIRM_WITH_PASSWORD = 'Bitte bestätigen Sie die Änderung mit Ihrem aktuellen Passwort.';
const WRONG_PASSWORD =
  'Das aktuelle Passwort wurde nicht korrekt eingegeben. Bitte korrigieren Sie das Passwort um sich zu verifizieren.';
const COMPANY = 'Tischlerei Berger & Söhne';
const CHANGE_SUBJECTS = [
  'Neue E-Mail-Adresse bestätigen',
  'Änderung Ihrer E-Mail-Adresse beantragt',
  'Ihre E-Mail-Adresse bei Fragewerk',
  'Ihre E-Mail-Adresse wurde geändert',
];

/** `neu-3-…@example.de` as the notice to the old address shows it. */
const masked = (email: string) => `${email[0]}***@${email.split('@')[1]}`;

/**
 * Each server is fresh (mail limits count per client address and all tests come from
 * 127.0.0.1): the request tests and the confirmation tests get one each.
 */
function withServer(database: 'embedded' | 'server', logLines?: string[]) {
  const holder: { server: TestServer } = {} as { server: TestServer };
  beforeAll(async () => {
    holder.server = await startTestServer(
      database,
      {},
      logLines
        ? {
            logs: {
              write: (line: string) => void logLines.push(...line.split('\n').filter(Boolean)),
            },
          }
        : {},
    );
  });
  afterAll(async () => {
    await holder.server?.close();
  });
  return holder;
}

async function current(client: HttpClient): Promise<User | null> {
  const response = await client.api<Body<User | null>>('GET', '/user/current');
  expect(response.status).toBe(200);
  return response.body.data;
}

const requestChange = (client: HttpClient, userId: string, fields: Record<string, unknown>) =>
  client.api<Body>('PATCH', `/user/${userId}`, fields);

describe.each(DATABASES)('e-mail change: the request (%s database)', (database) => {
  const holder = withServer(database);
  const mailsTo = async (address: string) =>
    (await holder.server.mails()).filter((mail) => mail.to.includes(address));

  it('refuses a new address without the current password or with a wrong one; nothing changes', async () => {
    const { client, user, email } = await verifiedAccount(holder.server, COMPANY);
    const before = await current(client);
    const wanted = uniqueEmail('neu');

    for (const password of [undefined, '']) {
      const missing = await requestChange(client, user.id, {
        company: 'Neuer Name',
        email: wanted,
        current_password: password,
      });
      expect(missing.status).toBe(422);
      expect(missing.body.errors).toEqual({ current_password: [CONFIRM_WITH_PASSWORD] });
    }
    const wrong = await requestChange(client, user.id, {
      email: wanted,
      current_password: 'falsches-passwort',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ current_password: [WRONG_PASSWORD] });

    // Nothing saved, not even the company sent along; no mail to either address.
    expect(await current(client)).toEqual(before);
    expect(await mailsTo(wanted)).toEqual([]);
    expect((await mailsTo(email)).map((mail) => mail.subject)).toEqual([
      'Bitte bestätigen Sie Ihre E-Mail-Adresse',
    ]);
  });

  it('saves the other fields at once and answers with the old address plus pending_email', async () => {
    const { client, user, email } = await verifiedAccount(holder.server, COMPANY);
    const wanted = uniqueEmail('neu');
    const response = await requestChange(client, user.id, {
      company: 'Agentur Süd',
      email: ` ${wanted.toUpperCase()} `,
      current_password: PASSWORD,
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: user.id,
      company: 'Agentur Süd',
      email,
      pending_email: wanted,
    });
    const after = (await current(client))!;
    expect(after).toMatchObject({ company: 'Agentur Süd', email });
    expect(after).not.toHaveProperty('pending_email');
    // The password in the body is never echoed or stored as a field.
    expect(JSON.stringify(response.body)).not.toContain(PASSWORD);
  });

  it('answers alike for a free and a taken address; the taken one gets a notice without a link', async () => {
    const taken = await verifiedAccount(holder.server, 'Besetzt GmbH');
    const first = await verifiedAccount(holder.server, COMPANY);
    const second = await verifiedAccount(holder.server, COMPANY);
    const free = uniqueEmail('frei');

    const toFree = await requestChange(first.client, first.user.id, {
      email: free,
      current_password: PASSWORD,
    });
    const toTaken = await requestChange(second.client, second.user.id, {
      email: taken.email.toUpperCase(),
      current_password: PASSWORD,
    });
    // Same status, same shape, same content apart from the account's own values.
    expect(toTaken.status).toBe(toFree.status);
    expect(toFree.status).toBe(200);
    const shape = (body: Body) => ({
      ...body,
      data: {
        ...body.data,
        id: 'id',
        email: 'alt',
        pending_email: 'neu',
        created_at: 0,
        updated_at: 0,
      },
    });
    expect(shape(toTaken.body)).toEqual(shape(toFree.body));
    expect(toTaken.body.data.pending_email).toBe(taken.email);
    expect(toFree.body.data.pending_email).toBe(free);

    // The free address gets the link, the taken one a notice without a link.
    const [confirm] = await mailsTo(free);
    expect(confirm).toMatchObject({ subject: 'Neue E-Mail-Adresse bestätigen' });
    expect(confirm!.link).toMatch(/^http:\/\/fragewerk\.test\/email-bestaetigen\/[\w-]{43}$/);
    expect(confirm!.text).toContain('24 Stunden');
    const notice = (await mailsTo(taken.email)).at(-1)!;
    expect(notice.subject).toBe('Ihre E-Mail-Adresse bei Fragewerk');
    expect(notice.link).toBeUndefined();
    expect(notice.text).toContain('geändert wurde nichts');

    // Both old addresses hear of the request, with the new address masked.
    for (const [account, wanted] of [
      [first, free],
      [second, taken.email],
    ] as const) {
      const told = (await mailsTo(account.email)).at(-1)!;
      expect(told.subject).toBe('Änderung Ihrer E-Mail-Adresse beantragt');
      expect(told.text).toContain(masked(wanted));
      expect(told.text).not.toContain(wanted);
      expect(told.link).toBe('http://fragewerk.test/passwort-vergessen');
    }
    // No mail of the change carries what the account wrote itself.
    const addresses = [first.email, second.email, free, taken.email];
    const changeMails = (await holder.server.mails()).filter(
      (mail) =>
        CHANGE_SUBJECTS.includes(mail.subject) &&
        addresses.some((address) => mail.to.includes(address)),
    );
    expect(changeMails).toHaveLength(4);
    for (const mail of changeMails) expect(mail.text).not.toContain(COMPANY);

    // The owner of the taken address keeps it; the requester keeps theirs.
    expect((await current(taken.client))?.email).toBe(taken.email);
    expect((await current(second.client))?.email).toBe(second.email);
  });

  it('limits the mails to one new address like registration and reset (429 at the e-mail field)', async () => {
    const { client, user, email } = await verifiedAccount(holder.server);
    const wanted = uniqueEmail('begrenzt');
    const ask = () => requestChange(client, user.id, { email: wanted, current_password: PASSWORD });
    for (let request = 1; request <= 5; request += 1) expect((await ask()).status).toBe(200);
    const refused = await ask();
    expect(refused.status).toBe(429);
    expect(refused.body.errors?.email?.[0]).toMatch(/^Zu viele Anfragen\. Bitte warten Sie /);
    expect(await mailsTo(wanted)).toHaveLength(5);
    expect((await current(client))?.email).toBe(email);
  });

  it('a new reset link revokes the older one of the same account', async () => {
    const { email } = await verifiedAccount(holder.server);
    const requestReset = async () => {
      const browser = new HttpClient(holder.server.url);
      await browser.page('/passwort-vergessen');
      await browser.form('/passwort-vergessen', { email });
      return (await mailsTo(email)).filter((mail) => mail.subject === 'Passwort zurücksetzen');
    };
    await requestReset();
    const [older, newer] = await requestReset();
    const open = (link: string) => new HttpClient(holder.server.url).page(new URL(link).pathname);
    expect((await open(older!.link!)).status).toBe(400);
    expect((await open(newer!.link!)).status).toBe(200);
  });
});

describe.each(DATABASES)('e-mail change: the confirmation link (%s database)', (database) => {
  const logLines: string[] = [];
  const holder = withServer(database, logLines);
  const mailsTo = async (address: string) =>
    (await holder.server.mails()).filter((mail) => mail.to.includes(address));
  /** Requests a change to a fresh address and returns it with the path of its link. */
  async function pendingChange(client: HttpClient, userId: string) {
    const wanted = uniqueEmail('neu');
    const response = await requestChange(client, userId, {
      email: wanted,
      current_password: PASSWORD,
    });
    expect(response.status).toBe(200);
    const link = (await mailsTo(wanted)).at(-1)!.link!;
    return { wanted, path: new URL(link).pathname };
  }

  it('changes nothing on GET; the posted form changes the address, ends every session and tells the old address', async () => {
    const { client, user, email } = await verifiedAccount(holder.server);
    const otherSession = await login(holder.server, email);
    const forgot = new HttpClient(holder.server.url);
    await forgot.page('/passwort-vergessen');
    await forgot.form('/passwort-vergessen', { email });
    const resetLink = (await mailsTo(email)).find(
      (mail) => mail.subject === 'Passwort zurücksetzen',
    )!.link!;

    const { wanted, path } = await pendingChange(client, user.id);
    // The request ended the other session and the reset link; the asking session stays.
    expect(await current(otherSession)).toBeNull();
    expect((await current(client))?.email).toBe(email);
    expect((await new HttpClient(holder.server.url).page(new URL(resetLink).pathname)).status).toBe(
      400,
    );

    // A mail scanner opening the link twice changes nothing.
    const scanner = new HttpClient(holder.server.url);
    for (let visit = 0; visit < 2; visit += 1) {
      const page = await scanner.page(path);
      expect(page.status).toBe(200);
      expect(page.text).toContain('Neue E-Mail-Adresse bestätigen');
      expect(page.text).toContain(wanted);
      expect(page.text).toContain(`action="${path}"`);
    }
    expect((await current(client))?.email).toBe(email);
    // A post without the page's token (another site's form) changes nothing either.
    const forged = await new HttpClient(holder.server.url).raw('POST', path, {
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: '',
    });
    expect(forged.status).toBe(403);
    expect((await current(client))?.email).toBe(email);

    // The owner confirms in the logged-in browser.
    await client.page(path);
    const confirmed = await client.form(path, {});
    expect(confirmed.status).toBe(200);
    expect(confirmed.text).toContain('E-Mail-Adresse geändert');
    expect(client.sessionId()).toBeUndefined();
    expect(await current(client)).toBeNull();

    await expect(login(holder.server, email)).rejects.toThrow();
    const fresh = await login(holder.server, wanted);
    expect(await current(fresh)).toMatchObject({ id: user.id, email: wanted });

    const told = (await mailsTo(email)).at(-1)!;
    expect(told.subject).toBe('Ihre E-Mail-Adresse wurde geändert');
    expect(told.text).toContain(masked(wanted));
    expect(told.text).not.toContain(wanted);
    expect(told.link).toBeUndefined();

    // Used up: the link is dead, on GET and POST.
    expect((await scanner.page(path)).status).toBe(400);
    const again = await scanner.form(path, {});
    expect(again.status).toBe(400);
    expect(again.text).toContain('ungültig oder abgelaufen');
  });

  it('changes nothing when another account took the address in the meantime', async () => {
    const { client, user, email } = await verifiedAccount(holder.server);
    const { wanted, path } = await pendingChange(client, user.id);
    await register(holder.server, wanted);

    const browser = new HttpClient(holder.server.url);
    await browser.page(path);
    const answer = await browser.form(path, {});
    expect(answer.status).toBe(409);
    expect(answer.text).toContain('inzwischen von einem anderen Account verwendet');
    expect((await current(client))?.email).toBe(email);
    expect((await mailsTo(email)).map((mail) => mail.subject)).not.toContain(
      'Ihre E-Mail-Adresse wurde geändert',
    );
  });

  it('a newer request, a reset and a password change each revoke the pending link', async () => {
    const first = await verifiedAccount(holder.server);
    const older = await pendingChange(first.client, first.user.id);
    const newer = await pendingChange(first.client, first.user.id);
    const status = async (path: string) =>
      (await new HttpClient(holder.server.url).page(path)).status;
    expect(await status(older.path)).toBe(400);
    expect(await status(newer.path)).toBe(200);

    // A reset through the old address (what its notice advises) ends the pending change.
    const forgot = new HttpClient(holder.server.url);
    await forgot.page('/passwort-vergessen');
    await forgot.form('/passwort-vergessen', { email: first.email });
    const resetPath = new URL(
      (await mailsTo(first.email)).find((mail) => mail.subject === 'Passwort zurücksetzen')!.link!,
    ).pathname;
    const resetting = new HttpClient(holder.server.url);
    await resetting.page(resetPath);
    const reset = await resetting.form(resetPath, {
      new_password: 'ganz-neues-passwort',
      confirm_password: 'ganz-neues-passwort',
    });
    expect(reset.status).toBe(200);
    expect(await status(newer.path)).toBe(400);

    const second = await verifiedAccount(holder.server);
    const pending = await pendingChange(second.client, second.user.id);
    const changed = await second.client.api('PATCH', `/user/${second.user.id}/change-password`, {
      old_password: PASSWORD,
      new_password: 'ganz-neues-passwort',
      confirm_password: 'ganz-neues-passwort',
    });
    expect(changed.status).toBe(200);
    expect(await status(pending.path)).toBe(400);
  });

  it('never writes the link to the log', async () => {
    const { client, user } = await verifiedAccount(holder.server);
    const { path } = await pendingChange(client, user.id);
    await new HttpClient(holder.server.url).page(path);
    const token = path.split('/').at(-1)!;
    expect(token).toHaveLength(43);
    expect(logLines.join('\n')).not.toContain(token);
    const paths = logLines
      .map((line) => JSON.parse(line) as { req?: { path: string } })
      .flatMap((entry) => (entry.req ? [entry.req.path] : []));
    expect(paths).toContain('/email-bestaetigen/<redacted>');
  });
});
