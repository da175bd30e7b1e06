import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { example, FIXTURE_WIDGETS, type Body, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * Steps switched off for one project (docs/product.md#projekteinstellungen): gone from progress,
 * approval checks, results and the dashboard figure; their answers stay stored. On fixture-widgets,
 * whose six steps leave room to hide several.
 */

type Project = Json & {
  id: string;
  edit_token: string;
  version: number;
  hidden_steps: string[];
  progress: { complete: number; total: number; steps: Record<string, unknown> };
};

describe.each(DATABASES)('steps switched off for a project (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;
  let email: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    ({ client: agency, email } = await verifiedAccount(server));
  });
  afterAll(() => server?.close());

  async function newProject(): Promise<Project> {
    const created = await agency.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Relaunch',
      customer_firm: 'Bäckerei Groß',
      questionnaire: FIXTURE_WIDGETS,
    });
    expect(created.status).toBe(201);
    expect(created.body.data.hidden_steps).toEqual([]);
    return created.body.data;
  }

  const hide = (project: Project, hidden_steps: unknown) =>
    agency.api<Body<Project> & { errors?: Record<string, string[]> }>(
      'PATCH',
      `/projects/${project.id}`,
      { hidden_steps },
    );

  it('leaves hidden steps out of the progress and keeps their answers', async () => {
    const project = await newProject();
    const saved = await agency.api('PATCH', `/projects/${project.id}/statement`, {
      ...example('statement'),
      version: 0,
    });
    expect(saved.status).toBe(200);
    const hidden = await hide(project, ['statement', 'contacts']);
    expect(hidden.status).toBe(200);
    const data = hidden.body.data;
    expect(data.hidden_steps).toEqual(['statement', 'contacts']);
    expect(data.progress.total).toBe(project.progress.total - 2);
    expect(data.progress.complete).toBe(0);
    expect(Object.keys(data.progress.steps)).not.toContain('statement');
    // The answers stay: the JSON still carries them, and showing the step again counts them.
    expect(data.statement).toMatchObject({ version: 1 });
    const shown = await hide(project, []);
    expect(shown.body.data.progress).toMatchObject({ complete: 1, total: project.progress.total });
  });

  it('counts only the shown steps on the dashboard', async () => {
    const project = await newProject();
    await hide(project, ['people']);
    const list = await agency.api<Body<Project[]>>('GET', '/projects');
    const listed = list.body.data.find((entry) => entry.id === project.id)!;
    expect(listed.progress).toEqual({
      complete: 0,
      total: project.progress.total - 1,
      reviewed: 0,
    });
  });

  it('leaves hidden steps out of the results', async () => {
    const project = await newProject();
    await hide(project, ['rivals']);
    const results = await agency.api<Body<{ steps: Record<string, unknown> }>>(
      'GET',
      `/projects/${project.id}/results`,
    );
    expect(results.status).toBe(200);
    expect(Object.keys(results.body.data.steps)).not.toContain('rivals');
    expect(Object.keys(results.body.data.steps)).toContain('contacts');
  });

  it('does not name hidden steps as incomplete in the approval mail', async () => {
    const project = await newProject();
    await hide(project, ['people']);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const mail = (await server.mails()).filter(
      (candidate) => candidate.to.includes(email) && candidate.link?.includes(project.id),
    );
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('„Mitbewerber“');
    expect(mail[0]!.text).not.toContain('„Personen“');
  });

  it('refuses unknown steps and hiding every step with a German message, and changes nothing', async () => {
    const project = await newProject();
    const unknown = await hide(project, ['gibtesnicht']);
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors?.hidden_steps).toEqual([
      'Diese Schritte gibt es im Fragebogen des Projekts nicht: gibtesnicht.',
    ]);
    const all = await hide(project, Object.keys(project.progress.steps));
    expect(all.status).toBe(422);
    expect(all.body.errors?.hidden_steps).toEqual([
      'Mindestens ein Schritt muss für die Kundschaft sichtbar bleiben.',
    ]);
    for (const bad of ['contacts', [1], ['contacts', 'contacts'], ['Contacts!']])
      expect((await hide(project, bad)).status).toBe(422);
    const after = await agency.api<Body<Project>>('GET', `/projects/${project.id}`);
    expect(after.body.data).toMatchObject({ hidden_steps: [], version: project.version });
  });

  it('drops a stored key the questionnaire no longer has instead of refusing every save', async () => {
    const project = await newProject();
    // As after a revision that renamed the step: the key stays stored.
    await server.orm.em
      .fork()
      .execute(`update project set hidden_steps = '["altername", "contacts"]' where id = ?`, [
        project.id,
      ]);
    const renamed = await agency.api<Body<Project>>('PATCH', `/projects/${project.id}`, {
      project_name: 'Relaunch 2027',
      hidden_steps: ['altername', 'contacts'],
    });
    expect(renamed.status).toBe(200);
    expect(renamed.body.data.hidden_steps).toEqual(['contacts']);
  });
});
