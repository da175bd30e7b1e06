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
import { FIXTURE_BRIEF, FIXTURE_SURVEY } from '../../tests/src/fixture-catalogue.ts';
import {
  example,
  examples,
  FIXTURE_WIDGETS,
  FORM_STEPS,
  LIST_STEPS,
  TEXT_FIELD,
  type Body,
} from './fixtures.ts';
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

  const create = async (questionnaire = FIXTURE_BRIEF) =>
    (
      await owner.api<Body<ProjectJson>>('POST', '/projects/create', {
        project_name: 'Ergebnisse',
        customer_firm: 'Tischlerei Berger',
        questionnaire,
      })
    ).body.data.id;
  const results = async (id: string) => {
    const response = await owner.api<Body<ResultsJson>>('GET', `/projects/${id}/results`);
    expect(response.status).toBe(200);
    return response.body.data.steps;
  };

  /**
   * A project of `questionnaire` with every step answered from the fixture examples (all of a
   * list's, the first of a form's), its revision's definition and its rendered results.
   */
  async function answeredProject(questionnaire: string) {
    const id = await create(questionnaire);
    const revision = (await owner.api<Body<ProjectJson>>('GET', `/projects/${id}`)).body.data
      .definition_revision;
    const definition = (await owner.api<Body<Definition>>('GET', `/definitions/${revision.id}`))
      .body.data;
    for (const step of definition.steps) {
      const key = step.meta.key;
      if (step.meta.kind === 'list')
        for (const data of examples(key)) {
          const response = await owner.api('POST', `/projects/${id}/${key}`, data);
          expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBe(201);
        }
      else {
        const response = await owner.api('PATCH', `/projects/${id}/${key}`, {
          ...example(key),
          version: 0,
        });
        expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBe(200);
      }
    }
    const project = (await owner.api<Body<ProjectJson>>('GET', `/projects/${id}`)).body.data;
    return { definition, project, lists: await results(id) };
  }

  it.each([FIXTURE_BRIEF, FIXTURE_SURVEY, FIXTURE_WIDGETS])(
    'renders every step of %s as the browser would, from the same definition and answers',
    async (questionnaire) => {
      const { definition, project, lists } = await answeredProject(questionnaire);
      const prose = new ProseRenderer(definition);
      expect(Object.keys(lists).sort()).toEqual(
        definition.steps.map((step) => step.meta.key).sort(),
      );
      for (const step of definition.steps) {
        const key = step.meta.key;
        expect(lists[key]).toBe(
          stepResultsMarkup(definition, step, project[key], prose, browserCardTexts()),
        );
        expect(lists[key]).not.toContain('class="empty"');
      }
    },
  );

  it('draws the polarity chart and uses the server’s German for stars and links', async () => {
    const { lists } = await answeredProject(FIXTURE_WIDGETS);
    expect(lists.scale).toContain('<figure class="polarity-chart"><svg');
    // German from the server's locale: the stars' name and the link's hint.
    expect(lists.rivals).toMatch(/aria-label="\d von 5 Sternen"/);
    expect(lists.rivals).toContain('(öffnet in neuem Tab)');
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
