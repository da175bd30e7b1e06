import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { FIXTURE_WIDGETS, type Body, type Item, type Json } from './fixtures.ts';
import type { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * docs/product.md#felder-der-schritte: a website typed without a scheme („www.backhaus-krause.de“)
 * is stored with https:// in front – the API normalises with the same engine code as the browser,
 * so a client that skips the form gets the same result. On the fixture list `rivals`
 * (fixture-widgets), whose `url` field is normalised (`x-normalize: url`) and checked by pattern.
 */

const competitor = (url: string | null) => ({
  name: 'Backhaus Krause',
  explanation: 'Direkt gegenüber.',
  importance: 3,
  url,
});

describe.each(DATABASES)('website addresses as people type them (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let projectId: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server, 'Agentur Adressen')).client;
    const project = await owner.api<Body<Json & { id: string }>>('POST', '/projects/create', {
      project_name: 'Relaunch',
      customer_firm: 'Backhaus Krause',
      questionnaire: FIXTURE_WIDGETS,
    });
    expect(project.status, JSON.stringify(project.body)).toBe(201);
    projectId = project.body.data.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** The entry as the project now holds it, read back from the server. */
  const stored = async (id: string) => {
    const response = await owner.api<Body<Json & { rivals: Item[] }>>(
      'GET',
      `/projects/${projectId}`,
    );
    return response.body.data.rivals.find((item) => item.id === id);
  };

  it('stores an address without a scheme with https:// in front, trimmed, on create and on edit', async () => {
    const created = await owner.api<Body<Item>>(
      'POST',
      `/projects/${projectId}/rivals`,
      competitor('  www.backhaus-krause.de '),
    );
    expect(created.status).toBe(201);
    expect(created.body.data.url).toBe('https://www.backhaus-krause.de');

    const edited = await owner.api<Body<Item>>(
      'PATCH',
      `/projects/${projectId}/rivals/${created.body.data.id}`,
      { ...competitor('backhaus-krause.de/kontakt'), version: created.body.data.version },
    );
    expect(edited.status).toBe(200);
    expect(edited.body.data.url).toBe('https://backhaus-krause.de/kontakt');
    expect(await stored(created.body.data.id)).toMatchObject({
      url: 'https://backhaus-krause.de/kontakt',
    });
  });

  it('keeps addresses with a scheme and empty values, and still refuses what is no address', async () => {
    for (const url of ['http://backhaus-krause.de', 'ftp://dateien.backhaus-krause.de', '', null]) {
      const response = await owner.api<Body<Item>>(
        'POST',
        `/projects/${projectId}/rivals`,
        competitor(url),
      );
      expect(response.status).toBe(201);
      expect(response.body.data.url).toBe(url);
    }
    for (const url of ['mailto:info@backhaus-krause.de', 'backhaus krause']) {
      const response = await owner.api<Body>(
        'POST',
        `/projects/${projectId}/rivals`,
        competitor(url),
      );
      expect(response.status).toBe(422);
      expect(JSON.stringify(response.body)).toContain(
        'Website muss eine gültige URL mit http://, https:// oder ftp:// sein.',
      );
    }
  });
});
