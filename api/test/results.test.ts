import { readFileSync } from 'node:fs';
import path from 'node:path';
import {
  ProseRenderer,
  stepResultsMarkup,
  type CardTexts,
  type Definition,
} from '@fragewerk/engine/core';
import type { ProjectJson, ResultsJson } from '@fragewerk/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { example, fixture, FORM_STEPS, LIST_STEPS, TEXT_FIELD, type Body } from './fixtures.ts';
import type { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/** The card texts the browser's results view takes from the app's locale file. */
function browserCardTexts(): CardTexts {
  const file = path.resolve(import.meta.dirname, '../../web/src/locales/de.json');
  const { engine } = JSON.parse(readFileSync(file, 'utf8')) as {
    engine: { rating: string; openLink: string };
  };
  return {
    rating: (value, max) =>
      engine.rating.replace('{value}', String(value)).replace('{max}', String(max)),
    openLink: engine.openLink,
  };
}

describe.each(DATABASES)('GET /projects/{id}/results (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server, 'Agentur Ergebnis')).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  const create = async () =>
    (
      await owner.api<Body<ProjectJson>>('POST', '/projects/create', {
        project_name: 'Ergebnisse',
        customer_firm: 'Tischlerei Berger',
      })
    ).body.data.id;
  const results = async (id: string) => {
    const response = await owner.api<Body<ResultsJson>>('GET', `/projects/${id}/results`);
    expect(response.status).toBe(200);
    return response.body.data.steps;
  };

  it('renders every step as the browser would, from the same definition and answers', async () => {
    const id = await create();
    for (const kind of LIST_STEPS)
      for (const data of fixture(kind).valid) {
        const response = await owner.api('POST', `/projects/${id}/${kind}`, data);
        expect(response.status).toBe(201);
      }
    for (const kind of FORM_STEPS) {
      // The first example with answers (the polarity profile's first one is empty).
      const answered = fixture(kind).valid.find((data) => Object.keys(data).length > 1)!;
      const response = await owner.api('PATCH', `/projects/${id}/${kind}`, {
        ...answered,
        version: 0,
      });
      expect(response.status).toBe(200);
    }
    const project = (await owner.api<Body<ProjectJson>>('GET', `/projects/${id}`)).body.data;
    const definition = (await owner.api<Body<Definition>>('GET', '/config/definition')).body.data;
    const prose = new ProseRenderer(definition);
    const lists = await results(id);
    expect(Object.keys(lists).sort()).toEqual([...LIST_STEPS, ...FORM_STEPS].sort());
    for (const step of definition.steps) {
      const key = step.meta.key;
      expect(lists[key]).toBe(
        stepResultsMarkup(definition, step, project[key], prose, browserCardTexts()),
      );
      expect(lists[key]).not.toContain('class="empty"');
    }
    expect(lists.polarityprofile).toContain('<figure class="polarity-chart"><svg');
    // German from the server's locale: the stars' name and the link's hint.
    expect(lists.stakeholders).toMatch(/aria-label="\d von 5 Sternen"/);
    expect(lists.competitors).toContain('(öffnet in neuem Tab)');
  });

  it('escapes what the customer typed', async () => {
    const id = await create();
    const typed = '<img src=x onerror=alert(1)> & "Zitat"';
    for (const kind of LIST_STEPS) {
      const response = await owner.api('POST', `/projects/${id}/${kind}`, {
        ...example(kind),
        [TEXT_FIELD[kind]!]: typed,
      });
      expect(response.status).toBe(201);
    }
    const lists = await results(id);
    for (const kind of LIST_STEPS) {
      expect(lists[kind]).toContain('&lt;img src=x onerror=alert(1)&gt; &amp; &quot;Zitat&quot;');
      expect(lists[kind]).not.toContain('<img src=x');
    }
  });

  it('shows the empty text for a step without answers', async () => {
    const lists = await results(await create());
    for (const kind of [...LIST_STEPS, ...FORM_STEPS])
      expect(lists[kind]).toMatch(
        /^<h3 id="result-\w+">[^<]+<\/h3><p class="empty">Zu diesem Abschnitt wurden keine Angaben gemacht\.<\/p>$/,
      );
  });
});
