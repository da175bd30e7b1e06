import { readFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { example, FORM_STEPS, LIST_STEPS } from './fixtures.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Json = Record<string, unknown>;
interface Project extends Json {
  id: string;
  project_name: string;
  customer_firm: string;
  edit_token?: string;
  definition_version: number;
  version: number;
  is_approved: boolean;
  is_archived: boolean;
  approved_at: string | null;
  created_at: string;
  updated_at: string;
  user: Json;
}
interface Definition {
  version: number;
  steps: { meta: { key: string; kind: string; slug: string }; schema: Json }[];
}
/** A response body; by default one with a project. */
interface Body<T = Project> {
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
}

const FIXTURES = path.resolve(import.meta.dirname, '../../tests/fixtures/validation');
const fixture = (name: string) =>
  JSON.parse(readFileSync(path.join(FIXTURES, `${name}.json`), 'utf8')) as {
    valid: Json[];
    invalid: { data: Json; errors: Record<string, string[]> }[];
  };

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^[A-Za-z0-9_-]{43}$/;
/** fixture-brief's steps (the fixture catalogue's default questionnaire), in its order. */
const STEPS_IN_ORDER = ['ideas', 'frame'];
const VALIDATION = 'Bitte prüfen Sie Ihre Eingaben.';
const CONFLICT =
  'Diese Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie den aktuellen Stand.';
const ARCHIVED = 'Das Projekt wurde archiviert.';
const NOT_FOUND = 'Projekt nicht gefunden';

const idea = example('ideas');
const frame = example('frame');

describe.each(DATABASES)('projects (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerEmail: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const account = await verifiedAccount(server, 'Agentur Nord');
    owner = account.client;
    ownerEmail = account.email;
  });
  afterAll(async () => {
    await server?.close();
  });

  let counter = 0;
  async function create(client = owner, fields: Json = {}) {
    counter += 1;
    const response = await client.api<Body>('POST', '/projects/create', {
      project_name: `Relaunch ${counter}`,
      customer_firm: 'Tischlerei Berger',
      ...fields,
    });
    expect(response.status).toBe(201);
    return response.body.data;
  }

  async function get(id: string, client = owner) {
    const response = await client.api<Body>('GET', `/projects/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  function customerOf(project: { edit_token?: string }) {
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token as string;
    return customer;
  }

  /** A project with two entries in its list step and answers in its form step. */
  async function filledProject() {
    const project = await create();
    const item = await owner.api<Body<Json & { id: string }>>(
      'POST',
      `/projects/${project.id}/ideas`,
      idea,
    );
    expect(item.status).toBe(201);
    const second = await owner.api<Body>(
      'POST',
      `/projects/${project.id}/ideas`,
      example('ideas', 1),
    );
    expect(second.status).toBe(201);
    const form = await owner.api<Body>('PATCH', `/projects/${project.id}/frame`, {
      ...frame,
      version: 0,
    });
    expect(form.status).toBe(200);
    return { project: await get(project.id as string), itemId: item.body.data.id };
  }

  it('creates a project (201) with id, definition version and a share token', async () => {
    const definition = await owner.api<Body<Definition>>('GET', '/config/definition');
    const response = await owner.api<Body>('POST', '/projects/create', {
      project_name: '  Relaunch 2027 ',
      customer_firm: 'Tischlerei Berger',
    });
    expect(response.status).toBe(201);
    const project = response.body.data;
    expect(project.id).toMatch(UUID);
    expect(project).toMatchObject({
      project_name: 'Relaunch 2027',
      customer_firm: 'Tischlerei Berger',
      definition_version: definition.body.data.version,
      is_approved: false,
      is_archived: false,
      is_niceview_enabled: false,
      approved_at: null,
      version: 1,
      user: { company: 'Agentur Nord', contact_name: null, contact_email: null },
    });
    expect(typeof project.definition_version).toBe('number');
    expect(project.edit_token).toMatch(TOKEN);
    expect(Number.isNaN(Date.parse(project.created_at as string))).toBe(false);
    for (const step of LIST_STEPS) expect(project[step]).toEqual([]);
    for (const step of FORM_STEPS) expect(project[step]).toEqual({ version: 0 });

    expect(await get(project.id as string)).toEqual(project);
    const other = await create();
    expect(other.edit_token).not.toBe(project.edit_token);
    expect(other.id).not.toBe(project.id);
  });

  it('refuses a new project without name or customer (422, German messages)', async () => {
    const before = (await owner.api<Body<Project[]>>('GET', '/projects')).body.data;
    for (const { data, errors } of fixture('new-project').invalid) {
      const response = await owner.api<Body>('POST', '/projects/create', data);
      expect(response.status).toBe(422);
      expect(response.body.message).toBe(VALIDATION);
      expect(response.body.errors).toEqual(errors);
    }
    const missing = await owner.api<Body>('POST', '/projects/create', {});
    expect(missing.body.errors!.project_name).toEqual(['Projektname ist ein Pflichtfeld']);
    expect(missing.body.errors!.customer_firm).toEqual(['Kundenname ist ein Pflichtfeld']);

    const unknown = await owner.api<Body>('POST', '/projects/create', {
      project_name: 'A',
      customer_firm: 'B',
      is_approved: true,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toEqual({
      is_approved: ['Das Feld is_approved ist nicht vorgesehen.'],
    });
    expect((await owner.api<Body<Project[]>>('GET', '/projects')).body.data).toEqual(before);
  });

  it("lists only the account's own projects; others get 404 on them", async () => {
    const first = await verifiedAccount(server, 'Agentur Eins');
    const second = await verifiedAccount(server, 'Agentur Zwei');
    const a1 = await create(first.client);
    const a2 = await create(first.client);
    const b1 = await create(second.client);

    const listA = await first.client.api<Body<Project[]>>('GET', '/projects');
    expect(listA.status).toBe(200);
    expect(listA.body.data.map((project) => project.id)).toEqual([a2.id, a1.id]);
    expect(listA.body.data[0]).toMatchObject({
      id: a2.id,
      project_name: a2.project_name,
      customer_firm: 'Tischlerei Berger',
      is_approved: false,
      is_archived: false,
    });
    expect(listA.body.data[0]).not.toHaveProperty('edit_token');

    const listB = await second.client.api<Body<Project[]>>('GET', '/projects');
    expect(listB.body.data.map((project) => project.id)).toEqual([b1.id]);

    const fresh = await verifiedAccount(server, 'Agentur Drei');
    expect((await fresh.client.api<Body<Project[]>>('GET', '/projects')).body.data).toEqual([]);

    const before = await get(a1.id as string, first.client);
    for (const [method, route, body] of [
      ['GET', `/projects/${a1.id}`, undefined],
      ['PATCH', `/projects/${a1.id}`, { project_name: 'Gekapert' }],
      ['DELETE', `/projects/${a1.id}`, undefined],
      ['PUT', `/projects/${a1.id}/approve`, undefined],
      ['PUT', `/projects/${a1.id}/edit-token`, undefined],
      ['POST', `/projects/${a1.id}/ideas`, idea],
    ] as const) {
      const response = await second.client.api<Body>(method, route, body);
      expect(response.status, `${method} ${route}`).toBe(404);
      expect(response.body.message).toBe(NOT_FOUND);
    }
    expect(await get(a1.id as string, first.client)).toEqual(before);
  });

  it('renames with a partial PATCH and keeps the other fields', async () => {
    const project = await create();
    const response = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      project_name: 'Neuer Name',
    });
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({
      id: project.id,
      project_name: 'Neuer Name',
      customer_firm: project.customer_firm,
      is_approved: false,
      is_archived: false,
      is_niceview_enabled: false,
      edit_token: project.edit_token,
      version: 2,
    });
    expect(await get(project.id as string)).toEqual(response.body.data);

    const niceview = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      is_niceview_enabled: true,
      version: 2,
    });
    expect(niceview.status).toBe(200);
    expect(niceview.body.data).toMatchObject({
      project_name: 'Neuer Name',
      is_niceview_enabled: true,
      version: 3,
    });
  });

  it('archives with is_archived true and reactivates with false', async () => {
    const project = await create();
    const archived = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      is_archived: true,
    });
    expect(archived.status).toBe(200);
    expect(archived.body.data).toMatchObject({
      is_archived: true,
      project_name: project.project_name,
    });
    expect((await get(project.id as string)).is_archived).toBe(true);
    const listed = (await owner.api<Body<Project[]>>('GET', '/projects')).body.data.find(
      (entry) => entry.id === project.id,
    );
    expect(listed!.is_archived).toBe(true);

    const active = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      is_archived: false,
    });
    expect(active.status).toBe(200);
    expect(active.body.data).toMatchObject({
      is_archived: false,
      project_name: project.project_name,
    });
    expect((await get(project.id as string)).is_archived).toBe(false);
  });

  it('refuses a PATCH with a stale version (409 with the current project)', async () => {
    const project = await create();
    const renamed = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      project_name: 'Erster',
      version: 1,
    });
    expect(renamed.status).toBe(200);
    const current = await get(project.id as string);

    const stale = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      project_name: 'Zweiter',
      version: 1,
    });
    expect(stale.status).toBe(409);
    expect(stale.body.message).toBe(CONFLICT);
    expect(stale.body.data).toEqual(current);
    expect(await get(project.id as string)).toEqual(current);
  });

  it('refuses unknown fields and invalid values with 422 and changes nothing', async () => {
    const project = await create();
    const before = await get(project.id as string);
    const unknown = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      project_name: 'Neu',
      budget: 5000,
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.message).toBe(VALIDATION);
    expect(unknown.body.errors).toEqual({ budget: ['Das Feld budget ist nicht vorgesehen.'] });

    for (const { data, errors } of fixture('project-settings').invalid) {
      const response = await owner.api<Body>('PATCH', `/projects/${project.id}`, data);
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual(errors);
    }
    const blank = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      project_name: '   ',
      customer_firm: '',
    });
    expect(blank.status).toBe(422);
    expect(blank.body.errors).toEqual({
      project_name: ['Projektname ist ein Pflichtfeld'],
      customer_firm: ['Kundenname ist ein Pflichtfeld'],
    });
    expect(await get(project.id as string)).toEqual(before);
  });

  it('accepts the whole GET body echoed back and ignores its read-only fields', async () => {
    const { project } = await filledProject();
    const echoed = {
      ...project,
      project_name: 'Aus dem Formular',
      // Read-only fields a client must not be able to change this way:
      id: '00000000-0000-4000-8000-000000000000',
      edit_token: 'x'.repeat(43),
      definition_version: 99,
      approved_at: '2020-01-01T00:00:00.000Z',
      created_at: '2020-01-01T00:00:00.000Z',
      user: { company: 'Fremd', contact_name: 'X', contact_email: 'x@example.de' },
      ideas: [],
      frame: { version: 0 },
    };
    const response = await owner.api<Body>('PATCH', `/projects/${project.id}`, echoed);
    expect(response.status).toBe(200);
    const after = await get(project.id as string);
    expect(response.body.data).toEqual(after);
    expect(after).toEqual({
      ...project,
      project_name: 'Aus dem Formular',
      version: project.version + 1,
      updated_at: after.updated_at,
    });
  });

  it('while archived only is_archived may change (403 otherwise)', async () => {
    const { project, itemId } = await filledProject();
    const archived = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      is_archived: true,
    });
    expect(archived.status).toBe(200);
    const before = await get(project.id as string);

    for (const body of [
      { project_name: 'Umbenannt' },
      { customer_firm: 'Andere' },
      { is_niceview_enabled: true },
      { is_approved: true },
      { is_archived: false, project_name: 'Umbenannt' },
    ]) {
      const response = await owner.api<Body>('PATCH', `/projects/${project.id}`, body);
      expect(response.status, JSON.stringify(body)).toBe(403);
      expect(response.body.message).toBe(ARCHIVED);
    }
    for (const [method, route, body] of [
      ['PUT', `/projects/${project.id}/approve`, undefined],
      ['PUT', `/projects/${project.id}/edit-token`, undefined],
      ['DELETE', `/projects/${project.id}/ideas/${itemId}`, undefined],
    ] as const) {
      const response = await owner.api<Body>(method, route, body);
      expect(response.status, `${method} ${route}`).toBe(403);
      expect(response.body.message).toBe(ARCHIVED);
    }
    const customer = await customerOf(project).api<Body>('GET', `/projects/${project.id}`);
    expect(customer.status).toBe(403);
    expect(customer.body.message).toBe(ARCHIVED);
    expect(await get(project.id as string)).toEqual(before);

    // The settings page echoes the whole (archived) project with only is_archived changed.
    const reactivated = await owner.api<Body>('PATCH', `/projects/${project.id}`, {
      ...before,
      is_archived: false,
    });
    expect(reactivated.status).toBe(200);
    expect(reactivated.body.data).toMatchObject({
      is_archived: false,
      project_name: project.project_name,
    });
  });

  it('deletes a project with all its items and answers', async () => {
    const { project, itemId } = await filledProject();
    const customer = customerOf(project);
    const response = await owner.api<Body>('DELETE', `/projects/${project.id}`);
    expect(response.status).toBe(200);

    const gone = await owner.api<Body>('GET', `/projects/${project.id}`);
    expect(gone.status).toBe(404);
    expect(gone.body.message).toBe(NOT_FOUND);
    expect((await customer.api<Body>('GET', `/projects/${project.id}`)).status).toBe(404);
    const list = (await owner.api<Body<Project[]>>('GET', '/projects')).body.data;
    expect(list.map((entry) => entry.id)).not.toContain(project.id);
    const item = await owner.api<Body>('PATCH', `/projects/${project.id}/ideas/${itemId}`, {
      ...idea,
      version: 1,
    });
    expect(item.status).toBe(404);
    const again = await owner.api<Body>('DELETE', `/projects/${project.id}`);
    expect(again.status).toBe(404);

    const connection = server.orm.em.fork().getConnection();
    for (const table of ['item', 'answer']) {
      const [row] = await connection.execute<{ count: string | number }[]>(
        `select count(*) as count from ${table} where project_id = ?`,
        [project.id],
      );
      expect(Number(row!.count), table).toBe(0);
    }
  });

  it('approves through the owner: is_approved and approved_at are set, no mail', async () => {
    const project = await create();
    const mailsBefore = (await server.mails()).length;
    const response = await owner.api<Body>('PUT', `/projects/${project.id}/approve`);
    expect(response.status).toBe(200);
    expect(response.body.data.is_approved).toBe(true);
    const approvedAt = Date.parse(response.body.data.approved_at!);
    expect(Math.abs(approvedAt - Date.now())).toBeLessThan(60_000);
    expect(await get(project.id as string)).toEqual(response.body.data);
    expect((await server.mails()).length).toBe(mailsBefore);

    const again = await owner.api<Body>('PUT', `/projects/${project.id}/approve`);
    expect(again.status).toBe(200);
    expect(again.body.data.approved_at).toBe(response.body.data.approved_at);
  });

  it('approving through the share token mails the owner', async () => {
    const project = await create(owner, {
      project_name: 'Website Relaunch',
      customer_firm: 'Bäckerei Sommer',
    });
    const customer = customerOf(project);
    const response = await customer.api<Body>('PUT', `/projects/${project.id}/approve`);
    expect(response.status).toBe(200);
    expect(response.body.data).toMatchObject({ id: project.id, is_approved: true });
    expect(response.body.data).not.toHaveProperty('edit_token');
    expect(response.body.data.approved_at).toEqual(expect.any(String));

    const mail = (await server.mails()).filter((entry) => entry.to.includes(ownerEmail)).at(-1);
    expect(mail).toBeDefined();
    expect(mail!.subject).toBe('Projekt freigegeben: „Website Relaunch“');
    expect(mail!.text).toContain('Bäckerei Sommer');
    expect(mail!.link).toBe(`http://fragewerk.test/projekte/${project.id}/ergebnisse`);

    const mailsAfter = (await server.mails()).length;
    const again = await customer.api<Body>('PUT', `/projects/${project.id}/approve`);
    expect(again.status).toBe(403);
    expect((await server.mails()).length).toBe(mailsAfter);
  });

  it('regenerates the share token: the old one stops working, the new one works', async () => {
    const project = await create();
    const oldCustomer = customerOf(project);
    expect((await oldCustomer.api<Body>('GET', `/projects/${project.id}`)).status).toBe(200);

    const refused = await oldCustomer.api<Body>('PUT', `/projects/${project.id}/edit-token`);
    expect(refused.status).toBe(403);

    const response = await owner.api<Body>('PUT', `/projects/${project.id}/edit-token`);
    expect(response.status).toBe(200);
    const token = response.body.data.edit_token!;
    expect(token).toMatch(TOKEN);
    expect(token).not.toBe(project.edit_token);
    expect((await get(project.id as string)).edit_token).toBe(token);

    // The old link is recognised (api/test/former-share-links.test.ts) but opens nothing.
    const old = await oldCustomer.api<Body>('GET', `/projects/${project.id}`);
    expect(old.status).toBe(410);
    expect(old.body.message).toBe('Dieser Link ist nicht mehr gültig');
    expect(old.body.data).toBeUndefined();
    const oldWrite = await oldCustomer.api<Body>('POST', `/projects/${project.id}/ideas`, idea);
    expect(oldWrite.status).toBe(410);

    const newCustomer = customerOf({ edit_token: token });
    const read = await newCustomer.api<Body>('GET', `/projects/${project.id}`);
    expect(read.status).toBe(200);
    expect(read.body.data.id).toBe(project.id);
    expect(read.body.data).not.toHaveProperty('edit_token');
    const write = await newCustomer.api<Body>('POST', `/projects/${project.id}/ideas`, idea);
    expect(write.status).toBe(201);
  });

  it('shows the customer the project without the token but with the owner contact', async () => {
    const project = await create();
    const customer = customerOf(project);
    const response = await customer.api<Body>('GET', `/projects/${project.id}`);
    expect(response.status).toBe(200);
    const withToken = await get(project.id as string);
    expect(response.body.data).toEqual({ ...withToken, edit_token: undefined });
    expect(response.body.data).not.toHaveProperty('edit_token');
    expect(response.body.data.user).toEqual({
      company: 'Agentur Nord',
      contact_name: null,
      contact_email: null,
    });
    const settings = await customer.api<Body>('PATCH', `/projects/${project.id}`, {
      project_name: 'Vom Kunden',
    });
    expect(settings.status).toBe(403);
    const remove = await customer.api<Body>('DELETE', `/projects/${project.id}`);
    expect(remove.status).toBe(403);
    expect((await get(project.id as string)).project_name).toBe(project.project_name);
  });

  it('serves the presets nested under questionnaire, also before login', async () => {
    const anonymous = new HttpClient(server.url);
    const response = await anonymous.api<
      Body<{ questionnaire: Record<string, Record<string, { key: string; label: string }[]>> }>
    >('GET', '/config/presets');
    expect(response.status).toBe(200);
    const presets = response.body.data.questionnaire;
    const levels = presets.priorities!.levels!;
    expect(Array.isArray(levels)).toBe(true);
    expect(levels.length).toBeGreaterThan(0);
    for (const entry of levels) {
      expect(typeof entry.key).toBe('string');
      expect(typeof entry.label).toBe('string');
      expect(entry.label.length).toBeGreaterThan(0);
    }
    expect(levels.map((entry) => entry.key)).toContain('high');
    expect(presets.priorities!.formats).toContainEqual(
      expect.objectContaining({ key: 'call', label: 'Telefonat' }),
    );
  });

  it('serves the definition with its steps in questionnaire order', async () => {
    const response = await new HttpClient(server.url).api<Body<Definition>>(
      'GET',
      '/config/definition',
    );
    expect(response.status).toBe(200);
    const definition = response.body.data;
    expect(typeof definition.version).toBe('number');
    expect(definition.steps).toHaveLength(STEPS_IN_ORDER.length);
    expect(definition.steps.map((step) => step.meta.key)).toEqual(STEPS_IN_ORDER);
    for (const step of definition.steps) {
      expect(['list', 'form']).toContain(step.meta.kind);
      expect(typeof step.meta.slug).toBe('string');
      expect(step.schema).toEqual(expect.objectContaining({ type: 'object' }));
    }
  });
});
