import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient } from './http-client.ts';
import {
  colleagueOf,
  PASSWORD,
  uniqueEmail,
  unverifiedAccount,
  verifiedAccount,
} from './accounts.ts';
import { invite } from './agency-accounts.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/**
 * Who asks (docs/product.md#akteure):
 * - `anonymous`: no session, no token;
 * - `token` / `otherToken`: a customer with the share token of this project / of another
 *   agency's project, without login;
 * - `unverified`: logged in, activation link never used;
 * - `owner`: the agency's owner, who made the projects;
 * - `member`: a colleague in the owner's agency with the role member;
 * - `removedMember`: a colleague the owner removed (DELETE /api/agency/members/{userId}); their
 *   browser still sends the old session cookie and CSRF token;
 * - `invited`: invited by the owner, opened the link of the mail (and keeps what that page set)
 *   but never submitted it;
 * - `otherAgency`: the owner of another agency, verified and logged in.
 */
type Actor =
  | 'anonymous'
  | 'token'
  | 'otherToken'
  | 'unverified'
  | 'owner'
  | 'member'
  | 'removedMember'
  | 'invited'
  | 'otherAgency';
type State = 'open' | 'approved' | 'archived';
/** Expected status per project state: [open, approved, archived]. */
type Cell = [open: number, approved: number, archived: number];

const ACTORS: Actor[] = [
  'anonymous',
  'token',
  'otherToken',
  'unverified',
  'owner',
  'member',
  'removedMember',
  'invited',
  'otherAgency',
];
/** Endpoints whose project has its results view shared with the customer. */
const SHARED_RESULTS = new Set([
  'GET /projects/{id}/results (für die Kundschaft freigegeben)',
  'GET /projects/{id}/export (für die Kundschaft freigegeben)',
]);
const STATES: State[] = ['open', 'approved', 'archived'];

/** A list entry and form answers of fixture-brief, the fixture catalogue's default. */
const idea = { idea: 'Wochenmarkt', details: 'Samstags mit Kostproben', priority: 'high' };
const frame = { contact: 'Jana Kühn', team_size: 4, format: 'workshop', version: 0 };

interface Target {
  projectId: string;
  itemId: string;
  userId: string;
  /** A customer contact of the project. */
  contactId: string;
  /** An open Rückfrage of the agency on the project's list step. */
  questionId: string;
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
  'GET /projects/{id}/export': ({ projectId }) => [
    'GET',
    `/projects/${projectId}/export?format=md`,
  ],
  'GET /projects/{id}/export (für die Kundschaft freigegeben)': ({ projectId }) => [
    'GET',
    `/projects/${projectId}/export?format=md`,
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
  'POST /projects/{id}/ideas': ({ projectId }) => ['POST', `/projects/${projectId}/ideas`, idea],
  'PATCH /projects/{id}/ideas/{itemId}': ({ projectId, itemId }) => [
    'PATCH',
    `/projects/${projectId}/ideas/${itemId}`,
    { ...idea, priority: 'low', version: 1 },
  ],
  'DELETE /projects/{id}/ideas/{itemId}': ({ projectId, itemId }) => [
    'DELETE',
    `/projects/${projectId}/ideas/${itemId}`,
  ],
  'PUT /projects/{id}/ideas/order': ({ projectId, itemId }) => [
    'PUT',
    `/projects/${projectId}/ideas/order`,
    { order: [itemId] },
  ],
  'PATCH /projects/{id}/frame': ({ projectId }) => ['PATCH', `/projects/${projectId}/frame`, frame],
  'GET /projects/{id}/customer-contacts': ({ projectId }) => [
    'GET',
    `/projects/${projectId}/customer-contacts`,
  ],
  'POST /projects/{id}/customer-contacts': ({ projectId }) => [
    'POST',
    `/projects/${projectId}/customer-contacts`,
    { name: 'Eva Groß', email: 'eva@baeckerei-gross.de' },
  ],
  'DELETE /projects/{id}/customer-contacts/{contactId}': ({ projectId, contactId }) => [
    'DELETE',
    `/projects/${projectId}/customer-contacts/${contactId}`,
  ],
  'POST /projects/{id}/invitations': ({ projectId }) => [
    'POST',
    `/projects/${projectId}/invitations`,
    { name: 'Eva Groß', email: 'eva@baeckerei-gross.de', message: 'Bis Freitag?' },
  ],
  'GET /projects/{id}/questions': ({ projectId }) => ['GET', `/projects/${projectId}/questions`],
  'POST /projects/{id}/questions': ({ projectId }) => [
    'POST',
    `/projects/${projectId}/questions`,
    { step: 'ideas', text: 'Wer besucht den Wochenmarkt?' },
  ],
  'POST /projects/{id}/questions/{questionId}/replies': ({ projectId, questionId }) => [
    'POST',
    `/projects/${projectId}/questions/${questionId}/replies`,
    { text: 'Vor allem Familien.' },
  ],
  'PATCH /projects/{id}/questions/{questionId}': ({ projectId, questionId }) => [
    'PATCH',
    `/projects/${projectId}/questions/${questionId}`,
    { resolved: true },
  ],
  'PUT /projects/{id}/reviews/{step}': ({ projectId }) => [
    'PUT',
    `/projects/${projectId}/reviews/ideas`,
  ],
  'DELETE /projects/{id}/reviews/{step}': ({ projectId }) => [
    'DELETE',
    `/projects/${projectId}/reviews/ideas`,
  ],
  'GET /projects/{id}/activity': ({ projectId }) => ['GET', `/projects/${projectId}/activity`],
  'POST /projects/{id}/reminders': ({ projectId }) => ['POST', `/projects/${projectId}/reminders`],
};

// The rules of docs/product.md#zustände and docs/product.md#rollen-und-rechte: every member of
// the project's agency (owner or member alike) may do everything but edit an archived project;
// the share token opens exactly its project, read-only once approved, not at all once archived;
// everybody else learns nothing (401 without a login – also a removed member's old session and an
// invited person who has not joined yet –, 403 for an unverified account, 404 otherwise).
const nobody: Record<
  'anonymous' | 'otherToken' | 'unverified' | 'removedMember' | 'invited' | 'otherAgency',
  Cell
> = {
  anonymous: [401, 401, 401],
  otherToken: [404, 404, 404],
  unverified: [403, 403, 403],
  removedMember: [401, 401, 401],
  invited: [401, 401, 401],
  otherAgency: [404, 404, 404],
};
/** The agency's people share its projects: a member gets exactly what the owner gets. */
const agency = (cell: Cell): Record<'owner' | 'member', Cell> => ({ owner: cell, member: cell });
const MATRIX: Record<keyof typeof ENDPOINTS, Record<Actor, Cell>> = {
  'GET /projects/{id}': { ...nobody, token: [200, 200, 403], ...agency([200, 200, 200]) },
  // The results only once the agency shares them with the customer (is_niceview_enabled).
  'GET /projects/{id}/results': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 200]),
  },
  'GET /projects/{id}/results (für die Kundschaft freigegeben)': {
    ...nobody,
    token: [200, 200, 403],
    ...agency([200, 200, 200]),
  },
  // The export: the same access as the results view.
  'GET /projects/{id}/export': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 200]),
  },
  'GET /projects/{id}/export (für die Kundschaft freigegeben)': {
    ...nobody,
    token: [200, 200, 403],
    ...agency([200, 200, 200]),
  },
  'PATCH /projects/{id} (umbenennen)': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 403]),
  },
  'PATCH /projects/{id} (reaktivieren)': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 200]),
  },
  'DELETE /projects/{id}': { ...nobody, token: [403, 403, 403], ...agency([200, 200, 200]) },
  'PUT /projects/{id}/approve': {
    ...nobody,
    token: [200, 403, 403],
    ...agency([200, 200, 403]),
  },
  'PUT /projects/{id}/edit-token': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 403]),
  },
  'POST /projects/{id}/ideas': {
    ...nobody,
    token: [201, 403, 403],
    ...agency([201, 201, 403]),
  },
  'PATCH /projects/{id}/ideas/{itemId}': {
    ...nobody,
    token: [200, 403, 403],
    ...agency([200, 200, 403]),
  },
  'DELETE /projects/{id}/ideas/{itemId}': {
    ...nobody,
    token: [200, 403, 403],
    ...agency([200, 200, 403]),
  },
  'PUT /projects/{id}/ideas/order': {
    ...nobody,
    token: [200, 403, 403],
    ...agency([200, 200, 403]),
  },
  'PATCH /projects/{id}/frame': {
    ...nobody,
    token: [200, 403, 403],
    ...agency([200, 200, 403]),
  },
  // The customer's people and their invitations: the agency's alone, not while archived.
  'GET /projects/{id}/customer-contacts': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 200]),
  },
  'POST /projects/{id}/customer-contacts': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([201, 201, 403]),
  },
  'DELETE /projects/{id}/customer-contacts/{contactId}': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([204, 204, 403]),
  },
  'POST /projects/{id}/invitations': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([201, 201, 403]),
  },
  // Rückfragen: both sides read them; the agency asks and resolves; the customer answers while
  // the questionnaire is open to them.
  'GET /projects/{id}/questions': {
    ...nobody,
    token: [200, 200, 403],
    ...agency([200, 200, 200]),
  },
  'POST /projects/{id}/questions': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([201, 201, 403]),
  },
  'POST /projects/{id}/questions/{questionId}/replies': {
    ...nobody,
    token: [201, 403, 403],
    ...agency([201, 201, 403]),
  },
  'PATCH /projects/{id}/questions/{questionId}': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 403]),
  },
  // „Geprüft“ marks, the history and reminders: the agency's alone.
  'PUT /projects/{id}/reviews/{step}': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 403]),
  },
  'DELETE /projects/{id}/reviews/{step}': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([204, 204, 403]),
  },
  'GET /projects/{id}/activity': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 200, 200]),
  },
  // An approved project has nothing open to remind of; an archived one changes nothing.
  'POST /projects/{id}/reminders': {
    ...nobody,
    token: [403, 403, 403],
    ...agency([200, 409, 403]),
  },
};

/** No login (a share token is none, nor an ended session or an opened invitation) or unverified. */
const outside: Record<
  'anonymous' | 'token' | 'otherToken' | 'unverified' | 'removedMember' | 'invited',
  number
> = {
  anonymous: 401,
  token: 401,
  otherToken: 401,
  unverified: 403,
  removedMember: 401,
  invited: 401,
};
/** Every verified account alike: each acts on its own account, in its own agency. */
const verified = (status: number): Record<'owner' | 'member' | 'otherAgency', number> => ({
  owner: status,
  member: status,
  otherAgency: status,
});

/** Endpoints without a project: expected status per actor. */
const ACCOUNT_MATRIX: Record<
  string,
  [method: string, path: (userId: string) => string, body: unknown, expected: Record<Actor, number>]
> = {
  // Everyone may ask who they are; without a login (also after removal) the answer is `null`.
  'GET /user/current': [
    'GET',
    () => '/user/current',
    undefined,
    Object.fromEntries(ACTORS.map((actor) => [actor, 200])) as Record<Actor, number>,
  ],
  'GET /projects': ['GET', () => '/projects', undefined, { ...outside, ...verified(200) }],
  // The catalogue a new project is picked from: for those who create projects, not for customers.
  'GET /questionnaires': [
    'GET',
    () => '/questionnaires',
    undefined,
    { ...outside, ...verified(200) },
  ],
  'POST /projects/create': [
    'POST',
    () => '/projects/create',
    { project_name: 'P', customer_firm: 'K' },
    { ...outside, ...verified(201) },
  ],
  'PATCH /user/{id}': [
    'PATCH',
    (id) => `/user/${id}`,
    { contact_name: 'Jana' },
    { ...outside, ...verified(200) },
  ],
  // A new e-mail address with the right password: only a request (the link is mailed); without
  // the password it is 422 for a verified account, before that the same 401 and 403.
  'PATCH /user/{id} (neue E-Mail-Adresse)': [
    'PATCH',
    (id) => `/user/${id}`,
    { email: 'neue-adresse@example.de', current_password: PASSWORD },
    { ...outside, ...verified(200) },
  ],
  'PATCH /user/{id} (neue E-Mail-Adresse ohne Passwort)': [
    'PATCH',
    (id) => `/user/${id}`,
    { email: 'neue-adresse@example.de' },
    { ...outside, ...verified(422) },
  ],
  'GET /user/{id}/export': [
    'GET',
    (id) => `/user/${id}/export`,
    undefined,
    { ...outside, ...verified(200) },
  ],
  // With a wrong password: past the access check a 422, so the matrix keeps its accounts.
  'DELETE /user/{id}': [
    'DELETE',
    (id) => `/user/${id}`,
    { password: 'nicht-das-passwort' },
    { ...outside, ...verified(422) },
  ],
};

/** A real 1×1 PNG, the logo of the upload cells. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

/** What an agency route acts on, made for its cell by the owner (so the actors stay as they are). */
interface AgencyTargets {
  /** A throwaway colleague (role member) in the owner's agency: their id. */
  colleague(): Promise<string>;
  /** An open invitation of the owner's agency: its id. */
  invitation(): Promise<string>;
  /** The address of the owner's agency's current logo. */
  logo(): Promise<string>;
}

/** Every route of the agency itself (docs/product.md#agentur), as a request. */
const AGENCY_ENDPOINTS: Record<
  string,
  (targets: AgencyTargets) => Promise<[method: string, path: string, body?: unknown]>
> = {
  'GET /agency': async () => ['GET', '/agency'],
  'PATCH /agency': async () => ['PATCH', '/agency', { primary_color: '#0b57d0' }],
  'PUT /agency/logo': async () => ['PUT', '/agency/logo', PNG],
  'DELETE /agency/logo': async () => ['DELETE', '/agency/logo'],
  'GET /agencies/{agencyId}/logo/{hash}': async ({ logo }) => [
    'GET',
    (await logo()).replace(/^\/api/, ''),
  ],
  'GET /agency/members': async () => ['GET', '/agency/members'],
  'PATCH /agency/members/{userId}': async ({ colleague }) => [
    'PATCH',
    `/agency/members/${await colleague()}`,
    { role: 'owner' },
  ],
  'DELETE /agency/members/{userId}': async ({ colleague }) => [
    'DELETE',
    `/agency/members/${await colleague()}`,
  ],
  'GET /agency/invitations': async () => ['GET', '/agency/invitations'],
  'POST /agency/invitations': async () => [
    'POST',
    '/agency/invitations',
    { email: uniqueEmail('eingeladen'), role: 'member' },
  ],
  'DELETE /agency/invitations/{id}': async ({ invitation }) => [
    'DELETE',
    `/agency/invitations/${await invitation()}`,
  ],
};
/** The routes that answer with the agency (AgencyJson). */
const AGENCY_ANSWERS = new Set([
  'GET /agency',
  'PATCH /agency',
  'PUT /agency/logo',
  'DELETE /agency/logo',
]);

// The agency's own routes (docs/product.md#agentur). Unlike the project routes they tell the
// roles apart: the owner may do everything; a member reads the agency and its members and gets
// 403 on everything else – also on GET /agency/invitations, which the contract keeps to owners
// (the open invitations are the owners' business, the page shows them to owners only). The
// other agency's owner is an owner too, in *its* agency: the routes without an id answer about
// that agency (200/201; the test checks that nothing of the owner's agency is in the answer), and
// the people and invitations of the owner's agency do not exist for it (404). The logo's address
// is public: customers without a login see it on the share-link pages. A member who removes
// themself (204) is in api/test/agency-members.test.ts – here it would end the actor.
const AGENCY_MATRIX: Record<keyof typeof AGENCY_ENDPOINTS, Record<Actor, number>> = {
  'GET /agency': { ...outside, owner: 200, member: 200, otherAgency: 200 },
  'PATCH /agency': { ...outside, owner: 200, member: 403, otherAgency: 200 },
  'PUT /agency/logo': { ...outside, owner: 200, member: 403, otherAgency: 200 },
  'DELETE /agency/logo': { ...outside, owner: 200, member: 403, otherAgency: 200 },
  'GET /agencies/{agencyId}/logo/{hash}': Object.fromEntries(
    ACTORS.map((actor) => [actor, 200]),
  ) as Record<Actor, number>,
  'GET /agency/members': { ...outside, owner: 200, member: 200, otherAgency: 200 },
  'PATCH /agency/members/{userId}': { ...outside, owner: 200, member: 403, otherAgency: 404 },
  'DELETE /agency/members/{userId}': { ...outside, owner: 204, member: 403, otherAgency: 404 },
  'GET /agency/invitations': { ...outside, owner: 200, member: 403, otherAgency: 200 },
  'POST /agency/invitations': { ...outside, owner: 201, member: 403, otherAgency: 201 },
  'DELETE /agency/invitations/{id}': { ...outside, owner: 204, member: 403, otherAgency: 404 },
};

// Every route once on the server too: its PostgreSQL may be older than the embedded one (15
// is supported, PGlite is 18), and the matrix is what runs each route's SQL.
describe.each(EVERY_DATABASE)('authorization matrix (%s database)', (database) => {
  let server: TestServer;
  let ownerAccount: Awaited<ReturnType<typeof verifiedAccount>>;
  let owner: HttpClient;
  let ownerId: string;
  let clients: Record<Exclude<Actor, 'token' | 'otherToken'>, HttpClient>;
  let userIds: Partial<Record<Actor, string>>;
  /** The agency each logged-in actor belongs to. */
  let agencyIds: Partial<Record<Actor, string>>;
  /** Ids and addresses of the owner's agency, which the other agency's answers never contain. */
  let ownerSecrets: string[];
  let otherProjectToken: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    ownerAccount = await verifiedAccount(server);
    const otherAgency = await verifiedAccount(server, 'Fremde Agentur');
    const unverified = await unverifiedAccount(server);
    owner = ownerAccount.client;
    ownerId = ownerAccount.user.id;
    const member = await colleagueOf(server, ownerId);
    // Removed while logged in: the client keeps its session cookie and CSRF token.
    const removed = await colleagueOf(server, ownerId);
    expect((await owner.api('DELETE', `/agency/members/${removed.user.id}`)).status).toBe(204);
    // Invited and on the invitation page, but not joined.
    const invitedEmail = uniqueEmail('eingeladen');
    const invitation = await invite(server, ownerAccount, invitedEmail);
    const invited = new HttpClient(server.url);
    expect((await invited.page(invitation.path)).status).toBe(200);
    clients = {
      anonymous: new HttpClient(server.url),
      unverified: unverified.client,
      owner,
      member: member.client,
      removedMember: removed.client,
      invited,
      otherAgency: otherAgency.client,
    };
    userIds = {
      owner: ownerId,
      member: member.user.id,
      removedMember: removed.user.id,
      otherAgency: otherAgency.user.id,
      unverified: unverified.user.id,
    };
    const agencyOf = async (client: HttpClient) =>
      (await client.api<{ data: { id: string } }>('GET', '/agency')).body.data.id;
    const ownerAgencyId = await agencyOf(owner);
    agencyIds = {
      owner: ownerAgencyId,
      member: ownerAgencyId,
      otherAgency: await agencyOf(otherAgency.client),
    };
    expect(agencyIds.otherAgency).not.toBe(ownerAgencyId);
    ownerSecrets = [ownerAgencyId, ownerId, member.user.id, ownerAccount.email, member.email];
    ownerSecrets.push(invitedEmail, invitation.id);
    const other = await otherAgency.client.api<{ data: { edit_token: string } }>(
      'POST',
      '/projects/create',
      { project_name: 'Fremd', customer_firm: 'X' },
    );
    otherProjectToken = other.body.data.edit_token;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A fresh project of the owner's agency in `state`, with one idea. */
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
      `/projects/${projectId}/ideas`,
      idea,
    );
    const contact = await owner.api<{ data: { id: string } }>(
      'POST',
      `/projects/${projectId}/customer-contacts`,
      { name: 'Jonas Berger', email: 'jonas@tischlerei-berger.de' },
    );
    const question = await owner.api<{ data: { id: string } }>(
      'POST',
      `/projects/${projectId}/questions`,
      { step: 'ideas', text: 'Wo findet der Markt statt?' },
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
      contactId: contact.body.data.id,
      questionId: question.body.data.id,
      token: created.body.data.edit_token,
    };
  }

  // A cell that expects a refusal changes nothing (if it did, it fails on its status), so those
  // cells share one project per state: a fresh one for each of them would double the run time.
  const refusalProjects = new Map<string, Promise<Target & { token: string }>>();
  function projectFor(state: State, sharedResults: boolean, expected: number) {
    if (expected < 400) return prepare(state, sharedResults);
    const key = `${state}/${sharedResults}`;
    if (!refusalProjects.has(key)) refusalProjects.set(key, prepare(state, sharedResults));
    return refusalProjects.get(key)!;
  }

  function clientFor(actor: Actor, token: string): HttpClient {
    if (actor === 'token' || actor === 'otherToken') {
      const client = new HttpClient(server.url);
      client.editToken = actor === 'token' ? token : otherProjectToken;
      return client;
    }
    return clients[actor];
  }

  /** An API call as the app makes it; a Buffer body is sent raw as a PNG (the logo upload). */
  function send(client: HttpClient, method: string, path: string, body?: unknown) {
    if (!Buffer.isBuffer(body)) return client.api(method, path, body);
    return client.raw(method, `/api${path}`, {
      headers: {
        accept: 'application/json',
        'content-type': 'image/png',
        'x-requested-with': 'XMLHttpRequest',
        ...(client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {}),
        ...(client.editToken ? { 'x-edit-token': client.editToken } : {}),
      },
      body: body as Uint8Array<ArrayBuffer>,
    });
  }

  // One invitation per cell of DELETE /agency/invitations/{id}: with the invited actor's and the
  // POST cell's that is ACTORS.length + 2 of the owner's 20 an hour (INVITATION_LIMIT).
  const agencyTargets: AgencyTargets = {
    colleague: async () => (await colleagueOf(server, ownerId)).user.id,
    invitation: async () => (await invite(server, ownerAccount, uniqueEmail('eingeladen'))).id,
    // The same bytes give the same address, whatever the cells before did with the logo.
    logo: async () => {
      const response = await send(owner, 'PUT', '/agency/logo', PNG);
      expect(response.status).toBe(200);
      return (response.body as { data: { logo_url: string } }).data.logo_url;
    },
  };

  const cells = Object.keys(MATRIX).flatMap((endpoint) =>
    ACTORS.flatMap((actor) =>
      STATES.map(
        (state, index) => [endpoint, actor, state, MATRIX[endpoint]![actor][index]!] as const,
      ),
    ),
  );
  const accountCells = Object.entries(ACCOUNT_MATRIX).flatMap(
    ([name, [method, path, body, expected]]) =>
      ACTORS.map((actor) => [name, actor, method, path, body, expected[actor]] as const),
  );
  const agencyCells = Object.keys(AGENCY_MATRIX).flatMap((endpoint) =>
    ACTORS.map((actor) => [endpoint, actor, AGENCY_MATRIX[endpoint]![actor]] as const),
  );

  it(`has ${cells.length} project cells, ${accountCells.length} account cells and ${agencyCells.length} agency cells`, () => {
    expect(cells.length).toBe(Object.keys(ENDPOINTS).length * ACTORS.length * STATES.length);
    expect(agencyCells.length).toBe(Object.keys(AGENCY_ENDPOINTS).length * ACTORS.length);
  });

  it.each(cells)('%s as %s on a %s project → %i', async (endpoint, actor, state, expected) => {
    const target = await projectFor(state, SHARED_RESULTS.has(endpoint), expected);
    const [method, path, body] = ENDPOINTS[endpoint]!(target);
    const response = await clientFor(actor, target.token).api(method, path, body);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
    if (expected >= 400)
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
  });

  it.each(accountCells)('%s as %s → %#', async (name, actor, method, path, body, expected) => {
    const client = clientFor(actor, otherProjectToken);
    const response = await client.api(method, path(userIds[actor] ?? ownerId), body);
    expect(response.status, JSON.stringify(response.body)).toBe(expected);
    // Who is logged in is told so; a removed member's old session and an invitation are nobody.
    if (name === 'GET /user/current')
      expect(Boolean(response.body.data), actor).toBe(actor in agencyIds || actor === 'unverified');
  });

  it.each(agencyCells)('%s as %s → %i', async (endpoint, actor, expected) => {
    const [method, path, body] = await AGENCY_ENDPOINTS[endpoint]!(agencyTargets);
    const response = await send(clientFor(actor, otherProjectToken), method, path, body);
    expect(response.status, response.text.slice(0, 500)).toBe(expected);
    if (expected >= 400)
      expect(typeof (response.body as { message?: unknown }).message).toBe('string');
    // Each agency's people see their own agency, the other agency nothing of the owner's.
    if (AGENCY_ANSWERS.has(endpoint) && expected < 300)
      expect((response.body as { data: { id: string } }).data.id).toBe(agencyIds[actor]);
    if (actor === 'otherAgency')
      for (const secret of ownerSecrets) expect(response.text).not.toContain(secret);
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

  it("shows the share token to the agency's people only", async () => {
    const target = await prepare('open');
    for (const actor of ['owner', 'member'] as const) {
      const asMember = await clients[actor].api<{ data: Record<string, unknown> }>(
        'GET',
        `/projects/${target.projectId}`,
      );
      expect(asMember.body.data.edit_token, actor).toBe(target.token);
    }
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
      `/projects/${target.projectId}/ideas`,
      idea,
    );
    expect(response.body).toEqual({
      message: 'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
      contact: { name: expect.any(String), email: null },
    });
  });
});
