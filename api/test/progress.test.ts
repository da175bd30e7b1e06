import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { example, FIXTURE_WIDGETS, type Body, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * docs/product.md#fortschritt: every step's state and the overall figure in GET /projects/{id},
 * the figure per project in GET /projects – computed with a fixed number of statements however
 * many projects there are – and the steps the owner's approval mail names. On fixture-widgets:
 * its six steps include a grouped list (`contacts`, complete with an entry in each group) and a
 * scale that is complete with one value.
 */

type StepState = { state: string; invalid?: { id?: string; version: number }[] };
type Progress = { complete: number; total: number; steps: Record<string, StepState> };
type Project = Json & { id: string; edit_token: string; progress: Progress };
type Summary = Json & { id: string; progress: { complete: number; total: number } };

const STEPS = ['rivals', 'contacts', 'people', 'profile', 'scale', 'statement'];
/** A contact of the internal group (not enough alone) and one of the external group. */
const INTERNAL = example('contacts', 0);
const EXTERNAL = example('contacts', 1);
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
      questionnaire: FIXTURE_WIDGETS,
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

  it('a new project: every step empty, 0 of 6, in the project and in the list', async () => {
    const project = await create(owner);
    expect(project.progress).toEqual({
      complete: 0,
      total: 6,
      reviewed: 0,
      steps: Object.fromEntries(STEPS.map((key) => [key, { state: 'empty' }])),
    });
    expect(await figureOf(project.id)).toEqual({ complete: 0, total: 6, reviewed: 0 });
  });

  it('follows every write: entries, groups, forms, deletes – and the list with it', async () => {
    const { id } = await create(owner);
    const rival = await add(id, 'rivals', example('rivals'));
    await add(id, 'contacts', INTERNAL);
    await saveForm(id, 'scale', { attribute_traditional_modern: 2 });
    let project = await read(id);
    expect(states(project)).toMatchObject({
      rivals: 'complete',
      contacts: 'started',
      scale: 'complete',
      statement: 'empty',
    });
    expect(project.progress).toMatchObject({ complete: 2, total: 6 });
    expect(await figureOf(id)).toEqual({ complete: 2, total: 6, reviewed: 0 });

    await add(id, 'contacts', EXTERNAL);
    await saveForm(id, 'profile', example('profile'));
    project = await read(id);
    expect(states(project)).toMatchObject({ contacts: 'complete', profile: 'complete' });
    expect(await figureOf(id)).toEqual({ complete: 4, total: 6, reviewed: 0 });
    // The list again without a change: the stored figure.
    expect(await figureOf(id)).toEqual({ complete: 4, total: 6, reviewed: 0 });

    const deleted = await owner.api('DELETE', `/projects/${id}/rivals/${rival.id}`);
    expect(deleted.status).toBe(200);
    expect(states(await read(id)).rivals).toBe('empty');
    expect(await figureOf(id)).toEqual({ complete: 3, total: 6, reviewed: 0 });

    // A settings change does not change the figure, though it renews the project row.
    const renamed = await owner.api('PATCH', `/projects/${id}`, { project_name: 'Umbenannt' });
    expect(renamed.status).toBe(200);
    expect(await figureOf(id)).toEqual({ complete: 3, total: 6, reviewed: 0 });
  });

  it('the customer with the share link reads the same progress', async () => {
    const project = await create(owner);
    await add(project.id, 'rivals', example('rivals'));
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const seen = await read(project.id, customer);
    expect(seen.progress).toEqual((await read(project.id)).progress);
    expect(seen.progress.steps.rivals).toEqual({ state: 'complete' });
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
        await add(id, 'rivals', example('rivals'), client);
        if (index % 2 === 0) await add(id, 'contacts', INTERNAL, client);
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
    await add(project.id, 'rivals', example('rivals'));
    await add(project.id, 'contacts', INTERNAL);
    await add(project.id, 'contacts', EXTERNAL);
    await saveForm(project.id, 'statement', example('statement'));
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);

    const mail = (await server.mails()).filter((entry) => entry.to.includes(ownerEmail)).at(-1)!;
    expect(mail.subject).toBe('Projekt freigegeben: „Relaunch“');
    expect(mail.text).toContain(
      'der Fragebogen „Fixture-Widgets“ Ihres Projekts „Relaunch“ für „Tischlerei Berger“ wurde über den Freigabelink freigegeben. Vollständig sind 3 von 6 Schritten; noch nicht vollständig: „Personen“, „Profil“ und „Skala“.',
    );
    expect(mail.link).toBe(`http://fragewerk.test/projekte/${project.id}/ergebnisse`);
  });

  it('a complete questionnaire’s approval mail says nothing about missing steps', async () => {
    const project = await create(owner, 'Komplett');
    await add(project.id, 'rivals', example('rivals'));
    await add(project.id, 'contacts', INTERNAL);
    await add(project.id, 'contacts', EXTERNAL);
    await add(project.id, 'people', example('people'));
    await saveForm(project.id, 'profile', example('profile'));
    await saveForm(project.id, 'scale', { attribute_traditional_modern: -1 });
    await saveForm(project.id, 'statement', example('statement'));
    expect((await read(project.id)).progress.complete).toBe(6);

    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const mail = (await server.mails()).filter((entry) => entry.to.includes(ownerEmail)).at(-1)!;
    expect(mail.subject).toBe('Projekt freigegeben: „Komplett“');
    expect(mail.text).toContain(
      'der Fragebogen „Fixture-Widgets“ Ihres Projekts „Komplett“ für „Tischlerei Berger“ wurde über den Freigabelink freigegeben. Die Ergebnisse finden Sie hier:',
    );
    expect(mail.text).not.toContain('vollständig');
  });
});
