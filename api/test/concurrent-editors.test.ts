import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Body, example, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { verifiedAccount } from './accounts.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/*
 * Two people edit one questionnaire at the same time: the agency (owner, session) and the
 * customer (share token). Every write names the version it edited; the first save wins, the
 * later stale one gets 409 with the current state, and nothing is lost or duplicated. These saves
 * send no `base`, so nothing can be merged and `conflicts` names every field they differ in; the
 * merge field by field is pinned in field-merge.test.ts. On the fixture catalogue: fixture-brief's
 * form `frame` and list `ideas`.
 */

const CONFLICT =
  'Diese Daten wurden inzwischen von jemand anderem geändert. Bitte laden Sie den aktuellen Stand.';
const idea = example('ideas');
const frames = [example('frame', 0), example('frame', 1)] as const;
const ids = (items: { id: string }[]) => items.map((item) => item.id);

describe.each(EVERY_DATABASE)('concurrent editors (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server)).client;
  });
  afterAll(async () => {
    await server?.close();
  });

  /** A fresh project, and the customer's client holding its share link. */
  async function project(): Promise<{ id: string; customer: HttpClient }> {
    const created = await owner.api<Body<{ id: string; edit_token: string }>>(
      'POST',
      '/projects/create',
      { project_name: 'Gleichzeitig', customer_firm: 'Tischlerei Berger' },
    );
    expect(created.status).toBe(201);
    const customer = new HttpClient(server.url);
    customer.editToken = created.body.data.edit_token;
    return { id: created.body.data.id, customer };
  }

  async function read(client: HttpClient, projectId: string) {
    const response = await client.api<Body>('GET', `/projects/${projectId}`);
    expect(response.status).toBe(200);
    return response.body.data;
  }

  async function add(client: HttpClient, projectId: string, data: Json) {
    const response = await client.api<Body<Item>>('POST', `/projects/${projectId}/ideas`, data);
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  }

  /** Positions of the step's items as stored, in order. */
  async function positions(projectId: string, kind = 'ideas') {
    const rows = await server.orm.em
      .fork()
      .getConnection()
      .execute<{ id: string; position: number }[]>(
        'select id, position from item where project_id = ? and step_key = ? order by position, id',
        [projectId, kind],
      );
    return rows.map((row) => ({ id: row.id, position: Number(row.position) }));
  }

  describe('form step', () => {
    it.each([
      ['the first save (version 0)', 0],
      ['a later save (version 2)', 2],
    ])(
      '%s: both read the same version, the first save wins, the stale one gets 409 with the current state, overwriting then succeeds',
      async (_name, saves) => {
        const { id, customer } = await project();
        for (let index = 0; index < saves; index += 1) {
          const version = ((await read(owner, id)).frame as { version: number }).version;
          expect(
            (
              await owner.api('PATCH', `/projects/${id}/frame`, {
                ...frames[index % 2],
                version,
              })
            ).status,
          ).toBe(200);
        }

        const seenByOwner = (await read(owner, id)).frame as Json;
        const seenByCustomer = (await read(customer, id)).frame as Json;
        expect(seenByCustomer).toEqual(seenByOwner);
        const version = seenByOwner.version as number;
        expect(version).toBe(saves);

        const first = await owner.api<Body>('PATCH', `/projects/${id}/frame`, {
          ...frames[0],
          contact: 'Agentur war zuerst',
          version,
        });
        expect(first.status).toBe(200);
        const afterFirst = {
          ...frames[0],
          contact: 'Agentur war zuerst',
          version: version + 1,
        };
        expect(first.body.data).toEqual(afterFirst);

        const stale = await customer.api<Body>('PATCH', `/projects/${id}/frame`, {
          ...frames[1],
          contact: 'Kunde war später',
          version,
        });
        expect(stale.status).toBe(409);
        expect(stale.body.message).toBe(CONFLICT);
        expect(stale.body.data).toEqual(afterFirst);
        expect((stale.body as { conflicts?: string[] }).conflicts).toContain('contact');
        expect((await read(customer, id)).frame).toEqual(afterFirst);

        const overwrite = await customer.api<Body>('PATCH', `/projects/${id}/frame`, {
          ...frames[1],
          contact: 'Kunde war später',
          version: (stale.body.data as { version: number }).version,
        });
        expect(overwrite.status).toBe(200);
        const final = {
          ...frames[1],
          contact: 'Kunde war später',
          version: version + 2,
        };
        expect(overwrite.body.data).toEqual(final);
        expect((await read(owner, id)).frame).toEqual(final);
      },
    );

    it.each([0, 1])(
      'two saves of version %i sent at the same moment: exactly one wins, the other gets the winner in its 409',
      async (start) => {
        for (let round = 0; round < 5; round += 1) {
          const { id, customer } = await project();
          if (start === 1)
            await owner.api('PATCH', `/projects/${id}/frame`, {
              ...frames[0],
              version: 0,
            });
          const bodies = [
            { ...frames[0], contact: `Agentur ${round}`, version: start },
            { ...frames[1], contact: `Kunde ${round}`, version: start },
          ];
          const responses = await Promise.all([
            owner.api<Body>('PATCH', `/projects/${id}/frame`, bodies[0]),
            customer.api<Body>('PATCH', `/projects/${id}/frame`, bodies[1]),
          ]);
          const statuses = responses.map((response) => response.status).sort();
          expect(statuses, JSON.stringify(responses.map((r) => r.body))).toEqual([200, 409]);
          const winner = responses.find((response) => response.status === 200)!;
          const loser = responses.find((response) => response.status === 409)!;
          expect(winner.body.data).toMatchObject({ version: start + 1 });
          expect(loser.body.data).toEqual(winner.body.data);
          expect((await read(owner, id)).frame).toEqual(winner.body.data);
        }
      },
    );
  });

  describe('list item', () => {
    it('both read version N of an item, the first save wins, the stale one gets 409 with the current item, overwriting then succeeds', async () => {
      const { id, customer } = await project();
      const item = await add(owner, id, idea);
      // Take it to version 3 first, so N is not the initial version.
      for (const version of [1, 2]) {
        const response = await customer.api('PATCH', `/projects/${id}/ideas/${item.id}`, {
          ...idea,
          priority: version === 1 ? 'low' : 'high',
          version,
        });
        expect(response.status).toBe(200);
      }
      const seenByOwner = ((await read(owner, id)).ideas as Item[])[0]!;
      const seenByCustomer = ((await read(customer, id)).ideas as Item[])[0]!;
      expect(seenByCustomer).toEqual(seenByOwner);
      expect(seenByOwner.version).toBe(3);

      const first = await customer.api<Body<Item>>('PATCH', `/projects/${id}/ideas/${item.id}`, {
        ...seenByCustomer,
        details: 'Vom Kunden',
      });
      expect(first.status).toBe(200);
      const afterFirst = { ...seenByCustomer, details: 'Vom Kunden', version: 4 };
      expect(first.body.data).toEqual(afterFirst);

      const stale = await owner.api<Body<Item>>('PATCH', `/projects/${id}/ideas/${item.id}`, {
        ...seenByOwner,
        details: 'Von der Agentur',
      });
      expect(stale.status).toBe(409);
      expect(stale.body.message).toBe(CONFLICT);
      expect(stale.body.data).toEqual(afterFirst);
      expect((stale.body as { conflicts?: string[] }).conflicts).toEqual(['details']);

      const overwrite = await owner.api<Body<Item>>('PATCH', `/projects/${id}/ideas/${item.id}`, {
        ...seenByOwner,
        details: 'Von der Agentur',
        version: stale.body.data.version,
      });
      expect(overwrite.status).toBe(200);
      const final = { ...seenByOwner, details: 'Von der Agentur', version: 5 };
      expect(overwrite.body.data).toEqual(final);
      expect((await read(customer, id)).ideas).toEqual([final]);
    });

    it('two saves of the same item version at the same moment: exactly one wins', async () => {
      const { id, customer } = await project();
      const item = await add(owner, id, idea);
      for (let round = 0; round < 8; round += 1) {
        const version = round + 1;
        const responses = await Promise.all([
          owner.api<Body<Item>>('PATCH', `/projects/${id}/ideas/${item.id}`, {
            ...idea,
            details: `Agentur ${round}`,
            version,
          }),
          customer.api<Body<Item>>('PATCH', `/projects/${id}/ideas/${item.id}`, {
            ...idea,
            details: `Kunde ${round}`,
            version,
          }),
        ]);
        expect(responses.map((response) => response.status).sort()).toEqual([200, 409]);
        const winner = responses.find((response) => response.status === 200)!;
        const loser = responses.find((response) => response.status === 409)!;
        expect(winner.body.data.version).toBe(version + 1);
        expect(loser.body.data).toEqual(winner.body.data);
        expect((await read(owner, id)).ideas).toEqual([winner.body.data]);
      }
    });

    it('a reorder with the ids the agency knew, while the customer adds an item, loses nothing', async () => {
      const { id, customer } = await project();
      const [a, b, c] = [
        await add(owner, id, { ...idea, details: 'A' }),
        await add(owner, id, { ...idea, details: 'B' }),
        await add(owner, id, { ...idea, details: 'C' }),
      ];
      const known = ids((await read(owner, id)).ideas as Item[]);
      expect(known).toEqual([a!.id, b!.id, c!.id]);

      // The customer adds meanwhile; the agency's order does not list the new item.
      const d = await add(customer, id, { ...idea, details: 'D' });
      const reordered = await owner.api<Body<Item[]>>('PUT', `/projects/${id}/ideas/order`, {
        order: [c!.id, a!.id, b!.id],
      });
      expect(reordered.status).toBe(200);
      expect(ids(reordered.body.data)).toEqual([c!.id, a!.id, b!.id, d.id]);
      const list = (await read(customer, id)).ideas as Item[];
      expect(ids(list)).toEqual([c!.id, a!.id, b!.id, d.id]);
      expect(list.find((item) => item.id === d.id)).toEqual(d);
      expect((await positions(id)).map((row) => row.position)).toEqual([0, 1, 2, 3]);
    });

    it('reorders and adds sent at the same moment: every item stays, the listed ones first, in order', async () => {
      const { id, customer } = await project();
      const start = [];
      for (let index = 0; index < 4; index += 1)
        start.push(await add(owner, id, { ...idea, details: `Start ${index}` }));
      let listed = ids(start);
      const added: string[] = [];
      for (let round = 0; round < 6; round += 1) {
        const order = [...listed].reverse();
        const [reorder, ...adds] = await Promise.all([
          owner.api<Body<Item[]>>('PUT', `/projects/${id}/ideas/order`, { order }),
          customer.api<Body<Item>>('POST', `/projects/${id}/ideas`, {
            ...idea,
            details: `Runde ${round} a`,
          }),
          customer.api<Body<Item>>('POST', `/projects/${id}/ideas`, {
            ...idea,
            details: `Runde ${round} b`,
          }),
        ]);
        expect(reorder.status, JSON.stringify(reorder.body)).toBe(200);
        for (const response of adds) {
          expect(response.status).toBe(201);
          added.push((response.body as Body<Item>).data.id);
        }
        const list = ids((await read(owner, id)).ideas as Item[]);
        // Nothing lost, nothing doubled; the listed ids come first, in the requested order.
        expect([...list].sort()).toEqual([...ids(start), ...added].sort());
        expect(list.slice(0, order.length)).toEqual(order);
        const stored = await positions(id);
        expect(new Set(stored.map((row) => row.position)).size, JSON.stringify(stored)).toBe(
          stored.length,
        );
        listed = list;
      }
    });

    it('40 adds by both actors at once all land: 40 distinct items with consecutive positions', async () => {
      const { id, customer } = await project();
      const responses = await Promise.all(
        Array.from({ length: 40 }, (_, index) =>
          (index % 2 === 0 ? owner : customer).api<Body<Item>>('POST', `/projects/${id}/ideas`, {
            ...idea,
            details: `Eintrag ${index}`,
          }),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(40).fill(201));
      const created = responses.map((response) => response.body.data);
      expect(new Set(ids(created)).size).toBe(40);

      const list = (await read(owner, id)).ideas as Item[];
      expect(list).toHaveLength(40);
      expect(new Set(ids(list)).size).toBe(40);
      expect(new Set(list.map((item) => item.details)).size).toBe(40);
      for (const item of created) expect(list).toContainEqual(item);
      const stored = await positions(id);
      expect(
        stored.map((row) => row.position),
        `gespeicherte Positionen: ${stored.map((row) => row.position).join(',')}`,
      ).toEqual(Array.from({ length: 40 }, (_, index) => index));
    });

    it('40 saves of distinct items by both actors at once all land', async () => {
      const { id, customer } = await project();
      const items = [];
      for (let index = 0; index < 40; index += 1)
        items.push(await add(owner, id, { ...idea, details: `Vorher ${index}` }));
      const responses = await Promise.all(
        items.map((item, index) =>
          (index % 2 === 0 ? customer : owner).api<Body<Item>>(
            'PATCH',
            `/projects/${id}/ideas/${item.id}`,
            { ...item, details: `Nachher ${index}` },
          ),
        ),
      );
      expect(responses.map((response) => response.status)).toEqual(Array(40).fill(200));
      const list = (await read(customer, id)).ideas as Item[];
      expect(list).toEqual(
        items.map((item, index) => ({ ...item, details: `Nachher ${index}`, version: 2 })),
      );
    });
  });
});
