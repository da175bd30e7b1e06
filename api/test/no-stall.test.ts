import { randomUUID } from 'node:crypto';
import {
  fieldLabel,
  forEachSchema,
  type Definition,
  type Validators,
} from '@fragewerk/engine/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../src/definition/definition-revisions.ts';
import { verifiedAccount } from './accounts.ts';
import { type Body, example, FIXTURE_WIDGETS, type Item, type Json } from './fixtures.ts';
import { HttpClient, type TestResponse } from './http-client.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/**
 * The input that once held the server for ~15 s: a website field's URL pattern backtracked on it
 * (quadratic in the dots), Ajv ran the pattern although maxLength had already failed, and the
 * autosave validated before it knew whether the caller had access. On fixture-widgets, whose list
 * `rivals` has a website field with the same kind of pattern.
 */
const PATHOLOGICAL = `http://${'a.'.repeat(60_000)} x`;
/** Loose bounds: a stall is seconds, a normal answer tens of milliseconds. */
const ANSWER_WITHIN_MS = 2_000;
const HEALTH_WITHIN_MS = 1_000;

/** A field of a step whose schema tests it with a `pattern`, and what its maxLength says. */
interface PatternField {
  step: string;
  kind: 'list' | 'form';
  field: string;
  /** The German maxLength message the owner gets for the pathological input. */
  message: string;
}

/** Every top-level field of a step that carries a pattern, with the message of its maxLength. */
function patternFields(definition: Definition): PatternField[] {
  const found: PatternField[] = [];
  for (const step of definition.steps) {
    forEachSchema(step.schema, (node, path) => {
      if (typeof node.pattern !== 'string' || path.length !== 2 || path[0] !== 'properties') return;
      const field = path[1]!;
      const message = definition.messages
        .maxLength!.replace('{field}', fieldLabel(step.schema, [field], step.ui))
        .replace('{limit}', new Intl.NumberFormat('de-DE').format(Number(node.maxLength)));
      found.push({ step: step.meta.key, kind: step.meta.kind, field, message });
    });
  }
  return found;
}

/** Polls `/healthz` until stopped; returns the slowest answer it saw (ms). */
function pollHealth(url: string) {
  let running = true;
  let slowest = 0;
  let answers = 0;
  const loop = (async () => {
    while (running) {
      const start = performance.now();
      const response = await fetch(`${url}/healthz`);
      await response.body?.cancel();
      expect(response.status).toBe(200);
      slowest = Math.max(slowest, performance.now() - start);
      answers += 1;
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  })();
  return async () => {
    running = false;
    await loop;
    return { slowest, answers };
  };
}

describe.each(EVERY_DATABASE)('no input stalls the server (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let projectId: string;
  let editToken: string;
  let fields: PatternField[];
  /** How often a step or form body was validated since the last `validations()`. */
  let validated = 0;
  const validations = () => {
    const count = validated;
    validated = 0;
    return count;
  };

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server, 'Agentur Langmut')).client;
    const created = await owner.api<Body<{ id: string; edit_token: string }>>(
      'POST',
      '/projects/create',
      { project_name: 'Geduld', customer_firm: 'Kunde', questionnaire: FIXTURE_WIDGETS },
    );
    expect(created.status).toBe(201);
    ({ id: projectId, edit_token: editToken } = created.body.data);

    // Counts every body validation of the revision the project is on (its questionnaire's current).
    const revision = server.app
      .get<DefinitionRevisions>(DEFINITION_REVISIONS)
      .currentOf(FIXTURE_WIDGETS)!;
    const validators = revision.validator;
    const counting = ((name: string) => {
      const validate = validators(name);
      return (data: unknown) => {
        validated += 1;
        return validate(data);
      };
    }) as Validators;
    Object.defineProperty(revision, 'validator', { get: () => counting });
    fields = patternFields(revision.definition);
  });
  afterAll(() => server?.close());

  /** The requests a body with `value` in `field` reaches on `project` (an item made where needed). */
  async function writes(
    { step, kind, field }: PatternField,
    project: string,
    value: unknown,
    item?: Item,
  ) {
    const base = { ...example(step), [field]: value };
    if (kind === 'form')
      return [
        { method: 'PATCH', path: `/projects/${project}/${step}`, body: { ...base, version: 0 } },
      ];
    const id = item?.id ?? randomUUID();
    return [
      { method: 'POST', path: `/projects/${project}/${step}`, body: base },
      {
        method: 'PATCH',
        path: `/projects/${project}/${step}/${id}`,
        body: { ...base, version: item?.version ?? 1 },
      },
    ];
  }

  /** Sends each request while `/healthz` is polled; each answer and every health check is quick. */
  async function sendTimed(
    client: HttpClient,
    requests: { method: string; path: string; body: Json }[],
  ): Promise<(TestResponse<Body> & { name: string })[]> {
    const stop = pollHealth(server.url);
    const responses = [];
    try {
      for (const { method, path, body } of requests) {
        const start = performance.now();
        const response = await client.api<Body>(method, path, body);
        const ms = performance.now() - start;
        expect(ms, `${method} ${path}`).toBeLessThan(ANSWER_WITHIN_MS);
        responses.push({ ...response, name: `${method} ${path}` });
      }
    } finally {
      const { slowest, answers } = await stop();
      expect(answers).toBeGreaterThan(0);
      expect(slowest).toBeLessThan(HEALTH_WITHIN_MS);
    }
    return responses;
  }

  it('finds the pattern-bearing fields the API accepts (the rivals’ website at least)', () => {
    expect(fields.map(({ step, field }) => `${step}.${field}`)).toContain('rivals.url');
  });

  it('answers callers without access with 401/404 before any validation, the server staying responsive', async () => {
    const anonymous = new HttpClient(server.url);
    const bogus = new HttpClient(server.url);
    bogus.editToken = 'bogus';
    const stranger = (await verifiedAccount(server, 'Agentur Fremd')).client;
    const unknownProject = randomUUID();
    validations();
    for (const target of fields) {
      for (const [client, project, status] of [
        [bogus, unknownProject, 404],
        [bogus, projectId, 404],
        [stranger, projectId, 404],
        [anonymous, projectId, 401],
      ] as const) {
        const responses = await sendTimed(client, await writes(target, project, PATHOLOGICAL));
        for (const response of responses) {
          expect(response.status, response.name).toBe(status);
          expect(response.body.message, response.name).toMatch(/\S/);
          expect(response.body.errors, response.name).toBeUndefined();
        }
      }
    }
    expect(validations()).toBe(0);
  });

  it('answers the owner and the share link with 422 and the German maxLength message, quickly', async () => {
    const customer = new HttpClient(server.url);
    customer.editToken = editToken;
    for (const target of fields) {
      for (const client of [owner, customer]) {
        let item: Item | undefined;
        if (target.kind === 'list') {
          const created = await client.api<Body<Item>>(
            'POST',
            `/projects/${projectId}/${target.step}`,
            example(target.step),
          );
          expect(created.status).toBe(201);
          // One valid save first: the autosave's one-statement way is then open to this caller.
          const saved = await client.api<Body<Item>>(
            'PATCH',
            `/projects/${projectId}/${target.step}/${created.body.data.id}`,
            { ...example(target.step), version: created.body.data.version },
          );
          expect(saved.status).toBe(200);
          item = saved.body.data;
        }
        validations();
        const responses = await sendTimed(
          client,
          await writes(target, projectId, PATHOLOGICAL, item),
        );
        for (const response of responses) {
          expect(response.status, response.name).toBe(422);
          expect(response.body.errors, response.name).toEqual({
            [target.field]: [target.message],
          });
          expect(response.body.message).toMatch(/\S/);
        }
        expect(validations()).toBeGreaterThanOrEqual(responses.length);
      }
    }
  });

  it('still answers /healthz at once while pathological bodies arrive together', async () => {
    const bogus = new HttpClient(server.url);
    bogus.editToken = 'bogus';
    const sent: Promise<TestResponse<Body>>[] = [];
    const stop = pollHealth(server.url);
    const start = performance.now();
    for (const target of fields) {
      for (const { method, path, body } of await writes(target, randomUUID(), PATHOLOGICAL))
        sent.push(bogus.api<Body>(method, path, body));
      for (const { method, path, body } of await writes(target, projectId, PATHOLOGICAL))
        if (method === 'POST' || target.kind === 'form')
          sent.push(owner.api<Body>(method, path, body));
    }
    const statuses = (await Promise.all(sent)).map((response) => response.status);
    const elapsed = performance.now() - start;
    const { slowest } = await stop();
    expect(new Set(statuses)).toEqual(new Set([404, 422]));
    expect(elapsed).toBeLessThan(ANSWER_WITHIN_MS);
    expect(slowest).toBeLessThan(HEALTH_WITHIN_MS);
  });
});
