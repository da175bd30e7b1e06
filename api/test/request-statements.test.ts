import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { type Body, example, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Project = Json & { id: string; edit_token: string };

/**
 * The busiest requests ask the database as few times as they can (BENCHMARKS.md): a logged-in
 * project read reads the session together with its user, the project together with its owner,
 * and its answers together with its entries; a share-link autosave checks access in its write, one
 * statement.
 */
describe.each(DATABASES)('statements per request (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let project: Project;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server, 'Agentur Zählwerk')).client;
    project = (
      await owner.api<Body<Project>>('POST', '/projects/create', {
        project_name: 'Zählen',
        customer_firm: 'Kunde',
      })
    ).body.data;
    await owner.api('POST', `/projects/${project.id}/ideas`, example('ideas'));
  });
  afterAll(() => server?.close());

  /** The statements `request` sends. */
  async function statementsOf(request: () => Promise<{ status: number }>) {
    const seen: string[] = [];
    server.orm.config.set('onQuery', (sql: string) => {
      seen.push(sql.replace(/\s+/g, ' '));
      return sql;
    });
    try {
      const response = await request();
      return { status: response.status, seen };
    } finally {
      server.orm.config.set('onQuery', (sql: string) => sql);
    }
  }

  it('GET /projects/{id} as the owner: session with user, project with agency and responsible member, answers with entries', async () => {
    const { status, seen } = await statementsOf(() => owner.api('GET', `/projects/${project.id}`));
    expect(status).toBe(200);
    expect(seen, seen.join('\n')).toHaveLength(3);
    expect(seen[0]).toMatch(/from session s left join app_user u/);
    expect(seen[1]).toMatch(/from project p\s+join agency a .*join app_user u/s);
    expect(seen[2]).toMatch(/from answer .* union all .* from item/);
  });

  it('PATCH of a form step with the share link: the first save reads the project, later ones write in one statement', async () => {
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const save = (version: number) => () =>
      customer.api('PATCH', `/projects/${project.id}/frame`, {
        ...example('frame'),
        version,
      });
    const first = await statementsOf(save(0));
    expect(first.status).toBe(200);
    expect(first.seen, first.seen.join('\n')).toHaveLength(2);
    expect(first.seen[0]).toMatch(/from project p\s+join agency a .*join app_user u/s);

    const next = await statementsOf(save(1));
    expect(next.status).toBe(200);
    expect(next.seen, next.seen.join('\n')).toHaveLength(1);
    expect(next.seen[0]).toMatch(/update answer .* from project p/);
  });
});
