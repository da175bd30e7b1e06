import { rm } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createFixtureDefinitionDir, FIXTURE_STEP } from '../../tests/src/fixture-definition.ts';
import { HttpClient } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { startTestServer, type TestServer } from './test-server.ts';

/**
 * docs/architecture.md#die-definition: a step added only as files gets working endpoints with no
 * code change.
 */
describe('endpoints of a step that exists only as files', () => {
  let server: TestServer;
  let definitionDir: string;
  beforeAll(async () => {
    definitionDir = await createFixtureDefinitionDir();
    server = await startTestServer('embedded', { definitionDir });
  });
  afterAll(async () => {
    await server?.close();
    await rm(definitionDir, { recursive: true, force: true });
  });

  it('serves the step in the definition and stores, validates, updates, reorders and deletes its items', async () => {
    const definition = await new HttpClient(server.url).api<{
      data: { steps: { meta: { key: string; slug: string } }[] };
    }>('GET', '/config/definition');
    expect(definition.body.data.steps.map((step) => step.meta.key)).toContain(FIXTURE_STEP);

    const { client } = await verifiedAccount(server);
    const project = (
      await client.api<{ data: { id: string; edit_token: string } }>('POST', '/projects/create', {
        project_name: 'P',
        customer_firm: 'K',
      })
    ).body.data;
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const base = `/projects/${project.id}/${FIXTURE_STEP}`;

    const rejected = await customer.api('POST', base, { channel: 'fax', purpose: '' });
    expect(rejected.status).toBe(422);
    expect(rejected.body.errors).toEqual({
      channel: ['Kanal: Bitte wählen Sie einen Eintrag aus der Liste.'],
      purpose: ['Zweck ist ein Pflichtfeld'],
      importance: ['Bitte auswählen'],
    });

    const first = await customer.api<{ data: { id: string; version: number } }>('POST', base, {
      channel: 'website',
      purpose: 'Information',
      importance: 5,
    });
    const second = await customer.api<{ data: { id: string } }>('POST', base, {
      channel: 'custom',
      custom_channel: 'Hausmesse',
      purpose: 'Neukunden',
      importance: 3,
    });
    expect(first.status).toBe(201);
    expect(second.status).toBe(201);
    const updated = await customer.api('PATCH', `${base}/${first.body.data.id}`, {
      channel: 'website',
      purpose: 'Alles',
      importance: 4,
      version: 1,
    });
    expect(updated.body.data).toMatchObject({ purpose: 'Alles', version: 2 });
    await customer.api('PUT', `${base}/order`, {
      order: [second.body.data.id, first.body.data.id],
    });

    const read = await customer.api<{
      data: Record<string, { custom_channel?: string; purpose: string }[]>;
    }>('GET', `/projects/${project.id}`);
    expect(read.body.data[FIXTURE_STEP]!.map((item) => item.purpose)).toEqual([
      'Neukunden',
      'Alles',
    ]);

    expect((await customer.api('DELETE', `${base}/${second.body.data.id}`)).status).toBe(200);
    const after = await customer.api<{ data: Record<string, unknown[]> }>(
      'GET',
      `/projects/${project.id}`,
    );
    expect(after.body.data[FIXTURE_STEP]).toHaveLength(1);
  });
});
