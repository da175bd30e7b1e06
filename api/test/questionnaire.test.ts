import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { normalizeUrl } from '@fragewerk/engine/core';
import {
  type Body,
  example as exampleOf,
  fixture,
  FIXTURE_WIDGETS,
  FORM_STEPS,
  type Item,
  type Json,
  LIST_STEPS,
  TEXT_FIELD,
  WIDGET_FORM_STEPS,
  WIDGET_LIST_STEPS,
} from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The mechanics of list and form steps, on the fixture catalogue: the steps of fixture-widgets
 * (lists with a URL, groups and conditions, multiselects; forms with required fields, a minimum
 * of choices and a scale), each with its valid and invalid examples from fixtures.ts.
 */

type Project = Json & { id: string; edit_token: string };
/** Two different valid answers per form step: a first save and a second one. */
const FORM_SAVES: Record<string, [Json, Json]> = Object.fromEntries(
  WIDGET_FORM_STEPS.map((kind) => [kind, [exampleOf(kind, 0), exampleOf(kind, 1)]]),
);

/** The API treats `id` and `version` of a body as the envelope (which item, which version). */
const ENVELOPE = ['id', 'version'];
const withoutEnvelope = (errors: Record<string, string[]>) =>
  Object.fromEntries(Object.entries(errors).filter(([field]) => !ENVELOPE.includes(field)));

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const VALIDATION = 'Bitte prüfen Sie Ihre Eingaben.';
const CONFLICT =
  'Diese Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie den aktuellen Stand.';
const VERSION_ERROR = ['Die Version fehlt oder ist ungültig.'];
const ORDER_ERROR = ['Die Reihenfolge enthält unbekannte oder doppelte Einträge.'];

const withoutVersion = (data: Json): Json =>
  Object.fromEntries(Object.entries(data).filter(([key]) => key !== 'version'));

/** The same document with white space around every top-level text. */
const padded = (data: Json): Json =>
  Object.fromEntries(
    Object.entries(data).map(([key, value]) => [
      key,
      typeof value === 'string' ? `  ${value}\t ` : value,
    ]),
  );

describe.each(DATABASES)('questionnaire steps (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server)).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  let counter = 0;
  async function newProject(): Promise<string> {
    counter += 1;
    const created = await owner.api<Body<Project>>('POST', '/projects/create', {
      project_name: `Fragebogen ${counter}`,
      customer_firm: 'Tischlerei Berger',
      questionnaire: FIXTURE_WIDGETS,
    });
    expect(created.status).toBe(201);
    return created.body.data.id;
  }

  async function getProject(id: string) {
    const response = await owner.api<Body<Project>>('GET', `/projects/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  /** The items of a list step as GET /projects/:id shows them. */
  async function listOf(projectId: string, kind: string) {
    return (await getProject(projectId))[kind] as Item[];
  }

  async function addItem(projectId: string, kind: string, data: Json) {
    const response = await owner.api<Body<Item>>('POST', `/projects/${projectId}/${kind}`, data);
    expect(response.status).toBe(201);
    return response.body.data;
  }

  const ids = (items: { id: string }[]) => items.map((item) => item.id);

  it('the default definition (fixture-brief) has exactly these list and form steps', async () => {
    const response = await owner.api<Body<{ steps: { meta: { key: string; kind: string } }[] }>>(
      'GET',
      '/config/definition',
    );
    expect(response.status).toBe(200);
    const { steps } = response.body.data;
    expect(
      steps
        .filter((step) => step.meta.kind === 'list')
        .map((step) => step.meta.key)
        .sort(),
    ).toEqual([...LIST_STEPS].sort());
    expect(
      steps
        .filter((step) => step.meta.kind === 'form')
        .map((step) => step.meta.key)
        .sort(),
    ).toEqual([...FORM_STEPS].sort());
  });

  describe.each(WIDGET_LIST_STEPS)('list step %s', (kind) => {
    const { valid, invalid } = fixture(kind);
    const example = valid[0]!;
    const field = TEXT_FIELD[kind]!;

    it('adds every valid fixture example (201, id, version 1, data echoed as stored)', async () => {
      const projectId = await newProject();
      const added = [];
      for (const data of valid) {
        const response = await owner.api<Body<Item>>(
          'POST',
          `/projects/${projectId}/${kind}`,
          data,
        );
        expect(response.status).toBe(201);
        expect(response.body.data.id).toMatch(UUID);
        // A website typed without a scheme („www.muster.de“) is stored with https:// in front.
        const stored =
          typeof data.url === 'string' ? { ...data, url: normalizeUrl(data.url.trim()) } : data;
        expect(response.body.data).toEqual({ ...stored, id: response.body.data.id, version: 1 });
        added.push(response.body.data);
      }
      expect((await getProject(projectId))[kind]).toEqual(added);
    });

    it('stores and echoes texts without surrounding white space', async () => {
      const projectId = await newProject();
      const item = await addItem(projectId, kind, padded(example));
      expect(item).toEqual({ ...example, id: item.id, version: 1 });
      expect((await getProject(projectId))[kind]).toEqual([item]);
    });

    it('updates an item with the version it edited, and refuses a stale version with 409', async () => {
      const projectId = await newProject();
      const item = await addItem(projectId, kind, example);

      // The client echoes the whole item it edited (id and version included).
      const edited = { ...item, [field]: 'Geändert' };
      const update = await owner.api<Body>(
        'PATCH',
        `/projects/${projectId}/${kind}/${item.id}`,
        edited,
      );
      expect(update.status).toBe(200);
      const current = { ...example, [field]: 'Geändert', id: item.id, version: 2 };
      expect(update.body.data).toEqual(current);

      const stale = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}/${item.id}`, {
        ...example,
        [field]: 'Veraltet',
        version: 1,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(CONFLICT);
      expect(stale.body.data).toEqual(current);
      expect((await getProject(projectId))[kind]).toEqual([current]);

      const next = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}/${item.id}`, {
        ...example,
        version: 2,
      });
      expect(next.status).toBe(200);
      expect(next.body.data).toEqual({ ...example, id: item.id, version: 3 });
    });

    it('deletes an item; deleting it again is a 404', async () => {
      const projectId = await newProject();
      const keep = await addItem(projectId, kind, example);
      const gone = await addItem(projectId, kind, example);

      const removed = await owner.api<Body>('DELETE', `/projects/${projectId}/${kind}/${gone.id}`);
      expect(removed.status).toBe(200);
      expect(ids(await listOf(projectId, kind))).toEqual([keep.id]);

      const again = await owner.api<Body>('DELETE', `/projects/${projectId}/${kind}/${gone.id}`);
      expect(again.status).toBe(404);
      expect(again.body.message).toBe('Eintrag nicht gefunden');

      const update = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}/${gone.id}`, {
        ...example,
        version: 1,
      });
      expect(update.status).toBe(404);
      expect(update.body.message).toBe('Eintrag nicht gefunden');
      expect(ids(await listOf(projectId, kind))).toEqual([keep.id]);
    });

    it('reorders three items and reads the order back', async () => {
      const projectId = await newProject();
      const [a, b, c] = [
        await addItem(projectId, kind, example),
        await addItem(projectId, kind, example),
        await addItem(projectId, kind, example),
      ];
      expect(ids(await listOf(projectId, kind))).toEqual([a!.id, b!.id, c!.id]);

      const response = await owner.api<Body<Item[]>>(
        'PUT',
        `/projects/${projectId}/${kind}/order`,
        {
          order: [c!.id, a!.id, b!.id],
        },
      );
      expect(response.status).toBe(200);
      expect(ids(response.body.data)).toEqual([c!.id, a!.id, b!.id]);
      expect(ids(await listOf(projectId, kind))).toEqual([c!.id, a!.id, b!.id]);

      // A new item goes to the end of the new order.
      const d = await addItem(projectId, kind, example);
      expect(ids(await listOf(projectId, kind))).toEqual([c!.id, a!.id, b!.id, d.id]);
    });

    it('refuses an order with an unknown or a duplicate id (422 errors.order)', async () => {
      const projectId = await newProject();
      const a = await addItem(projectId, kind, example);
      const b = await addItem(projectId, kind, example);
      const before = await getProject(projectId);
      const otherProject = await newProject();
      const foreign = await addItem(otherProject, kind, example);

      for (const order of [
        [a.id, b.id, '00000000-0000-4000-8000-000000000000'],
        [a.id, foreign.id],
        [a.id, a.id, b.id],
        [a.id, 'kein-uuid'],
        [a.id, 7],
      ]) {
        const response = await owner.api<Body>('PUT', `/projects/${projectId}/${kind}/order`, {
          order,
        });
        expect(response.status).toBe(422);
        expect(response.body.message).toBe(VALIDATION);
        expect(response.body.errors).toEqual({ order: ORDER_ERROR });
      }
      for (const body of [{}, { order: a.id }, { order: null }]) {
        const response = await owner.api<Body>('PUT', `/projects/${projectId}/${kind}/order`, body);
        expect(response.status).toBe(422);
        expect(response.body.errors).toEqual({ order: ORDER_ERROR });
      }
      expect(await getProject(projectId)).toEqual(before);
      expect(ids(await listOf(otherProject, kind))).toEqual([foreign.id]);
    });

    it('keeps items the order does not list after the listed ones (nothing lost)', async () => {
      const projectId = await newProject();
      const items = [];
      for (let index = 0; index < 4; index += 1)
        items.push(await addItem(projectId, kind, example));
      const [a, b, c, d] = items.map((item) => item.id);

      const response = await owner.api<Body<Item[]>>(
        'PUT',
        `/projects/${projectId}/${kind}/order`,
        {
          order: [d, b],
        },
      );
      expect(response.status).toBe(200);
      expect(ids(response.body.data)).toEqual([d, b, a, c]);
      expect(ids(await listOf(projectId, kind))).toEqual([d, b, a, c]);

      const empty = await owner.api<Body>('PUT', `/projects/${projectId}/${kind}/order`, {
        order: [],
      });
      expect(empty.status).toBe(200);
      expect(ids(await listOf(projectId, kind))).toEqual([d, b, a, c]);
    });

    it.each(invalid.map((entry, index) => [index, entry] as const))(
      'refuses invalid fixture example %i with exactly its errors and stores nothing',
      async (_index, { data, errors }) => {
        const projectId = await newProject();
        const item = await addItem(projectId, kind, example);
        const before = await getProject(projectId);
        const expected = withoutEnvelope(errors);

        const add = await owner.api<Body>('POST', `/projects/${projectId}/${kind}`, data);
        expect(add.status).toBe(422);
        expect(add.body.message).toBe(VALIDATION);
        expect(add.body.errors).toEqual(expected);

        const update = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}/${item.id}`, {
          ...data,
          version: item.version,
        });
        expect(update.status).toBe(422);
        expect(update.body.errors).toEqual(expected);

        const unversioned = withoutVersion(data);
        const noVersion = await owner.api<Body>(
          'PATCH',
          `/projects/${projectId}/${kind}/${item.id}`,
          unversioned,
        );
        expect(noVersion.status).toBe(422);
        expect(noVersion.body.errors).toEqual({ ...expected, version: VERSION_ERROR });

        expect(await getProject(projectId)).toEqual(before);
      },
    );

    it('a valid update without a version is a 422 on errors.version and changes nothing', async () => {
      const projectId = await newProject();
      const item = await addItem(projectId, kind, example);
      const before = await getProject(projectId);
      for (const version of [undefined, null, '1', 1.5, -1]) {
        const response = await owner.api<Body>(
          'PATCH',
          `/projects/${projectId}/${kind}/${item.id}`,
          { ...example, [field]: 'Ohne Version', version },
        );
        expect(response.status).toBe(422);
        expect(response.body.errors).toEqual({ version: VERSION_ERROR });
      }
      expect(await getProject(projectId)).toEqual(before);
    });

    it('does not reach an item through another step or another project', async () => {
      const projectId = await newProject();
      const item = await addItem(projectId, kind, example);
      const otherKind = WIDGET_LIST_STEPS.find((candidate) => candidate !== kind)!;
      const otherProject = await newProject();
      const before = await getProject(projectId);

      for (const target of [`${projectId}/${otherKind}`, `${otherProject}/${kind}`]) {
        const otherExample = target.endsWith(otherKind) ? fixture(otherKind).valid[0]! : example;
        const update = await owner.api<Body>('PATCH', `/projects/${target}/${item.id}`, {
          ...otherExample,
          version: 1,
        });
        expect(update.status).toBe(404);
        expect(update.body.message).toBe('Eintrag nicht gefunden');
        const remove = await owner.api<Body>('DELETE', `/projects/${target}/${item.id}`);
        expect(remove.status).toBe(404);
        expect(remove.body.message).toBe('Eintrag nicht gefunden');
      }
      expect(await getProject(projectId)).toEqual(before);
    });

    it('has no form save: PATCH without an item id is a 404', async () => {
      const projectId = await newProject();
      const before = await getProject(projectId);
      const response = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
        ...example,
        version: 0,
      });
      expect(response.status).toBe(404);
      expect(typeof response.body.message).toBe('string');
      expect(await getProject(projectId)).toEqual(before);
    });
  });

  describe.each(WIDGET_FORM_STEPS)('form step %s', (kind) => {
    const { invalid } = fixture(kind);
    const [first, second] = FORM_SAVES[kind]!;

    it('starts unsaved with version 0', async () => {
      const projectId = await newProject();
      expect((await getProject(projectId))[kind]).toEqual({ version: 0 });
    });

    it('saves with version 0, then 1; a stale version is a 409 with the current answers', async () => {
      const projectId = await newProject();
      const save = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
        ...first,
        version: 0,
      });
      expect(save.status).toBe(200);
      expect(save.body.data).toEqual({ ...first, version: 1 });
      expect((await getProject(projectId))[kind]).toEqual({ ...first, version: 1 });

      const again = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
        ...second,
        version: 1,
      });
      expect(again.status).toBe(200);
      expect(again.body.data).toEqual({ ...second, version: 2 });

      for (const version of [1, 0, 5]) {
        const stale = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
          ...first,
          version,
        });
        expect(stale.status).toBe(409);
        expect(stale.body.message).toBe(CONFLICT);
        expect(stale.body.data).toEqual({ ...second, version: 2 });
      }
      expect((await getProject(projectId))[kind]).toEqual({ ...second, version: 2 });
    });

    it('a first save with a version other than 0 is a 409 and stores nothing', async () => {
      const projectId = await newProject();
      const response = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
        ...first,
        version: 1,
      });
      expect(response.status).toBe(409);
      expect(response.body.data).toEqual({ version: 0 });
      expect((await getProject(projectId))[kind]).toEqual({ version: 0 });
    });

    it.each(invalid.map((entry, index) => [index, entry] as const))(
      'refuses invalid fixture example %i with exactly its errors and stores nothing',
      async (_index, { data, errors }) => {
        const projectId = await newProject();
        const saved = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
          ...first,
          version: 0,
        });
        expect(saved.status).toBe(200);
        const before = await getProject(projectId);
        const expected = withoutEnvelope(errors);

        const response = await owner.api<Body>('PATCH', `/projects/${projectId}/${kind}`, {
          ...data,
          version: 1,
        });
        expect(response.status).toBe(422);
        expect(response.body.message).toBe(VALIDATION);
        expect(response.body.errors).toEqual(expected);

        const unversioned = withoutVersion(data);
        const noVersion = await owner.api<Body>(
          'PATCH',
          `/projects/${projectId}/${kind}`,
          unversioned,
        );
        expect(noVersion.status).toBe(422);
        expect(noVersion.body.errors).toEqual({ ...expected, version: VERSION_ERROR });

        expect(await getProject(projectId)).toEqual(before);

        // Nor is anything stored for a step that was never saved.
        const fresh = await newProject();
        const firstSave = await owner.api<Body>('PATCH', `/projects/${fresh}/${kind}`, {
          ...data,
          version: 0,
        });
        expect(firstSave.status).toBe(422);
        expect(firstSave.body.errors).toEqual(expected);
        expect((await getProject(fresh))[kind]).toEqual({ version: 0 });
      },
    );

    it('has no list routes: POST, PUT order and PATCH with an item id are 404', async () => {
      const projectId = await newProject();
      const before = await getProject(projectId);
      const post = await owner.api<Body>('POST', `/projects/${projectId}/${kind}`, first);
      expect(post.status).toBe(404);
      const order = await owner.api<Body>('PUT', `/projects/${projectId}/${kind}/order`, {
        order: [],
      });
      expect(order.status).toBe(404);
      const item = await owner.api<Body>(
        'PATCH',
        `/projects/${projectId}/${kind}/00000000-0000-4000-8000-000000000000`,
        { ...first, version: 0 },
      );
      expect(item.status).toBe(404);
      expect(await getProject(projectId)).toEqual(before);
    });
  });

  it('answers an unknown step kind with 404 on every route', async () => {
    const projectId = await newProject();
    const before = await getProject(projectId);
    const itemId = '00000000-0000-4000-8000-000000000000';
    for (const [method, route, body] of [
      ['POST', `/projects/${projectId}/nonsense`, { name: 'x' }],
      ['PATCH', `/projects/${projectId}/nonsense`, { name: 'x', version: 0 }],
      ['PATCH', `/projects/${projectId}/nonsense/${itemId}`, { name: 'x', version: 1 }],
      ['DELETE', `/projects/${projectId}/nonsense/${itemId}`, undefined],
      ['PUT', `/projects/${projectId}/nonsense/order`, { order: [] }],
      ['POST', `/projects/${projectId}/__proto__`, { name: 'x' }],
      ['PATCH', `/projects/${projectId}/constructor`, { name: 'x', version: 0 }],
    ] as const) {
      const response = await owner.api<Body>(method, route, body);
      expect(response.status, `${method} ${route}`).toBe(404);
      expect(response.headers.get('content-type')).toContain('application/json');
      expect(typeof response.body.message).toBe('string');
    }
    expect(await getProject(projectId)).toEqual(before);
  });

  it('checks the step before the caller: an unknown step is a 404 even without a login', async () => {
    const projectId = await newProject();
    const anonymous = new HttpClient(server.url);
    const unknown = await anonymous.api<Body>('POST', `/projects/${projectId}/nonsense`, {});
    expect(unknown.status).toBe(404);
    const wrongKind = await anonymous.api<Body>('PATCH', `/projects/${projectId}/contacts`, {});
    expect(wrongKind.status).toBe(404);
    const known = await anonymous.api<Body>('POST', `/projects/${projectId}/contacts`, {});
    expect(known.status).toBe(401);
  });

  it('lets a customer with the share token answer, until the project is approved', async () => {
    const projectId = await newProject();
    const project = await getProject(projectId);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const example = exampleOf('contacts');

    const added = await customer.api<Body<Item>>(
      'POST',
      `/projects/${projectId}/contacts`,
      example,
    );
    expect(added.status).toBe(201);
    const form = await customer.api<Body>('PATCH', `/projects/${projectId}/profile`, {
      ...FORM_SAVES.profile![0],
      version: 0,
    });
    expect(form.status).toBe(200);

    const approved = await customer.api<Body>('PUT', `/projects/${projectId}/approve`);
    expect(approved.status).toBe(200);
    const before = await getProject(projectId);
    const blocked = [
      await customer.api<Body>('POST', `/projects/${projectId}/contacts`, example),
      await customer.api<Body>('PATCH', `/projects/${projectId}/contacts/${added.body.data.id}`, {
        ...example,
        version: 1,
      }),
      await customer.api<Body>('DELETE', `/projects/${projectId}/contacts/${added.body.data.id}`),
      await customer.api<Body>('PUT', `/projects/${projectId}/contacts/order`, { order: [] }),
      await customer.api<Body>('PATCH', `/projects/${projectId}/profile`, {
        ...FORM_SAVES.profile![1],
        version: 1,
      }),
    ];
    for (const response of blocked) {
      expect(response.status).toBe(403);
      expect(response.body.message).toBe(
        'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
      );
    }
    expect(await getProject(projectId)).toEqual(before);

    // The owner still edits an approved project (docs/product.md#zustände).
    const ownerAdd = await owner.api<Body>('POST', `/projects/${projectId}/contacts`, example);
    expect(ownerAdd.status).toBe(201);
  });

  it('nobody answers an archived project', async () => {
    const projectId = await newProject();
    const project = await getProject(projectId);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const example = exampleOf('contacts');
    const item = await addItem(projectId, 'contacts', example);
    const archived = await owner.api<Body>('PATCH', `/projects/${projectId}`, {
      is_archived: true,
    });
    expect(archived.status).toBe(200);
    const before = await getProject(projectId);

    for (const client of [owner, customer]) {
      for (const response of [
        await client.api<Body>('POST', `/projects/${projectId}/contacts`, example),
        await client.api<Body>('PATCH', `/projects/${projectId}/contacts/${item.id}`, {
          ...example,
          version: 1,
        }),
        await client.api<Body>('DELETE', `/projects/${projectId}/contacts/${item.id}`),
        await client.api<Body>('PATCH', `/projects/${projectId}/scale`, {
          version: 0,
        }),
      ]) {
        expect(response.status).toBe(403);
        expect(response.body.message).toBe('Das Projekt wurde archiviert.');
      }
    }
    expect(await getProject(projectId)).toEqual(before);
  });
});
