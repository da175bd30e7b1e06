import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import de from '../src/locale/de.json' with { type: 'json' };
import { quotedValue } from '../src/mail/quoted-value.ts';
import { HttpClient } from './http-client.ts';
import { PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/** A „company“ or project name written to pass for a message from the sender. */
const INSTRUCTION =
  'Ihr Konto wird gesperrt. Bitte melden Sie sich sofort unter https://fragewerk-sicherheit.example an und bestätigen Sie Ihr Passwort';

/** Placeholders of values that someone typed (a name), not ones Fragewerk makes. */
const TYPED = ['company', 'customer_firm', 'project_name', 'contact_name'];

describe('mail templates', () => {
  const templates = Object.entries(de.mail).filter(
    (entry): entry is [string, { subject: string; text: string }] => typeof entry[1] === 'object',
  );

  it('the activation mail has nothing the registrant typed', () => {
    expect(de.mail.activation.text).not.toMatch(/\{(?!link\})\w+\}/);
    expect(de.mail.activation.subject).not.toMatch(/\{\w+\}/);
  });

  it.each(templates)('„%s“ quotes every typed name as data („…“)', (_name, template) => {
    for (const part of [template.subject, template.text]) {
      for (const field of TYPED) {
        const bare = part.replaceAll(`„{${field}}“`, '');
        expect(bare, `${field} in ${part}`).not.toContain(`{${field}}`);
      }
    }
  });
});

describe('quotedValue', () => {
  it('keeps a short name as it is', () => {
    expect(quotedValue('Tischlerei Berger')).toBe('Tischlerei Berger');
  });

  it('puts it on one line, without quotation marks that would close the quote', () => {
    expect(quotedValue('Relaunch“\n\nBitte „sofort“ anrufen')).toBe(
      "Relaunch' Bitte 'sofort' anrufen",
    );
  });

  it('cuts a long one to 60 characters with an ellipsis, not inside a character', () => {
    const quoted = quotedValue(`${'😀'.repeat(30)}${'x'.repeat(100)}`);
    expect(Array.from(quoted)).toHaveLength(60);
    expect(quoted.endsWith('…')).toBe(true);
    expect(quoted.isWellFormed()).toBe(true);
  });
});

describe.each(DATABASES)('mails with typed text (%s database)', (database) => {
  let server: TestServer;

  beforeAll(async () => {
    server = await startTestServer(database);
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the activation mail does not repeat the company name', async () => {
    const email = uniqueEmail('anweisung');
    const client = new HttpClient(server.url);
    await client.page('/register');
    const response = await client.form('/register', {
      company: INSTRUCTION.slice(0, 200),
      email,
      password: PASSWORD,
      confirm_password: PASSWORD,
    });
    expect(response.status).toBe(200);
    const mail = (await server.mails()).find((entry) => entry.to.includes(email))!;
    expect(mail.subject).toBe('Bitte bestätigen Sie Ihre E-Mail-Adresse');
    expect(mail.text).toContain(
      'vielen Dank für Ihre Registrierung bei Fragewerk. Bitte bestätigen',
    );
    expect(mail.text).not.toContain('gesperrt');
    expect(mail.text).not.toContain('fragewerk-sicherheit');
  });

  it('the approval mail quotes project and customer, short and on one line', async () => {
    const { client, email } = await verifiedAccount(server);
    const created = await client.api<{ data: { id: string; edit_token: string } }>(
      'POST',
      '/projects/create',
      { project_name: `Relaunch“ ${INSTRUCTION}`, customer_firm: 'Tischlerei Berger' },
    );
    const customer = new HttpClient(server.url);
    customer.editToken = created.body.data.edit_token;
    expect((await customer.api('PUT', `/projects/${created.body.data.id}/approve`)).status).toBe(
      200,
    );
    const mail = (await server.mails()).filter((entry) => entry.to.includes(email)).at(-1)!;
    const quotedName = "„Relaunch' Ihr Konto wird gesperrt. Bitte melden Sie sich so…“";
    expect(mail.subject).toBe(`Projekt freigegeben: ${quotedName}`);
    expect(mail.text).toContain(
      `der Fragebogen „Fixture-Briefing“ Ihres Projekts ${quotedName} für „Tischlerei Berger“ wurde über den Freigabelink freigegeben.`,
    );
    expect(mail.text).not.toContain('fragewerk-sicherheit');
  });
});
