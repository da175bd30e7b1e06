import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { createAjv } from '@fragewerk/engine/core';
import { schemasDir } from '@fragewerk/schemas';
import type {
  FormAnswersJson,
  ItemJson,
  ProjectJson,
  ProjectQuestionJson,
  ProjectSummaryJson,
  ResultsJson,
  UserJson,
} from '@fragewerk/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifiedAccount } from './accounts.ts';
import { example, FORM_STEPS, LIST_STEPS, TEXT_FIELD } from './fixtures.ts';
import { HttpClient, type TestResponse } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/**
 * The contract between API and web app: every success body the app reads is checked against the
 * response schemas of `schemas/api/`, from which both sides' TypeScript types are generated.
 */
const ajv = createAjv();
ajv.addFormat('uuid', /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/);
const API_SCHEMAS = path.join(schemasDir, 'api');
for (const file of readdirSync(API_SCHEMAS).filter((name) => name.endsWith('.schema.json'))) {
  // The file name is the schema's id, so that `$ref`s between the files resolve as on disk.
  ajv.addSchema(JSON.parse(readFileSync(path.join(API_SCHEMAS, file), 'utf8')) as object, file);
}
// project.schema.json extends the summary, so the summary leaves further fields open; the list
// sends exactly its fields.
const listEntry = ajv.compile({
  $ref: 'project-summary.schema.json',
  unevaluatedProperties: false,
});

/** Fails with Ajv's own report, which names the field that broke the contract. */
function expectMatches(schema: string, data: unknown) {
  const validate = schema === 'list entry' ? listEntry : ajv.getSchema(`${schema}.schema.json`)!;
  const valid = validate(data);
  expect(validate.errors ?? [], `${schema}: ${JSON.stringify(data).slice(0, 300)}`).toEqual([]);
  expect(valid).toBe(true);
}

/** The `data` of a success, after checking the status. */
function dataOf<T>(response: TestResponse<unknown>, status = 200): T {
  expect(response.status, JSON.stringify(response.body).slice(0, 300)).toBe(status);
  return (response.body as { data: T }).data;
}

/** The `data` of a 409: the current state the client offers to reload. */
function conflictOf<T>(response: TestResponse<unknown>): T {
  return dataOf<T>(response, 409);
}

describe.each(DATABASES)('API responses match schemas/api/ (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let userId: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const account = await verifiedAccount(server, 'Agentur Vertrag');
    owner = account.client;
    userId = account.user.id;
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the user: current, after a change, and null without a login', async () => {
    expectMatches('user', dataOf<UserJson>(await owner.api('GET', '/user/current')));
    const changed = dataOf<UserJson>(
      await owner.api('PATCH', `/user/${userId}`, { contact_name: 'Eva Berger' }),
    );
    expectMatches('user', changed);
    expect(changed.contact_name).toBe('Eva Berger');
    expect(dataOf(await new HttpClient(server.url).api('GET', '/user/current'))).toBeNull();
  });

  it('customer contacts: the list, a new one and an invitation', async () => {
    const project = dataOf<ProjectJson>(
      await owner.api('POST', '/projects/create', {
        project_name: 'Kontakte',
        customer_firm: 'Muster GmbH',
      }),
      201,
    );
    const added = dataOf<unknown>(
      await owner.api('POST', `/projects/${project.id}/customer-contacts`, {
        name: 'Eva Muster',
        email: 'eva@muster.de',
      }),
      201,
    );
    expectMatches('customer-contact', added);
    const invited = dataOf<unknown>(
      await owner.api('POST', `/projects/${project.id}/invitations`, {
        name: 'Paul Muster',
        email: 'paul@muster.de',
      }),
      201,
    );
    expectMatches('customer-contact', invited);
    const list = dataOf<unknown[]>(
      await owner.api('GET', `/projects/${project.id}/customer-contacts`),
    );
    expect(list).toHaveLength(2);
    list.forEach((entry) => expectMatches('customer-contact', entry));
  });

  it('Rückfragen: asked, replied to by both sides, resolved, listed', async () => {
    const project = dataOf<ProjectJson>(
      await owner.api('POST', '/projects/create', {
        project_name: 'Rückfragen',
        customer_firm: 'Muster GmbH',
      }),
      201,
    );
    const questions = `/projects/${project.id}/questions`;
    const asked = dataOf<ProjectQuestionJson>(
      await owner.api('POST', questions, { step: FORM_STEPS[0], text: 'Wie genau?' }),
      201,
    );
    expectMatches('project-question', asked);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const replies = `${questions}/${asked.id}/replies`;
    expectMatches(
      'project-question',
      dataOf(await customer.api('POST', replies, { text: 'So.' }), 201),
    );
    expectMatches(
      'project-question',
      dataOf(await owner.api('POST', replies, { text: 'Danke' }), 201),
    );
    const resolved = dataOf<ProjectQuestionJson>(
      await owner.api('PATCH', `${questions}/${asked.id}`, { resolved: true }),
    );
    expectMatches('project-question', resolved);
    expect(resolved.replies).toHaveLength(2);
    for (const client of [owner, customer]) {
      const list = dataOf<unknown[]>(await client.api('GET', questions));
      expect(list).toHaveLength(1);
      list.forEach((entry) => expectMatches('project-question', entry));
    }
  });

  it('the catalogue: every offered questionnaire', async () => {
    const offered = dataOf<unknown[]>(await owner.api('GET', '/questionnaires'));
    expect(offered.length).toBeGreaterThan(1);
    offered.forEach((entry) => expectMatches('offered-questionnaire', entry));
  });

  it('projects, entries and form answers through every write, conflicts included', async () => {
    const created = dataOf<ProjectJson>(
      await owner.api('POST', '/projects/create', {
        project_name: 'Vertragstest',
        customer_firm: 'Muster GmbH',
      }),
      201,
    );
    expectMatches('project', created);
    const id = created.id;

    for (const kind of LIST_STEPS) {
      const item = dataOf<ItemJson>(
        await owner.api('POST', `/projects/${id}/${kind}`, example(kind)),
        201,
      );
      expectMatches('item', item);
      const changed = { ...example(kind), [TEXT_FIELD[kind]!]: 'Geändert', version: item.version };
      const updated = dataOf<ItemJson>(
        await owner.api('PATCH', `/projects/${id}/${kind}/${item.id}`, changed),
      );
      expectMatches('item', updated);
      expectMatches(
        'item',
        conflictOf<ItemJson>(
          await owner.api('PATCH', `/projects/${id}/${kind}/${item.id}`, changed),
        ),
      );
      const order = dataOf<ItemJson[]>(
        await owner.api('PUT', `/projects/${id}/${kind}/order`, { order: [item.id] }),
      );
      expect(order).toHaveLength(1);
      order.forEach((entry) => expectMatches('item', entry));
    }
    for (const kind of FORM_STEPS) {
      const saved = dataOf<FormAnswersJson>(
        await owner.api('PATCH', `/projects/${id}/${kind}`, { ...example(kind), version: 0 }),
      );
      expectMatches('form-answers', saved);
      expectMatches(
        'form-answers',
        conflictOf<FormAnswersJson>(
          await owner.api('PATCH', `/projects/${id}/${kind}`, { ...example(kind), version: 0 }),
        ),
      );
    }

    const project = dataOf<ProjectJson>(await owner.api('GET', `/projects/${id}`));
    expectMatches('project', project);
    for (const kind of [...LIST_STEPS, ...FORM_STEPS]) expect(project).toHaveProperty(kind);
    // Not vacuous: a step's answers that are neither entries nor form answers break the contract.
    expect(ajv.getSchema('project.schema.json')!({ ...project, [LIST_STEPS[0]!]: 'Text' })).toBe(
      false,
    );

    const results = dataOf<ResultsJson>(await owner.api('GET', `/projects/${id}/results`));
    expectMatches('results', results);
    expect(Object.keys(results.steps).sort()).toEqual([...LIST_STEPS, ...FORM_STEPS].sort());

    const settings = { project_name: 'Vertragstest 2', version: project.version };
    const patched = dataOf<ProjectJson>(await owner.api('PATCH', `/projects/${id}`, settings));
    expectMatches('project', patched);
    expectMatches(
      'project',
      conflictOf<ProjectJson>(await owner.api('PATCH', `/projects/${id}`, settings)),
    );
    const withNewToken = dataOf<ProjectJson>(await owner.api('PUT', `/projects/${id}/edit-token`));
    expectMatches('project', withNewToken);

    const customer = new HttpClient(server.url);
    customer.editToken = withNewToken.edit_token;
    const shared = dataOf<ProjectJson>(await customer.api('GET', `/projects/${id}`));
    expectMatches('project', shared);
    expect(shared).not.toHaveProperty('edit_token');
    const approved = dataOf<ProjectJson>(await customer.api('PUT', `/projects/${id}/approve`));
    expectMatches('project', approved);
    expect(approved.approved_at).not.toBeNull();

    const list = dataOf<ProjectSummaryJson[]>(await owner.api('GET', '/projects'));
    expect(list.map((entry) => entry.id)).toContain(id);
    list.forEach((entry) => expectMatches('list entry', entry));
    expect(listEntry(project)).toBe(false);
  });
});
