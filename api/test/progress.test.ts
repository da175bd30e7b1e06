import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { example, type Body, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * docs/product.md#fortschritt: every step's state and the overall figure in GET /projects/{id},
 * the figure per project in GET /projects – computed with a fixed number of statements however
 * many projects there are – and the steps the owner's approval mail names.
 */

type StepState = { state: string; invalid?: { id?: string; version: number }[] };
type Progress = { complete: number; total: number; steps: Record<string, StepState> };
type Project = Json & { id: string; edit_token: string; progress: Progress };
type Summary = Json & { id: string; progress: { complete: number; total: number } };

const STEPS = [
  'stakeholders',
  'competitors',
  'goals',
  'brandpersonality',
  'polarityprofile',
  'brandpositioning',
  'userstories',
  'personas',
];
const goal = (type: string, key: string) => ({ type, goal: key, goal_definition: 'messbar' });
/** Statements of a request that read or write projects and their answers (not sessions, mail). */
const PROJECT_SQL = /\b(project|answer|item|project_progress)\b/;

describe.each(DATABASES)('progress (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerEmail: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const account = await verifiedAccount(server, 'Agentur Fortschritt');
    owner = account.client;
    ownerEmail = account.email;
  });
  afterAll(async () => {
    await server?.close();
  });

  async function create(client: HttpClient, name = 'Relaunch'): Promise<Project> {
    const response = await client.api<Body<Project>>('POST', '/projects/create', {
      project_name: name,
      customer_firm: 'Tischlerei Berger',
    });
    expect(response.status).toBe(201);
    return response.body.data;
  }
  async function read(id: string, client = owner): Promise<Project> {
    const response = await client.api<Body<Project>>('GET', `/projects/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }
  async function list(client = owner): Promise<Summary[]> {
    const response = await client.api<Body<Summary[]>>('GET', '/projects');
    expect(response.status).toBe(200);
    return response.body.data;
  }
  const figureOf = async (id: string, client = owner) =>
    (await list(client)).find((project) => project.id === id)!.progress;
  const states = (project: Project) =>
    Object.fromEntries(Object.entries(project.progress.steps).map(([key, s]) => [key, s.state]));
  async function add(id: string, kind: string, data: Json, client = owner): Promise<Item> {
    const response = await client.api<Body<Item>>('POST', `/projects/${id}/${kind}`, data);
    expect(response.status).toBe(201);
    return response.body.data;
  }
  async function saveForm(id: string, kind: string, data: Json, version = 0) {
    const response = await owner.api<Body>('PATCH', `/projects/${id}/${kind}`, {
      ...data,
      version,
    });
    expect(response.status).toBe(200);
  }

  it('a new project: every step empty, 0 of 8, in the project and in the list', async () => {
    const project = await create(owner);
    expect(project.progress).toEqual({
      complete: 0,
      total: 8,
      steps: Object.fromEntries(STEPS.map((key) => [key, { state: 'empty' }])),
    });
    expect(await figureOf(project.id)).toEqual({ complete: 0, total: 8 });
  });

  it('follows every write: entries, groups, forms, deletes – and the list with it', async () => {
    const { id } = await create(owner);
    const stakeholder = await add(id, 'stakeholders', example('stakeholders'));
    await add(id, 'goals', goal('company', 'increase_revenue'));
    await saveForm(id, 'polarityprofile', { attribute_traditional_modern: 2 });
    let project = await read(id);
    expect(states(project)).toMatchObject({
      stakeholders: 'complete',
      goals: 'started',
      polarityprofile: 'complete',
      brandpositioning: 'empty',
    });
    expect(project.progress).toMatchObject({ complete: 2, total: 8 });
    expect(await figureOf(id)).toEqual({ complete: 2, total: 8 });

    await add(id, 'goals', goal('brand', 'build_trust'));
    await add(id, 'goals', goal('user', 'find_information_quickly'));
    await saveForm(id, 'brandpersonality', example('brandpersonality'));
    project = await read(id);
    expect(states(project)).toMatchObject({ goals: 'complete', brandpersonality: 'complete' });
    expect(await figureOf(id)).toEqual({ complete: 4, total: 8 });
    // The list again without a change: the stored figure.
    expect(await figureOf(id)).toEqual({ complete: 4, total: 8 });

    const deleted = await owner.api('DELETE', `/projects/${id}/stakeholders/${stakeholder.id}`);
    expect(deleted.status).toBe(200);
    expect(states(await read(id)).stakeholders).toBe('empty');
    expect(await figureOf(id)).toEqual({ complete: 3, total: 8 });

    // A settings change does not change the figure, though it renews the project row.
    const renamed = await owner.api('PATCH', `/projects/${id}`, { project_name: 'Umbenannt' });
    expect(renamed.status).toBe(200);
    expect(await figureOf(id)).toEqual({ complete: 3, total: 8 });
  });

  it('the customer with the share link reads the same progress', async () => {
    const project = await create(owner);
    await add(project.id, 'competitors', example('competitors'));
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const seen = await read(project.id, customer);
    expect(seen.progress).toEqual((await read(project.id)).progress);
    expect(seen.progress.steps.competitors).toEqual({ state: 'complete' });
  });

  it('GET /projects reads 1 or 20 projects with the same number of statements', async () => {
    /** The project statements one list request runs. */
    const statementsOf = async (client: HttpClient) => {
      const seen: string[] = [];
      server.orm.config.set('onQuery', (sql: string) => {
        if (PROJECT_SQL.test(sql)) seen.push(sql.replace(/\s+/g, ' ').slice(0, 120));
        return sql;
      });
      try {
        const projects = await list(client);
        return { projects, seen };
      } finally {
        server.orm.config.set('onQuery', (sql: string) => sql);
      }
    };
    const accountWith = async (count: number) => {
      const { client } = await verifiedAccount(server, `Agentur ${count}`);
      for (let index = 0; index < count; index += 1) {
        const { id } = await create(client, `Projekt ${index}`);
        await add(id, 'competitors', example('competitors'), client);
        if (index % 2 === 0) await add(id, 'goals', goal('company', 'increase_revenue'), client);
      }
      return client;
    };
    const one = await accountWith(1);
    const twenty = await accountWith(20);

    // First list: no figure is stored yet, every project is computed.
    const firstOne = await statementsOf(one);
    const firstTwenty = await statementsOf(twenty);
    expect(firstTwenty.projects).toHaveLength(20);
    expect(firstTwenty.projects.map((project) => project.progress.complete)).toEqual(
      Array(20).fill(1),
    );
    expect(firstOne.seen).toHaveLength(3);
    expect(firstTwenty.seen.length, firstTwenty.seen.join('\n')).toBe(firstOne.seen.length);

    // Then: the stored figures, one statement.
    const secondOne = await statementsOf(one);
    const secondTwenty = await statementsOf(twenty);
    expect(secondOne.seen, secondOne.seen.join('\n')).toHaveLength(1);
    expect(secondTwenty.seen).toHaveLength(1);
    expect(secondTwenty.projects).toEqual(firstTwenty.projects);
  });

  it('the approval mail names the steps that are not complete', async () => {
    const project = await create(owner);
    await add(project.id, 'stakeholders', example('stakeholders'));
    await add(project.id, 'competitors', example('competitors'));
    await saveForm(project.id, 'brandpositioning', example('brandpositioning'));
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);

    const mail = (await server.mails()).filter((entry) => entry.to.includes(ownerEmail)).at(-1)!;
    expect(mail.subject).toBe('Projekt freigegeben: „Relaunch“');
    expect(mail.text).toContain(
      'der Fragebogen „Markenbriefing“ Ihres Projekts „Relaunch“ für „Tischlerei Berger“ wurde über den Freigabelink freigegeben. Vollständig sind 3 von 8 Schritten; noch nicht vollständig: „Ziele“, „Markenpersönlichkeit“, „Polaritätenprofil“, „User Stories“ und „Personas“.',
    );
    expect(mail.link).toBe(`http://fragewerk.test/projekte/${project.id}/ergebnisse`);
  });

  it('a complete questionnaire’s approval mail says nothing about missing steps', async () => {
    const project = await create(owner, 'Komplett');
    await add(project.id, 'stakeholders', example('stakeholders'));
    await add(project.id, 'competitors', example('competitors'));
    for (const [type, key] of [
      ['company', 'increase_revenue'],
      ['brand', 'build_trust'],
      ['user', 'find_information_quickly'],
    ] as const)
      await add(project.id, 'goals', goal(type, key));
    await add(project.id, 'userstories', example('userstories'));
    await add(project.id, 'personas', example('personas'));
    await saveForm(project.id, 'brandpersonality', example('brandpersonality'));
    await saveForm(project.id, 'polarityprofile', { attribute_traditional_modern: -1 });
    await saveForm(project.id, 'brandpositioning', example('brandpositioning'));
    expect((await read(project.id)).progress.complete).toBe(8);

    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const mail = (await server.mails()).filter((entry) => entry.to.includes(ownerEmail)).at(-1)!;
    expect(mail.subject).toBe('Projekt freigegeben: „Komplett“');
    expect(mail.text).toContain(
      'der Fragebogen „Markenbriefing“ Ihres Projekts „Komplett“ für „Tischlerei Berger“ wurde über den Freigabelink freigegeben. Die Ergebnisse finden Sie hier:',
    );
    expect(mail.text).not.toContain('vollständig');
  });
});
