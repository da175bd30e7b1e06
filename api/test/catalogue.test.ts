import { cp, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { catalogueIds, DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';
import type { ResultsJson } from '@fragewerk/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_BRIEF,
  FIXTURE_CATALOGUE,
  FIXTURE_SURVEY,
} from '../../tests/src/fixture-catalogue.ts';
import { hashPassword } from '../src/accounts/passwords.ts';
import { AgencySchema } from '../src/agency/agency.entity.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { login, PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { example, FIXTURE_WIDGETS, type Body, type Item, type Json } from './fixtures.ts';
import { catalogueCopyServer } from './catalogue-copy-server.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The catalogue (docs/product.md#fragebögen): the agency picks a questionnaire for a new project
 * from GET /api/questionnaires; the project asks it from then on – its steps, checks, progress,
 * results and revisions are that questionnaire's, and a change to one questionnaire's folder
 * never touches the projects of another. On the fixture catalogue: fixture-brief is the default,
 * fixture-widgets the questionnaire chosen; tests/src/catalogue-content.test.ts pins the shipped
 * catalogue's questionnaires.
 */

const DEFAULT = FIXTURE_BRIEF;
const CHOSEN = FIXTURE_WIDGETS;
/** The chosen questionnaire's steps, as its manifest lists them. */
const CHOSEN_STEPS = ['rivals', 'contacts', 'people', 'profile', 'scale', 'statement'];
const NOT_OFFERED =
  'Diesen Fragebogen bietet Fragewerk nicht (mehr) an. Bitte wählen Sie einen aus der Liste.';

/** A valid answer of the chosen questionnaire's form step `statement`. */
const STATEMENT = example('statement');
/** A valid entry of the chosen questionnaire's list step `rivals`. */
const RIVAL = example('rivals');

/** The manifest of a questionnaire of the fixture catalogue. */
const manifestOf = async (id: string) =>
  JSON.parse(
    await readFile(
      path.join(FIXTURE_CATALOGUE, DEFINITIONS_FOLDER, id, 'questionnaire.json'),
      'utf8',
    ),
  ) as { title: string; description: string; stages: { steps: string[] }[] };

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
    server = await startTestServer(database);
    ({ client: agency } = await verifiedAccount(server));
  });
  afterAll(() => server?.close());

  it('lists the offered questionnaires for members only, the default first', async () => {
    expect((await new HttpClient(server.url).api('GET', '/questionnaires')).status).toBe(401);
    const project = (await createProject(agency)).body.data;
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('GET', '/questionnaires')).status).toBe(401);

    const list = await offered(agency);
    expect(list.map((entry) => entry.id)).toEqual(await catalogueIds(FIXTURE_CATALOGUE));
    expect(list[0]!.id).toBe(DEFAULT);
    expect(list.find((entry) => entry.id === CHOSEN)).toMatchObject({
      title: 'Fixture-Widgets',
      steps: CHOSEN_STEPS.length,
    });
    for (const entry of list) {
      expect(Object.keys(entry).sort()).toEqual(['description', 'id', 'minutes', 'steps', 'title']);
      // Title, description and step count as the questionnaire's manifest has them.
      const manifest = await manifestOf(entry.id);
      expect(entry).toMatchObject({
        title: manifest.title,
        description: manifest.description,
        steps: manifest.stages.flatMap((stage) => stage.steps).length,
      });
      expect(entry.minutes).toBeGreaterThan(0);
      expect(entry.minutes % 5).toBe(0);
    }
  });

  it('creates the default questionnaire without a choice and the chosen one with one', async () => {
    const plain = await createProject(agency);
    expect(plain.status).toBe(201);
    expect(plain.body.data.questionnaire).toEqual({ id: DEFAULT, title: 'Fixture-Briefing' });
    expect(plain.body.data).toHaveProperty('ideas');
    expect(plain.body.data).not.toHaveProperty('statement');

    const chosen = await createProject(agency, CHOSEN);
    expect(chosen.status).toBe(201);
    const project = chosen.body.data;
    expect(project.questionnaire).toEqual({ id: CHOSEN, title: 'Fixture-Widgets' });
    for (const key of CHOSEN_STEPS) expect(project, key).toHaveProperty(key);
    expect(project.rivals).toEqual([]);
    expect(project.statement).toEqual({ version: 0 });
    expect(project).not.toHaveProperty('ideas');
    expect(project.definition_revision.id).not.toBe(plain.body.data.definition_revision.id);
  });

  it('refuses an unknown or malformed questionnaire in German and creates nothing', async () => {
    const before = await listed(agency);
    const unknown = await createProject(agency, 'gibt-es-nicht');
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({ questionnaire: [NOT_OFFERED] });
    for (const malformed of ['Fixture Widgets!', `../${DEFAULT}`, 42, '']) {
      const refused = await createProject(agency, malformed);
      expect(refused.status, JSON.stringify(malformed)).toBe(422);
      expect(refused.body.errors?.questionnaire?.length, JSON.stringify(malformed)).toBe(1);
      expect(refused.body.errors?.questionnaire?.[0]).toMatch(/Fragebogen/);
    }
    expect(await listed(agency)).toEqual(before);
  });

  it('names each project’s questionnaire in the dashboard list', async () => {
    const standard = (await createProject(agency)).body.data;
    const chosen = (await createProject(agency, CHOSEN)).body.data;
    const byId = new Map((await listed(agency)).map((entry) => [entry.id, entry]));
    expect(byId.get(standard.id)?.questionnaire).toEqual({
      id: DEFAULT,
      title: 'Fixture-Briefing',
    });
    expect(byId.get(chosen.id)?.questionnaire).toEqual({
      id: CHOSEN,
      title: 'Fixture-Widgets',
    });
    for (const entry of byId.values())
      expect(entry.questionnaire).toEqual({
        id: expect.any(String),
        title: expect.any(String),
      });
  });

  it('runs a project of the chosen questionnaire end to end: answers, checks, progress, results, approval', async () => {
    const project = (await createProject(agency, CHOSEN)).body.data;
    expect(Object.keys(project.progress.steps).sort()).toEqual([...CHOSEN_STEPS].sort());
    expect(project.progress).toMatchObject({ complete: 0, total: CHOSEN_STEPS.length });

    const form = await agency.api<Body & Failure>('PATCH', `/projects/${project.id}/statement`, {
      ...STATEMENT,
      version: 0,
    });
    expect(form.status, JSON.stringify(form.body)).toBe(200);
    const entry = await agency.api<Body<Item>>('POST', `/projects/${project.id}/rivals`, RIVAL);
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body.data).toEqual({ id: expect.any(String), version: 1, ...RIVAL });

    // Invalid answers: 422 with the questionnaire's German messages, nothing stored.
    const badEntry = await agency.api<Failure>('POST', `/projects/${project.id}/rivals`, {
      ...RIVAL,
      url: 'kein Link',
    });
    expect(badEntry.status).toBe(422);
    expect(badEntry.body.errors?.url).toEqual([
      'Website muss eine gültige URL mit http://, https:// oder ftp:// sein.',
    ]);
    const badContact = await agency.api<Failure>('POST', `/projects/${project.id}/contacts`, {
      ...example('contacts'),
      type: 'custom',
    });
    expect(badContact.status).toBe(422);
    expect(badContact.body.errors).toHaveProperty('custom_type');
    const badForm = await agency.api<Failure>('PATCH', `/projects/${project.id}/statement`, {
      ...STATEMENT,
      promises: ['nichts'],
      version: 1,
    });
    expect(badForm.status).toBe(422);
    expect(Object.values(badForm.body.errors ?? {}).flat()).toContain(
      'Versprechen: Bitte wählen Sie einen Eintrag aus der Liste.',
    );
    // A step of the other questionnaire is none of this project's.
    expect(
      (await agency.api('POST', `/projects/${project.id}/ideas`, example('ideas'))).status,
    ).toBe(404);

    const read = await readProject(agency, project.id);
    expect(read.rivals).toEqual([entry.body.data]);
    expect(read.statement).toEqual({ ...STATEMENT, version: 1 });
    expect(read.progress.total).toBe(CHOSEN_STEPS.length);
    expect(read.progress.steps).toHaveProperty('rivals');
    expect(read.progress.complete).toBeGreaterThanOrEqual(1);
    expect(read.progress.complete).toBeLessThan(CHOSEN_STEPS.length);
    const summary = (await listed(agency)).find((candidate) => candidate.id === project.id)!;
    expect(summary.progress).toEqual({
      complete: read.progress.complete,
      total: CHOSEN_STEPS.length,
      reviewed: 0,
    });

    const results = await resultsOf(agency, project.id);
    expect(Object.keys(results).sort()).toEqual([...CHOSEN_STEPS].sort());
    expect(results.statement).toContain('Unser Leitsatz: „Gutes Holz, gut gemacht.“');
    expect(results.rivals).toContain('Holzwerk Nord');
    expect(results.rivals).toContain('Gleiche Zielgruppe');
    expect(results.people).toContain('class="empty"');

    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const approved = await readProject(agency, project.id);
    expect(approved).toMatchObject({ is_approved: true, questionnaire: { id: CHOSEN } });
    expect(approved.definition_revision).toEqual(project.definition_revision);
    const mail = (await server.mails()).filter((candidate) => candidate.link?.includes(project.id));
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('der Fragebogen „Fixture-Widgets“ Ihres Projekts');
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

const chosenIn = (root: string, ...file: string[]) =>
  path.join(root, DEFINITIONS_FOLDER, CHOSEN, ...file);

/** A copy of the fixture catalogue that a test edits. */
async function copyFixtureCatalogue(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-catalogue-'));
  await cp(FIXTURE_CATALOGUE, root, { recursive: true });
  return root;
}

describe.each(DATABASES)('the catalogue’s revisions and retiring (%s database)', (database) => {
  const copy = catalogueCopyServer(database, copyFixtureCatalogue);
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

  /** An agency with a project of each questionnaire, on the catalogue copy. */
  async function projectOfEach() {
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
    const standard = (await createProject(client)).body.data;
    const survey = (await createProject(client, FIXTURE_SURVEY)).body.data;
    const chosen = (await createProject(client, CHOSEN)).body.data;
    expect(chosen.questionnaire.id).toBe(CHOSEN);
    return { standard, survey, chosen };
  }

  it('makes a new revision of the changed questionnaire only', async () => {
    const { standard, survey, chosen } = await projectOfEach();
    const before = await revisionRows();
    expect(before).toEqual([
      { questionnaire: DEFAULT, ids: [standard.definition_revision.id] },
      { questionnaire: FIXTURE_SURVEY, ids: [survey.definition_revision.id] },
      { questionnaire: CHOSEN, ids: [chosen.definition_revision.id] },
    ]);

    const client = await restart(() =>
      editJson<{ heading: string }>(
        chosenIn(copy.definitionDir, 'steps', 'rivals', 'step.json'),
        (json) => (json.heading = 'Wer macht Ihnen Konkurrenz?'),
      ),
    );
    const movedChosen = await readProject(client, chosen.id);
    expect(movedChosen.definition_revision.id).not.toBe(chosen.definition_revision.id);
    expect((await readProject(client, standard.id)).definition_revision).toEqual(
      standard.definition_revision,
    );
    expect(await revisionRows()).toEqual([
      { questionnaire: DEFAULT, ids: [standard.definition_revision.id] },
      { questionnaire: FIXTURE_SURVEY, ids: [survey.definition_revision.id] },
      {
        questionnaire: CHOSEN,
        ids: [chosen.definition_revision.id, movedChosen.definition_revision.id].sort(),
      },
    ]);
    // New projects of the changed one start on the new revision, the others on their old one.
    expect((await createProject(client, CHOSEN)).body.data.definition_revision).toEqual(
      movedChosen.definition_revision,
    );
    expect((await createProject(client)).body.data.definition_revision).toEqual(
      standard.definition_revision,
    );
  });

  it('offers a retired questionnaire no more, and its projects go on as before', async () => {
    const { chosen } = await projectOfEach();
    const before = await revisionRows();

    const client = await restart(() =>
      editJson<{ retired?: boolean }>(
        chosenIn(copy.definitionDir, 'questionnaire.json'),
        (json) => (json.retired = true),
      ),
    );
    expect((await offered(client)).map((entry) => entry.id)).toEqual([DEFAULT, FIXTURE_SURVEY]);
    const refused = await createProject(client, CHOSEN);
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ questionnaire: [NOT_OFFERED] });

    const read = await readProject(client, chosen.id);
    expect(read.questionnaire).toEqual({ id: CHOSEN, title: 'Fixture-Widgets' });
    // Retiring is no change of the questionnaire: no new revision, the project stays on its own.
    expect(read.definition_revision).toEqual(chosen.definition_revision);
    expect(await revisionRows()).toEqual(before);

    const saved = await client.api<Body<Item>>('POST', `/projects/${chosen.id}/rivals`, RIVAL);
    expect(saved.status, JSON.stringify(saved.body)).toBe(201);
    const form = await client.api('PATCH', `/projects/${chosen.id}/statement`, {
      ...STATEMENT,
      version: 0,
    });
    expect(form.status).toBe(200);
    const results = await resultsOf(client, chosen.id);
    expect(results.rivals).toContain('Gleiche Zielgruppe');
    expect((await listed(client)).find((entry) => entry.id === chosen.id)?.questionnaire).toEqual({
      id: CHOSEN,
      title: 'Fixture-Widgets',
    });
  });
});
