import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import { PASSWORD, unverifiedAccount, verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Actor = 'anonymous' | 'token' | 'otherToken' | 'unverified' | 'owner' | 'stranger';
type State = 'open' | 'approved' | 'archived';
/** Expected status per project state: [open, approved, archived]. */
type Cell = [open: number, approved: number, archived: number];

const ACTORS: Actor[] = ['anonymous', 'token', 'otherToken', 'unverified', 'owner', 'stranger'];
/** Endpoints whose project has its results view shared with the customer. */
const SHARED_RESULTS = new Set(['GET /projects/{id}/results (für die Kundschaft freigegeben)']);
const STATES: State[] = ['open', 'approved', 'archived'];

const stakeholder = {
  is_external: false,
  type: 'management',
  expectations: 'Klare Ziele',
  importance: 4,
};
const personality = {
  gender: 'female',
  age: 'age_26_35',
  industry: 'crafts',
  job_definition: 'Tischlerin',
  character_traits: ['honest', 'brave', 'reliable'],
  version: 0,
};

interface Target {
  projectId: string;
  itemId: string;
  userId: string;
}

/**
 * Every endpoint of docs/product.md#api-aufrufe that concerns a project, as a request against a
 * prepared project.
 */
const ENDPOINTS: Record<
  string,
  (target: Target) => [method: string, path: string, body?: unknown]
> = {
  'GET /projects/{id}': ({ projectId }) => ['GET', `/projects/${projectId}`],
  'GET /projects/{id}/results': ({ projectId }) => ['GET', `/projects/${projectId}/results`],
  'GET /projects/{id}/results (für die Kundschaft freigegeben)': ({ projectId }) => [
    'GET',
    `/projects/${projectId}/results`,
  ],
  'PATCH /projects/{id} (umbenennen)': ({ projectId }) => [
    'PATCH',
    `/projects/${projectId}`,
    { project_name: 'Neu' },
  ],
  'PATCH /projects/{id} (reaktivieren)': ({ projectId }) => [
    'PATCH',
    `/projects/${projectId}`,
    { is_archived: false },
  ],
  'DELETE /projects/{id}': ({ projectId }) => ['DELETE', `/projects/${projectId}`],
  'PUT /projects/{id}/approve': ({ projectId }) => ['PUT', `/projects/${projectId}/approve`],
  'PUT /projects/{id}/edit-token': ({ projectId }) => ['PUT', `/projects/${projectId}/edit-token`],
  'POST /projects/{id}/stakeholders': ({ projectId }) => [
    'POST',
    `/projects/${projectId}/stakeholders`,
    stakeholder,
  ],
  'PATCH /projects/{id}/stakeholders/{itemId}': ({ projectId, itemId }) => [
    'PATCH',
    `/projects/${projectId}/stakeholders/${itemId}`,
    { ...stakeholder, importance: 5, version: 1 },
  ],
  'DELETE /projects/{id}/stakeholders/{itemId}': ({ projectId, itemId }) => [
    'DELETE',
    `/projects/${projectId}/stakeholders/${itemId}`,
  ],
  'PUT /projects/{id}/stakeholders/order': ({ projectId, itemId }) => [
    'PUT',
    `/projects/${projectId}/stakeholders/order`,
    { order: [itemId] },
  ],
  'PATCH /projects/{id}/brandpersonality': ({ projectId }) => [
    'PATCH',
    `/projects/${projectId}/brandpersonality`,
    personality,
  ],
};

// The rules of docs/product.md#zustände and docs/product.md#rollen-und-rechte: the owner may do
// everything but edit an archived project; the share token opens exactly its project, read-only
// once approved, not at all once archived; everybody else learns nothing (401 without login, 403
// for an unverified account, 404 otherwise).
const nobody: Record<'anonymous' | 'otherToken' | 'unverified' | 'stranger', Cell> = {
  anonymous: [401, 401, 401],
  otherToken: [404, 404, 404],
  unverified: [403, 403, 403],
  stranger: [404, 404, 404],
};
const MATRIX: Record<keyof typeof ENDPOINTS, Record<Actor, Cell>> = {
  'GET /projects/{id}': { ...nobody, token: [200, 200, 403], owner: [200, 200, 200] },
  // The results only once the owner shares them with the customer (is_niceview_enabled).
  'GET /projects/{id}/results': { ...nobody, token: [403, 403, 403], owner: [200, 200, 200] },
  'GET /projects/{id}/results (für die Kundschaft freigegeben)': {
    ...nobody,
    token: [200, 200, 403],
    owner: [200, 200, 200],
  },
  'PATCH /projects/{id} (umbenennen)': {
    ...nobody,
    token: [403, 403, 403],
    owner: [200, 200, 403],
  },
  'PATCH /projects/{id} (reaktivieren)': {
    ...nobody,
    token: [403, 403, 403],
    owner: [200, 200, 200],
  },
  'DELETE /projects/{id}': { ...nobody, token: [403, 403, 403], owner: [200, 200, 200] },
  'PUT /projects/{id}/approve': { ...nobody, token: [200, 403, 403], owner: [200, 200, 403] },
  'PUT /projects/{id}/edit-token': { ...nobody, token: [403, 403, 403], owner: [200, 200, 403] },
  'POST /projects/{id}/stakeholders': { ...nobody, token: [201, 403, 403], owner: [201, 201, 403] },
  'PATCH /projects/{id}/stakeholders/{itemId}': {
    ...nobody,
    token: [200, 403, 403],
    owner: [200, 200, 403],
  },
  'DELETE /projects/{id}/stakeholders/{itemId}': {
    ...nobody,
    token: [200, 403, 403],
    owner: [200, 200, 403],
  },
  'PUT /projects/{id}/stakeholders/order': {
    ...nobody,
    token: [200, 403, 403],
    owner: [200, 200, 403],
  },
  'PATCH /projects/{id}/brandpersonality': {
    ...nobody,
    token: [200, 403, 403],
    owner: [200, 200, 403],
  },
};

/** Endpoints without a project: expected status per actor (a token alone is no login). */
const ACCOUNT_MATRIX: Record<
  string,
  [method: string, path: (userId: string) => string, body: unknown, expected: Record<Actor, number>]
> = {
  'GET /user/current': [
    'GET',
    () => '/user/current',
    undefined,
    { anonymous: 200, token: 200, otherToken: 200, unverified: 200, owner: 200, stranger: 200 },
  ],
  'GET /projects': [
    'GET',
    () => '/projects',
    undefined,
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 200, stranger: 200 },
  ],
  'POST /projects/create': [
    'POST',
    () => '/projects/create',
    { project_name: 'P', customer_firm: 'K' },
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 201, stranger: 201 },
  ],
  'PATCH /user/{id}': [
    'PATCH',
    (id) => `/user/${id}`,
    { contact_name: 'Jana' },
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 200, stranger: 200 },
  ],
  // A new e-mail address with the right password: only a request (the link is mailed); without
  // the password it is 422 for a verified account, before that the same 401 and 403.
  'PATCH /user/{id} (neue E-Mail-Adresse)': [
    'PATCH',
    (id) => `/user/${id}`,
    { email: 'neue-adresse@example.de', current_password: PASSWORD },
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 200, stranger: 200 },
  ],
  'PATCH /user/{id} (neue E-Mail-Adresse ohne Passwort)': [
    'PATCH',
    (id) => `/user/${id}`,
    { email: 'neue-adresse@example.de' },
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 422, stranger: 422 },
  ],
  'GET /user/{id}/export': [
    'GET',
    (id) => `/user/${id}/export`,
    undefined,
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 200, stranger: 200 },
  ],
  // With a wrong password: past the access check a 422, so the matrix keeps its accounts.
  'DELETE /user/{id}': [
    'DELETE',
    (id) => `/user/${id}`,
    { password: 'nicht-das-passwort' },
    { anonymous: 401, token: 401, otherToken: 401, unverified: 403, owner: 422, stranger: 422 },
  ],
};

describe.each(DATABASES)('authorization matrix (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let ownerId: string;
  let clients: Record<Exclude<Actor, 'token' | 'otherToken'>, HttpClient>;
  let userIds: Partial<Record<Actor, string>>;
  let otherProjectToken: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const ownerAccount = await verifiedAccount(server);
    const stranger = await verifiedAccount(server, 'Fremde Agentur');
    const unverified = await unverifiedAccount(server);
    owner = ownerAccount.client;
    ownerId = ownerAccount.user.id;
    clients = {
      anonymous: new HttpClient(server.url),
      unverified: unverified.client,
      owner,
      stranger: stranger.client,
    };
    userIds = { owner: ownerId, stranger: stranger.user.id, unverified: unverified.user.id };
    const other = await stranger.client.api<{ data: { edit_token: string } }>(
      'POST',
      '/projects/create',
      { project_name: 'Fremd', customer_firm: 'X' },
    );
    otherProjectToken = other.body.data.edit_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A fresh project of the owner in `state`, with one stakeholder. */
  async function prepare(state: State, sharedResults = false): Promise<Target & { token: string }> {
    const created = await owner.api<{ data: { id: string; edit_token: string } }>(
      'POST',
      '/projects/create',
      {
        project_name: 'Relaunch',
        customer_firm: 'Tischlerei Berger',
      },
    );
    const projectId = created.body.data.id;
    const item = await owner.api<{ data: { id: string } }>(
      'POST',
      `/projects/${projectId}/stakeholders`,
      stakeholder,
    );
    if (sharedResults)
      await owner.api('PATCH', `/projects/${projectId}`, { is_niceview_enabled: true });
    if (state === 'approved') await owner.api('PUT', `/projects/${projectId}/approve`);
    if (state === 'archived')
      await owner.api('PATCH', `/projects/${projectId}`, { is_archived: true });
    return {
      projectId,
      itemId: item.body.data.id,
      userId: ownerId,
      token: created.body.data.edit_token,
    };
  }

  function clientFor(actor: Actor, token: string): HttpClient {
    if (actor === 'token' || actor === 'otherToken') {
      const client = new HttpClient(server.url);
      client.editToken = actor === 'token' ? token : otherProjectToken;
      return client;
    }
    return clients[actor];
  }

  const cells = Object.keys(MATRIX).flatMap((endpoint) =>
    ACTORS.flatMap((actor) =>
      STATES.map(
        (state, index) => [endpoint, actor, state, MATRIX[endpoint]![actor][index]!] as const,
      ),
    ),
  );

  it(`has ${cells.length} project cells and ${Object.keys(ACCOUNT_MATRIX).length * ACTORS.length} account cells`, () => {
    expect(cells.length).toBe(Object.keys(ENDPOINTS).length * ACTORS.length * STATES.length);
  });

  it.each(cells)('%s as %s on a %s project → %i', async (endpoint, actor, state, expected) => {
    const target = await prepare(state, SHARED_RESULTS.has(endpoint));
    const [method, path, body] = ENDPOINTS[endpoint]!(target);
    const response = await clientFor(actor, target.token).api(method, path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
    if (expected >= 400)
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
  });

  it.each(
    Object.entries(ACCOUNT_MATRIX).flatMap(([name, [method, path, body, expected]]) =>
      ACTORS.map((actor) => [name, actor, method, path, body, expected[actor]] as const),
    ),
  )('%s as %s → %#', async (_name, actor, method, path, body, expected) => {
    const client = clientFor(actor, otherProjectToken);
    const response = await client.api(method, path(userIds[actor] ?? ownerId), body);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
  });

  // The confirmation page of a new e-mail address needs no login: the link in the mailbox is the
  // proof. A wrong token is the same 400 for everyone, on GET and on POST.
  it.each(ACTORS)(
    'GET and POST /email-bestaetigen/{token} as %s with a wrong token → 400',
    async (actor) => {
      const client = clientFor(actor, otherProjectToken);
      for (const method of ['GET', 'POST']) {
        const response = await client.raw(method, '/email-bestaetigen/unbekannt');
        expect(response.status, method).toBe(400);
      }
    },
  );

  it('shows the share token to the owner only', async () => {
    const target = await prepare('open');
    const asOwner = await owner.api<{ data: Record<string, unknown> }>(
      'GET',
      `/projects/${target.projectId}`,
    );
    expect(asOwner.body.data.edit_token).toBe(target.token);
    const customer = clientFor('token', target.token);
    const asCustomer = await customer.api<{ data: Record<string, unknown> }>(
      'GET',
      `/projects/${target.projectId}`,
    );
    expect(asCustomer.body.data).not.toHaveProperty('edit_token');
  });

  it('answers archived projects to token holders with the archived message', async () => {
    const target = await prepare('archived');
    const response = await clientFor('token', target.token).api(
      'GET',
      `/projects/${target.projectId}`,
    );
    // With whom to ask (api/test/former-share-links.test.ts checks who that is).
    expect(response.body).toEqual({
      message: 'Das Projekt wurde archiviert.',
      contact: { name: expect.any(String), email: null },
    });
  });

  it('answers edits of an approved project through the share link with the approved message', async () => {
    const target = await prepare('approved');
    const response = await clientFor('token', target.token).api(
      'POST',
      `/projects/${target.projectId}/stakeholders`,
      stakeholder,
    );
    expect(response.body).toEqual({
      message: 'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
      contact: { name: expect.any(String), email: null },
    });
  });
});
