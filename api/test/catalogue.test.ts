import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';
import type { ResultsJson } from '@fragewerk/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyRepositoryDefinition } from '../../tests/src/fixture-definition.ts';
import { hashPassword } from '../src/accounts/passwords.ts';
import { AgencySchema } from '../src/agency/agency.entity.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { login, PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { example, type Body, type Item, type Json } from './fixtures.ts';
import { catalogueCopyServer } from './catalogue-copy-server.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The catalogue (docs/product.md#fragebögen): the agency picks a questionnaire for a new project
 * from GET /api/questionnaires; the project asks it from then on – its steps, checks, progress,
 * results and revisions are that questionnaire's, and a change to one questionnaire's folder
 * never touches the projects of another.
 */

const BRAND_BRIEFING = 'markenbriefing';
const RELAUNCH = 'website-relaunch';
/** The relaunch's steps, as its manifest lists them. */
const RELAUNCH_STEPS = [
  'current_site',
  'site_goals',
  'audiences',
  'pages',
  'features',
  'references',
  'look_and_feel',
  'technology',
  'project_frame',
];
const NOT_OFFERED =
  'Diesen Fragebogen bietet Fragewerk nicht (mehr) an. Bitte wählen Sie einen aus der Liste.';

/** A valid answer of the relaunch's form step `current_site`. */
const CURRENT_SITE = {
  addresses: ['https://www.baeckerei-gross.de'],
  current_system: 'WordPress',
  strengths: 'Die Öffnungszeiten findet jeder sofort.',
  weaknesses: 'Auf dem Handy kaum lesbar.',
  keep: ['domain', 'logo'],
};
/** A valid entry of the relaunch's list step `pages`. */
const PAGE = {
  page: 'Unser Sortiment',
  contents: 'Brote, Brötchen und Torten der Woche',
  priority: 'must',
  content_source: 'customer',
  current_url: 'https://www.baeckerei-gross.de/sortiment',
};

type Questionnaire = { id: string; title: string };
type Offered = Questionnaire & { description: string; steps: number; minutes: number };
type Project = Json & {
  id: string;
  version: number;
  edit_token: string;
  questionnaire: Questionnaire;
  definition_revision: { id: string; label: number };
  progress: { complete: number; total: number; steps: Record<string, unknown> };
};
type Failure = Body & { errors?: Record<string, string[]> };

const createProject = (client: HttpClient, questionnaire?: unknown) =>
  client.api<Body<Project> & Failure>('POST', '/projects/create', {
    project_name: 'Neue Website',
    customer_firm: 'Bäckerei Groß',
    ...(questionnaire === undefined ? {} : { questionnaire }),
  });

const offered = async (client: HttpClient) => {
  const response = await client.api<Body<Offered[]>>('GET', '/questionnaires');
  expect(response.status).toBe(200);
  return response.body.data;
};

const listed = async (client: HttpClient) => {
  const response = await client.api<Body<(Json & { id: string; questionnaire: Questionnaire })[]>>(
    'GET',
    '/projects',
  );
  expect(response.status).toBe(200);
  return response.body.data;
};

const readProject = async (client: HttpClient, id: string): Promise<Project> => {
  const response = await client.api<Body<Project>>('GET', `/projects/${id}`);
  expect(response.status).toBe(200);
  return response.body.data;
};

const resultsOf = async (client: HttpClient, id: string) => {
  const response = await client.api<Body<ResultsJson>>('GET', `/projects/${id}/results`);
  expect(response.status).toBe(200);
  return response.body.data.steps;
};

describe.each(DATABASES)('the catalogue of questionnaires (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;

  beforeAll(async () => {
    // The shipped catalogue: these tests are about its two questionnaires side by side (the
    // brand briefing as the default, the relaunch end to end); fixture-catalogue.test.ts checks
    // the same endpoints on the fixtures.
    server = await startTestServer(database, {}, { catalogue: 'repository' });
    ({ client: agency } = await verifiedAccount(server));
  });
  afterAll(() => server?.close());

  it('lists the offered questionnaires for members only, the brand briefing first', async () => {
    expect((await new HttpClient(server.url).api('GET', '/questionnaires')).status).toBe(401);
    const project = (await createProject(agency)).body.data;
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('GET', '/questionnaires')).status).toBe(401);

    const list = await offered(agency);
    expect(list.map((entry) => entry.id)).toEqual([BRAND_BRIEFING, RELAUNCH]);
    expect(list[0]).toMatchObject({ title: 'Markenbriefing', steps: 8 });
    expect(list[1]).toMatchObject({ title: 'Website-Relaunch', steps: RELAUNCH_STEPS.length });
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['description', 'id', 'minutes', 'steps', 'title']);
      expect(entry.description).toMatch(/^Das Briefing für /);
      expect(entry.minutes).toBeGreaterThan(0);
      expect(entry.minutes % 5).toBe(0);
    }
  });

  it('creates a brand briefing without a choice and the chosen questionnaire with one', async () => {
    const plain = await createProject(agency);
    expect(plain.status).toBe(201);
    expect(plain.body.data.questionnaire).toEqual({ id: BRAND_BRIEFING, title: 'Markenbriefing' });
    expect(plain.body.data).toHaveProperty('stakeholders');
    expect(plain.body.data).not.toHaveProperty('current_site');

    const relaunch = await createProject(agency, RELAUNCH);
    expect(relaunch.status).toBe(201);
    const project = relaunch.body.data;
    expect(project.questionnaire).toEqual({ id: RELAUNCH, title: 'Website-Relaunch' });
    for (const key of RELAUNCH_STEPS) expect(project, key).toHaveProperty(key);
    expect(project.pages).toEqual([]);
    expect(project.current_site).toEqual({ version: 0 });
    expect(project).not.toHaveProperty('stakeholders');
    expect(project.definition_revision.id).not.toBe(plain.body.data.definition_revision.id);
  });

  it('refuses an unknown or malformed questionnaire in German and creates nothing', async () => {
    const before = await listed(agency);
    const unknown = await createProject(agency, 'gibt-es-nicht');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ questionnaire: [NOT_OFFERED] });
    for (const malformed of ['Website Relaunch!', '../markenbriefing', 42, '']) {
      const refused = await createProject(agency, malformed);
      expect(refused.status, JSON.stringify(malformed)).toBe(422);
      expect(refused.body.errors?.questionnaire?.length, JSON.stringify(malformed)).toBe(1);
      expect(refused.body.errors?.questionnaire?.[0]).toMatch(/Fragebogen/);
    }
    expect(await listed(agency)).toEqual(before);
  });

  it('names each project’s questionnaire in the dashboard list', async () => {
    const brand = (await createProject(agency)).body.data;
    const relaunch = (await createProject(agency, RELAUNCH)).body.data;
    const byId = new Map((await listed(agency)).map((entry) => [entry.id, entry]));
    expect(byId.get(brand.id)?.questionnaire).toEqual({
      id: BRAND_BRIEFING,
      title: 'Markenbriefing',
    });
    expect(byId.get(relaunch.id)?.questionnaire).toEqual({
      id: RELAUNCH,
      title: 'Website-Relaunch',
    });
    for (const entry of byId.values())
      expect(entry.questionnaire).toEqual({
        id: expect.any(String),
        title: expect.any(String),
      });
  });

  it('runs a relaunch project end to end: answers, checks, progress, results, approval', async () => {
    const project = (await createProject(agency, RELAUNCH)).body.data;
    expect(Object.keys(project.progress.steps).sort()).toEqual([...RELAUNCH_STEPS].sort());
    expect(project.progress).toMatchObject({ complete: 0, total: RELAUNCH_STEPS.length });

    const form = await agency.api<Body & Failure>('PATCH', `/projects/${project.id}/current_site`, {
      ...CURRENT_SITE,
      version: 0,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const entry = await agency.api<Body<Item>>('POST', `/projects/${project.id}/pages`, PAGE);
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body.data).toEqual({ id: expect.any(String), version: 1, ...PAGE });

    // Invalid answers: 422 with the relaunch's German messages, nothing stored.
    const badPage = await agency.api<Failure>('POST', `/projects/${project.id}/pages`, {
      ...PAGE,
      current_url: 'kein Link',
      content_source: 'custom',
    });
    expect(badPage.status).toBe(422);
    expect(badPage.body.errors?.current_url).toEqual([
      'Heutige Seite muss eine gültige Adresse mit http:// oder https:// sein, z. B. https://www.beispiel.de.',
    ]);
    expect(badPage.body.errors).toHaveProperty('custom_content_source');
    const badForm = await agency.api<Failure>('PATCH', `/projects/${project.id}/current_site`, {
      addresses: ['nur text'],
      version: 1,
    });
    expect(badForm.status).toBe(422);
    expect(Object.values(badForm.body.errors ?? {}).flat()).toContain(
      'Adressliste: Bitte vollständige Adressen angeben, z. B. www.beispiel.de.',
    );
    // A step of the other questionnaire is none of this project's.
    expect(
      (await agency.api('POST', `/projects/${project.id}/stakeholders`, example('stakeholders')))
        .status,
    ).toBe(404);

    const read = await readProject(agency, project.id);
    expect(read.pages).toEqual([entry.body.data]);
    expect(read.current_site).toEqual({ ...CURRENT_SITE, version: 1 });
    expect(read.progress.total).toBe(RELAUNCH_STEPS.length);
    expect(read.progress.steps).toHaveProperty('pages');
    expect(read.progress.complete).toBeGreaterThanOrEqual(1);
    expect(read.progress.complete).toBeLessThan(RELAUNCH_STEPS.length);
    const summary = (await listed(agency)).find((candidate) => candidate.id === project.id)!;
    expect(summary.progress).toEqual({
      complete: read.progress.complete,
      total: RELAUNCH_STEPS.length,
    });

    const results = await resultsOf(agency, project.id);
    expect(Object.keys(results).sort()).toEqual([...RELAUNCH_STEPS].sort());
    expect(results.current_site).toContain('Gepflegt werden die Inhalte heute mit WordPress.');
    expect(results.pages).toContain('Unser Sortiment');
    expect(results.pages).toContain('Inhalt: Brote, Brötchen und Torten der Woche');
    expect(results.pages).toContain('muss zum Start bereitstehen');
    expect(results.site_goals).toContain('class="empty"');

    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const approved = await readProject(agency, project.id);
    expect(approved).toMatchObject({ is_approved: true, questionnaire: { id: RELAUNCH } });
    expect(approved.definition_revision).toEqual(project.definition_revision);
    const mail = (await server.mails()).filter((candidate) => candidate.link?.includes(project.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('der Fragebogen „Website-Relaunch“ Ihres Projekts');
  });
});

/** Edits one JSON file of a catalogue copy in place. */
async function editJson<T = Record<string, unknown>>(
  file: string,
  change: (json: T) => void,
): Promise<void> {
  const json = JSON.parse(await readFile(file, 'utf8')) as T;
  change(json);
  await writeFile(file, JSON.stringify(json, null, 2));
}

const relaunchIn = (root: string, ...file: string[]) =>
  path.join(root, DEFINITIONS_FOLDER, RELAUNCH, ...file);

describe.each(DATABASES)('the catalogue’s revisions and retiring (%s database)', (database) => {
  const copy = catalogueCopyServer(database, () =>
    copyRepositoryDefinition('fragewerk-catalogue-'),
  );
  const { start } = copy;
  let email: string;

  /** Stops the server, lets `edit` change the catalogue copy, starts it again on the same data. */
  const restart = async (edit: () => Promise<void>): Promise<HttpClient> =>
    login(await copy.restart(edit), email);
  /** The stored revisions per questionnaire. */
  const revisionRows = async () =>
    copy.running.orm.em
      .fork()
      .execute<{ questionnaire: string; ids: string[] }[]>(
        'select questionnaire, array_agg(id order by id) as ids from definition_revision group by questionnaire order by questionnaire',
      );

  /** An agency with a brand briefing and a relaunch project, on the catalogue copy. */
  async function twoProjects() {
    await start();
    // Written directly: this server's mail goes to the test's data folder, not to `mails()`.
    email = uniqueEmail('katalog');
    const em = copy.running.orm.em.fork();
    em.create(UserSchema, {
      agency: em.create(AgencySchema, { name: 'Agentur Katalog' }),
      company: 'Agentur Katalog',
      email,
      password_hash: await hashPassword(PASSWORD),
      verified_at: new Date(),
    });
    await em.flush();
    const client = await login(copy.running, email);
    const brand = (await createProject(client)).body.data;
    const relaunch = (await createProject(client, RELAUNCH)).body.data;
    expect(relaunch.questionnaire.id).toBe(RELAUNCH);
    return { brand, relaunch };
  }

  it('makes a new revision of the changed questionnaire only', async () => {
    const { brand, relaunch } = await twoProjects();
    const before = await revisionRows();
    expect(before).toEqual([
      { questionnaire: BRAND_BRIEFING, ids: [brand.definition_revision.id] },
      { questionnaire: RELAUNCH, ids: [relaunch.definition_revision.id] },
    ]);

    const client = await restart(() =>
      editJson<{ heading: string }>(
        relaunchIn(copy.definitionDir, 'steps', 'pages', 'step.json'),
        (json) => (json.heading = 'Welche Seiten braucht die neue Website?'),
      ),
    );
    const movedRelaunch = await readProject(client, relaunch.id);
    expect(movedRelaunch.definition_revision.id).not.toBe(relaunch.definition_revision.id);
    expect((await readProject(client, brand.id)).definition_revision).toEqual(
      brand.definition_revision,
    );
    expect(await revisionRows()).toEqual([
      { questionnaire: BRAND_BRIEFING, ids: [brand.definition_revision.id] },
      {
        questionnaire: RELAUNCH,
        ids: [relaunch.definition_revision.id, movedRelaunch.definition_revision.id].sort(),
      },
    ]);
    // New relaunch projects start on the new revision, brand briefings on the old one.
    expect((await createProject(client, RELAUNCH)).body.data.definition_revision).toEqual(
      movedRelaunch.definition_revision,
    );
    expect((await createProject(client)).body.data.definition_revision).toEqual(
      brand.definition_revision,
    );
  });

  it('offers a retired questionnaire no more, and its projects go on as before', async () => {
    const { relaunch } = await twoProjects();
    const before = await revisionRows();

    const client = await restart(() =>
      editJson<{ retired?: boolean }>(
        relaunchIn(copy.definitionDir, 'questionnaire.json'),
        (json) => (json.retired = true),
      ),
    );
    expect((await offered(client)).map((entry) => entry.id)).toEqual([BRAND_BRIEFING]);
    const refused = await createProject(client, RELAUNCH);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ questionnaire: [NOT_OFFERED] });

    const read = await readProject(client, relaunch.id);
    expect(read.questionnaire).toEqual({ id: RELAUNCH, title: 'Website-Relaunch' });
    // Retiring is no change of the questionnaire: no new revision, the project stays on its own.
    expect(read.definition_revision).toEqual(relaunch.definition_revision);
    expect(await revisionRows()).toEqual(before);

    const saved = await client.api<Body<Item>>('POST', `/projects/${relaunch.id}/pages`, PAGE);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const form = await client.api('PATCH', `/projects/${relaunch.id}/current_site`, {
      ...CURRENT_SITE,
      version: 0,
    });
    expect(form.status).toBe(200);
    const results = await resultsOf(client, relaunch.id);
    expect(results.pages).toContain('Inhalt: Brote, Brötchen und Torten der Woche');
    expect((await listed(client)).find((entry) => entry.id === relaunch.id)?.questionnaire).toEqual(
      { id: RELAUNCH, title: 'Website-Relaunch' },
    );
  });
});
