import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createAjv } from '@fragewerk/engine/core';
import { schemasDir } from '@fragewerk/schemas';
import { expect } from 'vitest';
import { PASSWORD, uniqueEmail, type verifiedAccount } from './accounts.ts';
import { HttpClient } from './http-client.ts';
import type { TestServer } from './test-server.ts';

export type Account = Awaited<ReturnType<typeof verifiedAccount>>;

/** The invitation link of the newest mail to `email`. */
export async function invitationLink(server: TestServer, email: string): Promise<string> {
  const mail = (await server.mails()).filter((candidate) => candidate.to.includes(email)).at(-1);
  if (!mail?.link) throw new Error(`Keine Einladung an ${email}`);
  return new URL(mail.link).pathname;
}

/** Invites `email` into the owner's agency (201) and returns the link's path from the mail. */
export async function invite(
  server: TestServer,
  owner: Account,
  email: string,
  role: 'owner' | 'member' = 'member',
): Promise<{ id: string; path: string }> {
  const response = await owner.client.api<{ data: { id: string } }>('POST', '/agency/invitations', {
    email,
    role,
  });
  expect(response.status).toBe(201);
  return { id: response.body.data.id, path: await invitationLink(server, email) };
}

/** Opens an invitation link and submits its form; the response of the post. */
export async function acceptInvitation(
  server: TestServer,
  path: string,
  fields: Partial<Record<'contact_name' | 'password' | 'confirm_password', string>> = {},
) {
  const client = new HttpClient(server.url);
  const page = await client.page(path);
  const response = await client.form(path, {
    contact_name: 'Mara Kollegin',
    password: PASSWORD,
    confirm_password: PASSWORD,
    ...fields,
  });
  return { client, page, response };
}

/** A colleague invited into the owner's agency who accepted and is logged in. */
export async function colleague(
  server: TestServer,
  owner: Account,
  role: 'owner' | 'member' = 'member',
): Promise<Account> {
  const email = uniqueEmail('kollegin');
  const { path } = await invite(server, owner, email, role);
  const { client, response } = await acceptInvitation(server, path);
  expect(response.status).toBe(303);
  expect(response.headers.get('location')).toBe('/dashboard');
  await client.page('/dashboard');
  const user = (await client.api<{ data: { id: string } }>('GET', '/user/current')).body.data;
  return { client, email, user };
}

const ajv = createAjv();
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);

/** Checks `data` against a response schema of `schemas/api/` (the contract with the web app). */
export function expectSchema(
  name: 'agency' | 'agency-member' | 'agency-invitation',
  data: unknown,
): void {
  const file = `${name}.schema.json`;
  const validate =
    ajv.getSchema(file) ??
    (ajv.addSchema(
      JSON.parse(readFileSync(path.join(schemasDir, 'api', file), 'utf8')) as object,
      file,
    ),
    ajv.getSchema(file)!);
  validate(data);
  expect(validate.errors ?? [], `${name}: ${JSON.stringify(data).slice(0, 300)}`).toEqual([]);
}
