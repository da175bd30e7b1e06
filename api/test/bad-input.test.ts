import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { HttpClient, type TestResponse } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { FIXTURE_WIDGETS } from './fixtures.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

type Json = Record<string, unknown>;
interface Body<T = Json> {
  data: T;
  message?: string;
  errors?: Record<string, string[]>;
}

const TOO_LARGE = 'Die Anfrage ist zu groß.';
const MALFORMED = 'Die Anfrage enthält kein gültiges JSON.';
const MISSING_HEADER = 'Anfrage abgelehnt: Der Header X-Requested-With fehlt.';
const CSRF =
  'Anfrage abgelehnt: Das Sicherheits-Token fehlt oder ist abgelaufen. Bitte laden Sie die Seite neu.';

/**
 * An entry of fixture-widgets' grouped list `contacts`: its type must be a preset of its own
 * group (internal here), which makes the enum a conditional one.
 */
const contact = {
  is_external: false,
  type: 'management',
  expectations: 'Klare Ziele',
  importance: 4,
};

interface Context {
  projectId: string;
  userId: string;
}

/** The three endpoints under attack, each with a body it would accept. */
const TARGETS: {
  name: string;
  method: string;
  path: (context: Context) => string;
  valid: Json;
  /** A field that holds free text, to inflate or poison. */
  text: string;
}[] = [
  {
    name: 'POST /projects/:id/contacts',
    method: 'POST',
    path: ({ projectId }) => `/projects/${projectId}/contacts`,
    valid: contact,
    text: 'expectations',
  },
  {
    name: 'PATCH /projects/:id',
    method: 'PATCH',
    path: ({ projectId }) => `/projects/${projectId}`,
    valid: { project_name: 'Umbenannt' },
    text: 'project_name',
  },
  {
    name: 'PATCH /user/:id',
    method: 'PATCH',
    path: ({ userId }) => `/user/${userId}`,
    valid: { contact_name: 'Jana Kühn' },
    text: 'contact_name',
  },
];

describe.each(DATABASES)('bad input (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let context: Context;
  let editToken: string;
  const statuses: number[] = [];

  beforeAll(async () => {
    server = await startTestServer(database);
    const account = await verifiedAccount(server);
    owner = account.client;
    const created = await owner.api<Body<{ id: string; edit_token: string }>>(
      'POST',
      '/projects/create',
      {
        project_name: 'Relaunch',
        customer_firm: 'Tischlerei Berger',
        questionnaire: FIXTURE_WIDGETS,
      },
    );
    expect(created.status).toBe(201);
    context = { projectId: created.body.data.id, userId: account.user.id };
    editToken = created.body.data.edit_token;
    const item = await owner.api<Body>('POST', `/projects/${context.projectId}/contacts`, contact);
    expect(item.status).toBe(201);
  });
  afterAll(async () => {
    await server?.close();
  });
  afterEach(() => {
    // Never a 500 for bad input (docs/architecture.md#api-konventionen), and nothing leaks into
    // Object.prototype.
    const failures = statuses.filter((status) => status >= 500);
    statuses.length = 0;
    expect(failures).toEqual([]);
    expect(({} as Json).polluted).toBeUndefined();
    expect(({} as Json).is_admin).toBeUndefined();
  });

  /** Sends a raw body with the web app's headers, minus `omit`, plus `extra`. */
  async function send(
    client: HttpClient,
    method: string,
    path: string,
    body: string | undefined,
    { omit = [], extra = {} }: { omit?: string[]; extra?: Record<string, string> } = {},
  ): Promise<TestResponse<Body>> {
    const headers: Record<string, string> = {
      accept: 'application/json',
      'content-type': 'application/json',
      'x-requested-with': 'XMLHttpRequest',
      ...(client.csrfToken ? { 'x-csrf-token': client.csrfToken } : {}),
      ...(client.editToken ? { 'x-edit-token': client.editToken } : {}),
      ...extra,
    };
    for (const name of omit) delete headers[name];
    const response = (await client.raw(method, `/api${path}`, {
      headers,
      body,
    })) as TestResponse<Body>;
    statuses.push(response.status);
    return response;
  }

  /** What a client can see of the state: the project with its answers, and the account. */
  async function snapshot() {
    const project = await owner.api<Body>('GET', `/projects/${context.projectId}`);
    const user = await owner.api<Body>('GET', '/user/current');
    expect(project.status).toBe(200);
    expect(user.body.data).not.toBeNull();
    return { project: project.body.data, user: user.body.data };
  }

  function customer() {
    const client = new HttpClient(server.url);
    client.editToken = editToken;
    return client;
  }

  describe.each(TARGETS)('$name', (target) => {
    const path = () => target.path(context);

    it('the valid body is accepted (sanity check of the target)', async () => {
      const response = await send(owner, target.method, path(), JSON.stringify(target.valid));
      expect(response.status).toBeLessThan(300);
    });

    it('refuses a body over 256 kB with 413 and a German JSON message', async () => {
      const before = await snapshot();
      const body = JSON.stringify({ ...target.valid, [target.text]: 'x'.repeat(300 * 1024) });
      const response = await send(owner, target.method, path(), body);
      expect(response.status).toBe(413);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(response.body).toEqual({ message: TOO_LARGE });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses malformed JSON with 400', async () => {
      const before = await snapshot();
      for (const body of ['{"type": ', "{'a': 1}", '{"a": 1,}', 'nicht json', '{"a": 1} x']) {
        const response = await send(owner, target.method, path(), body);
        expect(response.status, body).toBe(400);
        expect(response.headers.get('content-type')).toContain('application/json');
        expect(response.body).toEqual({ message: MALFORMED });
      }
      const gzip = await send(owner, target.method, path(), 'kein gzip', {
        extra: { 'content-encoding': 'gzip' },
      });
      expect(gzip.status).toBeGreaterThanOrEqual(400);
      expect(gzip.status).toBeLessThan(500);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a JSON array, string, number, boolean or null body with 422', async () => {
      const before = await snapshot();
      for (const body of ['[]', JSON.stringify([target.valid]), '"text"', '42', 'true', 'null']) {
        const response = await send(owner, target.method, path(), body);
        expect(response.status, body).toBe(422);
        expect(typeof response.body.message).toBe('string');
      }
      expect(await snapshot()).toEqual(before);
    });

    it('refuses unknown fields with 422 naming them', async () => {
      const before = await snapshot();
      const response = await send(
        owner,
        target.method,
        path(),
        JSON.stringify({ ...target.valid, x: 1 }),
      );
      expect(response.status).toBe(422);
      expect(response.body.errors).toEqual({ x: ['Das Feld x ist nicht vorgesehen.'] });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses __proto__ and constructor keys with 422, never 500', async () => {
      const before = await snapshot();
      const valid = JSON.stringify(target.valid).slice(1, -1);
      for (const body of [
        `{${valid}, "__proto__": {"polluted": true, "is_admin": true}}`,
        `{"__proto__": {"polluted": true}}`,
        `{${valid}, "constructor": {"prototype": {"polluted": true}}}`,
        `{"constructor": {"prototype": {"polluted": true}}}`,
        `{${valid}, "__proto__": null}`,
        `{${valid}, "prototype": {"polluted": true}}`,
        `{${valid}, "hasOwnProperty": 1}`,
      ]) {
        const response = await send(owner, target.method, path(), body);
        expect(response.status, body).toBe(422);
        expect(response.headers.get('content-type')).toContain('application/json');
      }
      const named = await send(
        owner,
        target.method,
        path(),
        `{${valid}, "__proto__": {"polluted": true}}`,
      );
      expect(Object.keys(named.body.errors ?? {})).toEqual(['__proto__']);
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a mutating request without X-Requested-With (403)', async () => {
      const before = await snapshot();
      const body = JSON.stringify({ ...target.valid, [target.text]: 'Ohne Header' });
      const response = await send(owner, target.method, path(), body, {
        omit: ['x-requested-with'],
      });
      expect(response.status).toBe(403);
      expect(response.body).toEqual({ message: MISSING_HEADER });
      // What a cross-site form can send: no custom headers, a text/plain body that is JSON.
      const form = await owner.raw(target.method, `/api${path()}`, {
        headers: { 'content-type': 'text/plain' },
        body,
      });
      statuses.push(form.status);
      expect(form.status).toBe(403);
      expect(form.body).toEqual({ message: MISSING_HEADER });
      expect(await snapshot()).toEqual(before);
    });

    it('refuses a logged-in mutating request without or with a wrong CSRF token (403)', async () => {
      const before = await snapshot();
      const body = JSON.stringify({ ...target.valid, [target.text]: 'Ohne Token' });
      const without = await send(owner, target.method, path(), body, { omit: ['x-csrf-token'] });
      expect(without.status).toBe(403);
      expect(without.body).toEqual({ message: CSRF });
      for (const token of ['falsch', `${owner.csrfToken}x`, owner.csrfToken!.slice(1), '']) {
        const wrong = await send(owner, target.method, path(), body, {
          extra: { 'x-csrf-token': token },
        });
        expect(wrong.status, token).toBe(403);
        expect(wrong.body).toEqual({ message: CSRF });
      }
      // The token of another session does not help either.
      const other = await verifiedAccount(server);
      const foreign = await send(owner, target.method, path(), body, {
        extra: { 'x-csrf-token': other.client.csrfToken! },
      });
      expect(foreign.status).toBe(403);
      expect(await snapshot()).toEqual(before);
    });

    it.each([
      ['a NUL character', 'a\u0000b'],
      ['a lone high surrogate', 'a\ud800'],
      ['a lone low surrogate', 'x\udfff'],
    ])('answers a text with %s without a 500', async (_name, text) => {
      const before = await snapshot();
      const response = await send(
        owner,
        target.method,
        path(),
        JSON.stringify({ ...target.valid, [target.text]: text }),
      );
      expect(response.status).toBeLessThan(500);
      if (response.status >= 400) expect(await snapshot()).toEqual(before);
    });

    it('refuses deeply nested JSON without a 500', async () => {
      const before = await snapshot();
      const depth = 20_000;
      const nested = `${'['.repeat(depth)}${']'.repeat(depth)}`;
      const body = `{${JSON.stringify(target.valid).slice(1, -1)}, "${target.text}": ${nested}}`;
      const response = await send(owner, target.method, path(), body);
      expect(response.status).toBeGreaterThanOrEqual(400);
      expect(response.status).toBeLessThan(500);
      expect(await snapshot()).toEqual(before);
    });
  });

  it('refuses an unknown preset key with 422', async () => {
    const before = await snapshot();
    for (const body of [
      { ...contact, type: 'aliens' },
      { ...contact, type: 'customers' },
      { ...contact, type: '__proto__' },
      { ...contact, type: 'constructor' },
      { ...contact, type: 'toString' },
    ]) {
      const response = await send(
        owner,
        'POST',
        `/projects/${context.projectId}/contacts`,
        JSON.stringify(body),
      );
      expect(response.status, body.type).toBe(422);
      expect(response.body.errors).toEqual({
        type: ['Kontaktgruppe: Bitte wählen Sie einen Eintrag aus der Liste.'],
      });
    }
    const person = await send(
      owner,
      'POST',
      `/projects/${context.projectId}/people`,
      JSON.stringify({ name: 'x', priority: 'hasOwnProperty' }),
    );
    expect(person.status).toBe(422);
    expect(person.body.errors).toEqual({
      priority: ['Priorität: Bitte wählen Sie einen Eintrag aus der Liste.'],
    });
    expect(await snapshot()).toEqual(before);
  });

  it('a share-token customer also needs X-Requested-With', async () => {
    const before = await snapshot();
    const response = await send(
      customer(),
      'POST',
      `/projects/${context.projectId}/contacts`,
      JSON.stringify(contact),
      { omit: ['x-requested-with'] },
    );
    expect(response.status).toBe(403);
    expect(response.body).toEqual({ message: MISSING_HEADER });
    expect(await snapshot()).toEqual(before);
  });

  it('refuses out-of-range versions without a 500', async () => {
    const projectId = context.projectId;
    const items = (await snapshot()).project.contacts as { id: string }[];
    const itemId = items[0]!.id as string;
    const before = await snapshot();
    const answers: Record<string, number> = {};
    for (const version of [2 ** 31, 2 ** 53, 1e300, -0.5]) {
      for (const [name, route, body] of [
        ['item', `/projects/${projectId}/contacts/${itemId}`, { ...contact, version }],
        ['form', `/projects/${projectId}/scale`, { version }],
        ['project', `/projects/${projectId}`, { project_name: 'Neu', version }],
      ] as const) {
        const response = await send(owner, 'PATCH', route, JSON.stringify(body));
        answers[`${name} version ${version}`] = response.status;
      }
    }
    for (const [what, status] of Object.entries(answers))
      expect([409, 422], what).toContain(status);
    expect(await snapshot()).toEqual(before);
  });

  it('answers an unknown API route with a JSON 404', async () => {
    for (const [method, route] of [
      ['GET', '/does-not-exist'],
      ['POST', '/does-not-exist'],
      ['GET', '/projects/x/y/z/w'],
    ] as const) {
      const response = await send(owner, method, route, method === 'GET' ? undefined : '{}');
      expect(response.status, `${method} ${route}`).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(typeof response.body.message).toBe('string');
    }
    const anonymous = await new HttpClient(server.url).api<Body>('GET', '/does-not-exist');
    expect(anonymous.status).toBe(404);
    expect(anonymous.body).toEqual({ message: 'Nicht gefunden' });
  });

  it("answers a project id that is not a UUID with 404 'Projekt nicht gefunden'", async () => {
    const before = await snapshot();
    for (const id of [
      'abc',
      '123',
      'null',
      "1'%20or%20'1'='1",
      '00000000-0000-0000-0000-00000000000g',
    ]) {
      for (const [method, route, body] of [
        ['GET', `/projects/${id}`, undefined],
        ['PATCH', `/projects/${id}`, JSON.stringify({ project_name: 'x' })],
        ['DELETE', `/projects/${id}`, undefined],
        ['PUT', `/projects/${id}/approve`, undefined],
        ['POST', `/projects/${id}/contacts`, JSON.stringify(contact)],
      ] as const) {
        const response = await send(owner, method, route, body);
        expect(response.status, `${method} ${route}`).toBe(404);
        expect(response.body).toEqual({ message: 'Projekt nicht gefunden' });
      }
    }
    const viaToken = await customer().api<Body>('GET', '/projects/abc');
    expect(viaToken.status).toBe(404);
    expect(viaToken.body).toEqual({ message: 'Projekt nicht gefunden' });
    const unknown = await owner.api<Body>('GET', '/projects/00000000-0000-4000-8000-000000000000');
    expect(unknown.status).toBe(404);
    expect(unknown.body).toEqual({ message: 'Projekt nicht gefunden' });
    expect(await snapshot()).toEqual(before);
  });
});
