import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MailOutboxWorker, MAX_ATTEMPTS } from '../src/mail/mail-outbox.worker.ts';
import { MailService } from '../src/mail/mail.service.ts';
import { MailTransport } from '../src/mail/mail-transport.ts';
import { MetricsService } from '../src/metrics/metrics.service.ts';
import { PASSWORD, uniqueEmail } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import { startSmtpServer } from './smtp-test-server.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

const MAIL_FROM = '"Agentur Test" <briefing@agentur.example>';

/** The server's log lines, parsed. */
function logCollector() {
  const lines: { level: string; msg?: string; context?: string }[] = [];
  return {
    lines,
    stream: {
      write: (chunk: string) => {
        for (const line of chunk.split('\n').filter(Boolean)) lines.push(JSON.parse(line));
      },
    },
  };
}

async function registerForm(server: TestServer, email: string) {
  const client = new HttpClient(server.url);
  await client.page('/register');
  return client.form('/register', {
    company: 'Agentur Nord',
    email,
    password: PASSWORD,
    confirm_password: PASSWORD,
  });
}

describe.each(EVERY_DATABASE)('mail (%s database)', (database) => {
  describe('through the outbox, with an SMTP server that refuses at times', () => {
    let server: TestServer;
    let smtp: Awaited<ReturnType<typeof startSmtpServer>>;
    let refusals = 0;
    let stallMs = 0;
    const logs = logCollector();
    const sql = <T = Record<string, unknown>>(query: string, params: unknown[] = []) =>
      server.orm.em.fork().execute<T[]>(query, params);
    const worker = () => server.app.get(MailOutboxWorker);
    /** Time passes: every waiting mail is due now. */
    const makeDue = () =>
      sql('update mail_outbox set next_attempt_at = now() where failed_at is null');
    const outboxOf = (recipient: string) =>
      sql<{ attempts: number; last_error: string | null; failed_at: Date | null; later: boolean }>(
        `select attempts, last_error, failed_at, next_attempt_at > now() as later
           from mail_outbox where recipient = ?`,
        [recipient],
      );
    const enqueue = (to: string) =>
      server.orm.em
        .fork()
        .transactional(async (em) =>
          server.app
            .get(MailService)
            .enqueue(em, { to, template: 'reset', values: {}, link: 'http://fragewerk.test/x' }),
        );

    beforeAll(async () => {
      smtp = await startSmtpServer({ refuse: () => refusals-- > 0, stallMs: () => stallMs });
      server = await startTestServer(
        database,
        { smtpUrl: smtp.url, mailFrom: MAIL_FROM },
        { logs: logs.stream },
      );
    });
    afterAll(async () => {
      await server?.close();
      await smtp?.close();
    });

    it('loses no mail when the SMTP server refuses: the retry delivers it', async () => {
      refusals = 1;
      const email = uniqueEmail();
      expect((await registerForm(server, email)).status).toBe(200);
      await worker().deliverDue();

      const [waiting] = await outboxOf(email);
      expect(waiting).toMatchObject({ attempts: 1, failed_at: null, later: true });
      expect(waiting!.last_error).toContain('451');
      expect(smtp.received.filter((mail) => mail.to.includes(email))).toEqual([]);
      expect(logs.lines.some((line) => line.level === 'warn' && line.context === 'Mail')).toBe(
        true,
      );

      await makeDue();
      await worker().deliverDue();
      const [mail] = smtp.received.filter((received) => received.to.includes(email));
      expect(mail!.from).toBe('briefing@agentur.example');
      expect(mail!.raw).toContain('From: Agentur Test <briefing@agentur.example>');
      expect(await outboxOf(email)).toEqual([]);

      // The link of the retried mail works.
      const link = mail!.raw
        .replace(/=\r?\n/g, '')
        .match(/http:\/\/fragewerk\.test\/verify\/[\w-]+/)![0];
      const verified = await new HttpClient(server.url).page(new URL(link).pathname);
      expect(verified.text).toContain('Ihr Account ist aktiviert.');
    });

    it(`gives up after ${MAX_ATTEMPTS} attempts and logs an error`, async () => {
      refusals = Infinity;
      const email = uniqueEmail('aufgegeben');
      await enqueue(email);
      await sql('update mail_outbox set attempts = ? where recipient = ?', [
        MAX_ATTEMPTS - 1,
        email,
      ]);
      await makeDue();
      await worker().deliverDue();
      const [given] = await outboxOf(email);
      expect(given).toMatchObject({ attempts: MAX_ATTEMPTS });
      expect(given!.failed_at).not.toBeNull();
      expect(
        logs.lines.find((line) => line.level === 'error' && line.msg?.includes('aufgegeben')),
      ).toMatchObject({ context: 'Mail' });

      const refusedBefore = smtp.refused();
      await makeDue();
      await worker().deliverDue();
      expect(smtp.refused()).toBe(refusedBefore);
      refusals = 0;
    });

    it('writes a mail only if the transaction that causes it commits', async () => {
      const email = uniqueEmail('zurueckgerollt');
      await expect(
        server.orm.em.fork().transactional(async (em) => {
          server.app
            .get(MailService)
            .enqueue(em, { to: email, template: 'reset', values: {}, link: 'http://x' });
          throw new Error('abgebrochen');
        }),
      ).rejects.toThrow('abgebrochen');
      expect(await outboxOf(email)).toEqual([]);
    });

    it('answers registration, reset and activation resend at once while SMTP takes 2 s; the mails follow', async () => {
      stallMs = 2000;
      const email = uniqueEmail('langsam');
      const timed = async (path: string, fields: Record<string, string>) => {
        const client = new HttpClient(server.url);
        await client.page(path);
        const started = performance.now();
        const response = await client.form(path, fields);
        const ms = performance.now() - started;
        expect(response.status, path).toBe(200);
        // A behaviour check, not a benchmark: far below the SMTP server's 2 s.
        expect(ms, `${path} took ${Math.round(ms)} ms`).toBeLessThan(1000);
      };
      await timed('/register', {
        company: 'Agentur Nord',
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
      await timed('/passwort-vergessen', { email });
      await timed('/aktivierung-erneut-senden', { email });

      await worker().deliverDue();
      stallMs = 0;
      const subjects = smtp.received
        .filter((mail) => mail.to.includes(email))
        .map((mail) => mail.raw.match(/^Subject: (.*)$/m)?.[1]);
      expect(subjects).toHaveLength(3);
    }, 40_000);

    it('sends each mail once when several workers look at the same time', async () => {
      const recipients = Array.from({ length: 6 }, () => uniqueEmail('parallel'));
      for (const recipient of recipients) await enqueue(recipient);
      const transport = server.app.get(MailTransport);
      const others = [0, 1].map(
        () => new MailOutboxWorker(server.orm, transport, server.app.get(MetricsService)),
      );
      await Promise.all([worker(), ...others].map((each) => each.deliverDue()));
      for (const recipient of recipients) {
        expect(smtp.received.filter((mail) => mail.to.includes(recipient))).toHaveLength(1);
      }
      expect(await sql('select id from mail_outbox where failed_at is null')).toEqual([]);
    });
  });

  describe('limits per e-mail address and per client address', () => {
    let server: TestServer;
    beforeAll(async () => {
      server = await startTestServer(database);
    });
    afterAll(async () => {
      await server?.close();
    });

    const post = async (path: string, fields: Record<string, string>) => {
      const client = new HttpClient(server.url);
      await client.page(path);
      return client.form(path, fields);
    };
    const limited = (text: string) =>
      text.includes('Zu viele Anfragen. Bitte warten Sie 15 Minuten');

    it('refuses the sixth mail request for one address with 429 and the limit’s message', async () => {
      const email = uniqueEmail('begrenzt');
      for (let request = 1; request <= 5; request += 1) {
        const response = await post('/passwort-vergessen', { email });
        expect(response.status).toBe(200);
      }
      const sixth = await post('/passwort-vergessen', { email });
      expect(sixth.status).toBe(429);
      expect(limited(sixth.text)).toBe(true);
      expect(sixth.text).toContain('action="/passwort-vergessen"');

      // Registration and the activation resend share the limit.
      const register = await post('/register', {
        company: 'Agentur',
        email,
        password: PASSWORD,
        confirm_password: PASSWORD,
      });
      expect(register.status).toBe(429);
      expect(limited(register.text)).toBe(true);
      const resend = await post('/aktivierung-erneut-senden', { email: email.toUpperCase() });
      expect(resend.status).toBe(429);
      expect(limited(resend.text)).toBe(true);
    });

    it('refuses mail requests from one client address after 20 in 15 minutes', async () => {
      // Five requests of the test above count here too.
      let answered = 5;
      let response;
      do {
        response = await post('/passwort-vergessen', { email: uniqueEmail('viele') });
        if (response.status === 200) answered += 1;
      } while (response.status === 200 && answered < 40);
      expect(answered).toBe(20);
      expect(response.status).toBe(429);
      expect(limited(response.text)).toBe(true);
    });
  });
});
