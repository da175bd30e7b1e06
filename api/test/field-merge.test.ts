import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { type Body, example, FIXTURE_WIDGETS, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/*
 * docs/product.md#gleichzeitiges-bearbeiten: a save against a version that is no longer stored is
 * merged field by field with what is stored, using the `base` the editor started from. Fields
 * only one side changed need nobody; only fields both changed differently are a 409 with their
 * names in `conflicts`, and then nothing is saved. On the fixture catalogue: fixture-brief's form
 * `frame` and list `ideas`, and fixture-widgets' `contacts` for a rule spanning fields.
 */

const CONFLICT =
  'Diese Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie den aktuellen Stand.';

/** A document of a step: a form step's answers or one list entry, with two fields to change. */
interface Kind {
  name: string;
  step: string;
  /** Whether the step is a list (the document is one entry) or a form. */
  list: boolean;
  /** A field the agency changes, with its value and a different one for the customer. */
  theirs: [field: string, value: unknown, other: unknown];
  /** A field only the customer changes, with its value. */
  mine: [field: string, value: unknown];
}

const KINDS: Kind[] = [
  {
    name: 'form step',
    step: 'frame',
    list: false,
    theirs: ['contact', 'Ole Brandt', 'Eva Berger'],
    mine: ['team_size', 7],
  },
  {
    name: 'list item',
    step: 'ideas',
    list: true,
    theirs: ['details', 'Von der Agentur', 'Vom Kunden'],
    mine: ['priority', 'low'],
  },
];

describe.each(EVERY_DATABASE)('field merge of stale saves (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server)).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  describe.each(KINDS)('$name', ({ step, list, theirs, mine }) => {
    const start = example(step);
    const [theirField, theirValue, otherValue] = theirs;
    const [myField, myValue] = mine;

    /**
     * A fresh project whose document both sides loaded at version 1 (`start`); the agency has
     * then saved `theirField` (version 2). Returns the customer's client and the document's path.
     */
    async function agencySavedFirst() {
      const created = await owner.api<Body<{ id: string; edit_token: string }>>(
        'POST',
        '/projects/create',
        { project_name: 'Zusammenführen', customer_firm: 'Bäckerei Sommer' },
      );
      expect(created.status).toBe(201);
      const projectId = created.body.data.id;
      const customer = new HttpClient(server.url);
      customer.editToken = created.body.data.edit_token;
      let path = `/projects/${projectId}/${step}`;
      if (list) {
        const added = await owner.api<Body<Item>>('POST', path, start);
        expect(added.status).toBe(201);
        path = `${path}/${added.body.data.id}`;
      } else {
        expect((await owner.api('PATCH', path, { ...start, version: 0 })).status).toBe(200);
      }
      const first = await owner.api<Body>('PATCH', path, {
        ...start,
        [theirField]: theirValue,
        version: 1,
        base: start,
      });
      expect(first.status).toBe(200);
      expect(first.body.data).toMatchObject({ [theirField]: theirValue, version: 2 });
      const read = async () => {
        const project = await customer.api<Body>('GET', `/projects/${projectId}`);
        const documents = project.body.data[step];
        return (Array.isArray(documents) ? documents[0] : documents) as Json;
      };
      return { customer, path, read };
    }

    it('takes a field only I changed and keeps the one only they changed (200, merged data)', async () => {
      const { customer, path, read } = await agencySavedFirst();
      const saved = await customer.api<Body>('PATCH', path, {
        ...start,
        [myField]: myValue,
        version: 1,
        base: start,
      });
      expect(saved.status, JSON.stringify(saved.body)).toBe(200);
      const merged = { ...start, [theirField]: theirValue, [myField]: myValue, version: 3 };
      expect(saved.body.data).toMatchObject(merged);
      expect(await read()).toMatchObject(merged);
    });

    it('answers a field both changed differently with 409, its name in conflicts, and saves nothing', async () => {
      const { customer, path, read } = await agencySavedFirst();
      const before = await read();
      const stale = await customer.api<Body & { conflicts: string[] }>('PATCH', path, {
        ...start,
        [theirField]: otherValue,
        [myField]: myValue,
        version: 1,
        base: start,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(CONFLICT);
      expect(stale.body.conflicts).toEqual([theirField]);
      expect(stale.body.data).toEqual(before);
      expect(await read()).toEqual(before);

      // The chosen combination, saved against the new version with the stored state as base.
      const { version: _version, id: _id, ...stored } = before;
      const resolved = await customer.api<Body>('PATCH', path, {
        ...stored,
        [theirField]: otherValue,
        [myField]: myValue,
        version: before.version,
        base: stored,
      });
      expect(resolved.status).toBe(200);
      expect(resolved.body.data).toMatchObject({
        [theirField]: otherValue,
        [myField]: myValue,
        version: 3,
      });
    });

    it('sees no conflict where both changed a field to the same value', async () => {
      const { customer, path, read } = await agencySavedFirst();
      const saved = await customer.api<Body>('PATCH', path, {
        ...start,
        [theirField]: theirValue,
        [myField]: myValue,
        version: 1,
        base: start,
      });
      expect(saved.status).toBe(200);
      expect(await read()).toMatchObject({
        [theirField]: theirValue,
        [myField]: myValue,
        version: 3,
      });
    });

    it('without a base cannot merge: 409 naming every field where the save differs from the stored state', async () => {
      const { customer, path, read } = await agencySavedFirst();
      const before = await read();
      const stale = await customer.api<Body & { conflicts: string[] }>('PATCH', path, {
        ...start,
        [myField]: myValue,
        version: 1,
      });
      expect(stale.status).toBe(409);
      expect(stale.body.conflicts).toEqual([theirField, myField].sort());
      expect(await read()).toEqual(before);
    });
  });

  it('never fails on a base nested deeper than any answer (it is only compared, field by field)', async () => {
    const created = await owner.api<Body<{ id: string }>>('POST', '/projects/create', {
      project_name: 'Tief',
      customer_firm: 'Bäckerei Sommer',
    });
    const path = `/projects/${created.body.data.id}/frame`;
    const start = example('frame');
    expect((await owner.api('PATCH', path, { ...start, version: 0 })).status).toBe(200);
    expect((await owner.api('PATCH', path, { ...start, version: 1, base: start })).status).toBe(
      200,
    );
    let deep: unknown = 'Kern';
    for (let level = 0; level < 1000; level += 1) deep = [deep];
    const response = await owner.api<Body>('PATCH', path, {
      ...start,
      version: 1,
      base: { ...start, format: deep, contact: deep },
    });
    // Mine and the stored state agree; the odd base only makes both look changed alike.
    expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(200);
  });

  it('leaves a merge that breaks a rule spanning fields to the person: 409 naming every differing field', async () => {
    const created = await owner.api<Body<{ id: string }>>('POST', '/projects/create', {
      project_name: 'Regeln',
      customer_firm: 'Bäckerei Sommer',
      questionnaire: FIXTURE_WIDGETS,
    });
    const path = `/projects/${created.body.data.id}/contacts`;
    // „Sonstiges“ is allowed inside and outside; a preset type only on its own side.
    const start = {
      is_external: false,
      type: 'custom',
      custom_type: 'Beirat',
      expectations: 'Rat',
      importance: 3,
    };
    const added = await owner.api<Body<Item>>('POST', path, start);
    expect(added.status).toBe(201);
    const itemPath = `${path}/${added.body.data.id}`;
    const outside = await owner.api<Body>('PATCH', itemPath, {
      ...start,
      is_external: true,
      version: 1,
      base: start,
    });
    expect(outside.status).toBe(200);

    // Valid alone, but an internal type on an external contact once merged.
    const { custom_type: _custom, ...management } = { ...start, type: 'management' };
    const stale = await owner.api<Body & { conflicts: string[] }>('PATCH', itemPath, {
      ...management,
      version: 1,
      base: start,
    });
    expect(stale.status, JSON.stringify(stale.body)).toBe(409);
    expect(stale.body.conflicts).toEqual(expect.arrayContaining(['is_external', 'type']));
    expect(stale.body.data).toMatchObject({ is_external: true, type: 'custom', version: 2 });
  });
});
