import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/** „Bitte warten Sie 4 Sekunden“: the wait a refusal names, in seconds. */
function waitSeconds(text: string): number {
  const match = text.match(/Bitte warten Sie (\d+) (Sekunden?|Minuten?)/);
  if (!match) throw new Error(`Keine Wartezeit in: ${text.slice(0, 300)}`);
  return Number(match[1]) * (match[2]!.startsWith('Minute') ? 60 : 1);
}

/** A browser that has loaded the login page (cookie and CSRF token of the form). */
async function loginBrowser(server: TestServer): Promise<HttpClient> {
  const client = new HttpClient(server.url);
  await client.page('/login');
  return client;
}

const statuses = (responses: { status: number }[]) =>
  responses.reduce<Record<number, number>>((counts, { status }) => {
    counts[status] = (counts[status] ?? 0) + 1;
    return counts;
  }, {});

/**
 * The limits of SECURITY.md („Anmeldung und Limits“), tried the way an attacker would: many
 * requests at once, from many client addresses. Each attempt is counted before the password is
 * checked or a mail is queued, so parallel requests cannot slip through a limit; a 401 means the
 * password was checked, a 429 that it was not.
 */
describe.each(EVERY_DATABASE)('limits under parallel requests (%s database)', (database) => {
  let server: TestServer;
  beforeAll(async () => {
    // Behind one proxy: the client address comes from X-Forwarded-For.
    server = await startTestServer(database, { trustProxy: 1 });
  });
  afterAll(async () => {
    await server?.close();
  });

  it('lets 40 parallel wrong logins for one account from 40 addresses reach the password check at most 10 times', async () => {
    const { email } = await verifiedAccount(server);
    const browsers = await Promise.all(Array.from({ length: 40 }, () => loginBrowser(server)));
    const responses = await Promise.all(
      browsers.map((browser, index) =>
        browser.form(
          '/login',
          { email, password: `falsch-${index}` },
          { 'x-forwarded-for': `203.0.113.${index + 1}` },
        ),
      ),
    );
    const counts = statuses(responses);
    expect(Object.keys(counts).sort()).toEqual(['401', '429']);
    expect(counts[401]).toBeGreaterThanOrEqual(5);
    expect(counts[401]).toBeLessThanOrEqual(10);
    for (const refused of responses.filter((response) => response.status === 429)) {
      expect(refused.text).toContain('Zu viele Versuche. Bitte warten Sie');
      // A short delay, never a lock-out of a quarter of an hour.
      expect(waitSeconds(refused.text)).toBeLessThanOrEqual(60);
    }
  });

  it('does not lock the owner out: their known browser logs in at once, a new one after a short wait', async () => {
    const { email } = await verifiedAccount(server);
    // The owner logged in on this browser before: it holds the account's device cookie.
    const owners = await loginBrowser(server);
    expect((await owners.form('/login', { email, password: PASSWORD })).status).toBe(303);
    await owners.page('/logout');
    await owners.page('/login');

    const attackers = await Promise.all(Array.from({ length: 20 }, () => loginBrowser(server)));
    await Promise.all(
      attackers.map((browser, index) =>
        browser.form(
          '/login',
          { email, password: `geraten-${index}` },
          { 'x-forwarded-for': `198.51.100.${index + 1}` },
        ),
      ),
    );

    const known = await owners.form('/login', { email, password: PASSWORD });
    expect(known.status).toBe(303);

    // On a browser the account never used, the right password waits its turn like any other –
    // seconds, not minutes – and then gets in.
    const fresh = await loginBrowser(server);
    const first = await fresh.form('/login', { email, password: PASSWORD });
    if (first.status === 429) {
      const wait = waitSeconds(first.text);
      expect(wait).toBeLessThanOrEqual(60);
      await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 200));
      expect((await fresh.form('/login', { email, password: PASSWORD })).status).toBe(303);
    } else {
      expect(first.status).toBe(303);
    }
  }, 90_000);

  /**
   * 40 parallel wrong logins, each for another account, from the addresses `addressOf` picks:
   * the answers' statuses counted.
   */
  async function fortyWrongLogins(name: string, addressOf: (index: number) => string) {
    const browsers = await Promise.all(Array.from({ length: 40 }, () => loginBrowser(server)));
    const responses = await Promise.all(
      browsers.map((browser, index) =>
        browser.form(
          '/login',
          { email: uniqueEmail(`${name}-${index}`), password: 'falsch' },
          { 'x-forwarded-for': addressOf(index) },
        ),
      ),
    );
    return statuses(responses);
  }

  it('checks at most 30 passwords per client address in a window, whichever accounts it tries', async () => {
    const counts = await fortyWrongLogins('sprueher', () => '192.0.2.77');
    expect(counts[401]).toBe(30);
    expect(counts[429]).toBe(10);
  });

  it('counts an IPv6 /64 as one client address: new addresses in it bring no new budget', async () => {
    // Each request from another address of the same /64 – as an attacker picks them.
    const counts = await fortyWrongLogins(
      'ipv6',
      (index) => `2001:db8:77:1:${(index + 1).toString(16)}::${index + 7}`,
    );
    expect(counts[401]).toBe(30);
    expect(counts[429]).toBe(10);
    // The next /64 is another client.
    const neighbour = await loginBrowser(server);
    const next = await neighbour.form(
      '/login',
      { email: uniqueEmail('ipv6-nachbar'), password: 'falsch' },
      { 'x-forwarded-for': '2001:db8:77:2::1' },
    );
    expect(next.status).toBe(401);
  });

  it('sends at most 5 mails to one address for 20 parallel reset requests', async () => {
    const { email } = await verifiedAccount(server);
    const before = (await server.mails()).filter((mail) => mail.to.includes(email)).length;
    const browsers = await Promise.all(
      Array.from({ length: 20 }, async () => {
        const client = new HttpClient(server.url);
        await client.page('/passwort-vergessen');
        return client;
      }),
    );
    const responses = await Promise.all(
      browsers.map((browser, index) =>
        browser.form(
          '/passwort-vergessen',
          { email },
          { 'x-forwarded-for': `203.0.113.${100 + index}` },
        ),
      ),
    );
    // The activation mail of the registration was the first of the address's five.
    expect(before).toBe(1);
    const counts = statuses(responses);
    expect(counts[200]).toBe(4);
    expect(counts[429]).toBe(16);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.text).toContain('Zu viele Anfragen. Bitte warten Sie');
    const mails = (await server.mails()).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(5);
  });

  it('limits guesses of the current password on the change form', async () => {
    const { client, user } = await verifiedAccount(server);
    const responses = await Promise.all(
      Array.from({ length: 12 }, (_, index) =>
        client.api('PATCH', `/user/${user.id}/change-password`, {
          old_password: `geraten-${index}`,
          new_password: 'Sehr-geheim-2026',
          confirm_password: 'Sehr-geheim-2026',
        }),
      ),
    );
    const counts = statuses(responses);
    expect(counts[401]).toBeGreaterThanOrEqual(5);
    expect(counts[401]).toBeLessThanOrEqual(7);
    expect(counts[429]).toBeGreaterThanOrEqual(5);
    const refused = responses.find((response) => response.status === 429)!;
    expect(refused.body).toMatchObject({
      message: expect.stringContaining('Zu viele Versuche. Bitte warten Sie'),
      errors: { old_password: [expect.stringContaining('Bitte warten Sie')] },
    });
  });
});
