import { randomBytes } from 'node:crypto';
import { RequestContext } from '@mikro-orm/postgresql';
import { createValidator, type Definition } from '@fragewerk/engine/core';
import { loadDefinitionFromDisk } from '@fragewerk/engine/core/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/common/api-error.ts';
import { DefinitionRevisions } from '../src/definition/definition-revisions.ts';
import { ProjectAccessService, type Caller } from '../src/projects/project-access.service.ts';
import { ProjectSchema } from '../src/projects/project.entity.ts';
import { QuestionnaireService } from '../src/questionnaire/questionnaire.service.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { example } from './fixtures.ts';
import { DATABASES } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/*
 * The questionnaire service called directly, with no HTTP server and no Express request: the
 * caller is resolved into a `ProjectAccess` first, and that is all the service gets.
 */
describe.each(DATABASES)('questionnaire service without HTTP (%s database)', (database) => {
  let db: TestDatabase;
  let definition: Definition;
  let access: ProjectAccessService;
  let questionnaire: QuestionnaireService;

  /** Runs `work` in a unit of work of its own, as the server does per request. */
  const inRequest = <T>(work: () => Promise<T>): Promise<T> =>
    RequestContext.create(db.orm.em, work);

  const updatedAt = async (projectId: string): Promise<Date> => {
    const [row] = await db.orm.em.execute<{ updated_at: Date }[]>(
      'select updated_at from project where id = ?',
      [projectId],
    );
    return new Date(row!.updated_at);
  };

  /** A verified owner with a project; returns the project id and its share token. */
  async function newProject(options: { approved?: boolean } = {}) {
    const em = db.orm.em.fork();
    const owner = em.create(UserSchema, {
      company: 'Agentur Test',
      email: `owner-${randomBytes(4).toString('hex')}@example.com`,
      password_hash: 'not-a-real-hash',
      verified_at: new Date(),
    });
    const project = em.create(ProjectSchema, {
      owner,
      customer_firm: 'Tischlerei Berger',
      project_name: 'Relaunch',
      edit_token: randomBytes(32).toString('base64url'),
      definition_version: definition.version,
      is_approved: options.approved ?? false,
      // An old date, so that a write's "last edited" date is visibly later.
      updated_at: new Date('2020-01-01T00:00:00Z'),
    });
    await em.flush();
    return { projectId: project.id, token: project.edit_token };
  }

  const customer = (token: string): Caller => ({ user: undefined, editToken: token });

  /** The German API error a service call fails with. */
  const failure = async (call: Promise<unknown>): Promise<ApiError> => {
    const error = await call.then(
      () => undefined,
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(ApiError);
    return error as ApiError;
  };

  beforeAll(async () => {
    db = await openTestDatabase(database);
    definition = await loadDefinitionFromDisk();
    access = new ProjectAccessService(db.orm);
    const revisions = await DefinitionRevisions.start(db.orm, definition, {
      validator: createValidator(definition),
      checksModule: '',
    });
    questionnaire = new QuestionnaireService(db.orm, revisions);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('adds an entry for a share-token holder and keeps the project’s last-edited date', async () => {
    const { projectId, token } = await newProject();
    const before = await updatedAt(projectId);
    const stakeholders = questionnaire.step('stakeholders', 'list');

    const item = await inRequest(async () =>
      questionnaire.addItem(
        await access.resolve(customer(token), projectId, 'answer'),
        stakeholders,
        example('stakeholders'),
      ),
    );

    expect(item).toEqual({ id: expect.any(String), version: 1, ...example('stakeholders') });
    expect((await updatedAt(projectId)).getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses a stale version with 409 and the current entry, and changes nothing', async () => {
    const { projectId, token } = await newProject();
    const stakeholders = questionnaire.step('stakeholders', 'list');
    const projectAccess = await inRequest(() =>
      access.resolve(customer(token), projectId, 'answer'),
    );
    const item = await inRequest(() =>
      questionnaire.addItem(projectAccess, stakeholders, example('stakeholders')),
    );
    const saved = await inRequest(() =>
      questionnaire.updateItem(projectAccess, stakeholders, item.id, {
        ...example('stakeholders'),
        expectations: 'Erste Änderung',
        version: 1,
      }),
    );
    expect(saved.version).toBe(2);
    const lastEdited = await updatedAt(projectId);

    const error = await failure(
      inRequest(() =>
        questionnaire.updateItem(projectAccess, stakeholders, item.id, {
          ...example('stakeholders'),
          expectations: 'Zweite Änderung',
          version: 1,
        }),
      ),
    );
    expect(error.getStatus()).toBe(409);
    expect(error.getResponse()).toMatchObject({
      data: { version: 2, expectations: 'Erste Änderung' },
    });
    expect(await updatedAt(projectId)).toEqual(lastEdited);
  });

  it('gives a share-token holder no access to answer an approved project', async () => {
    const { projectId, token } = await newProject({ approved: true });
    const denied = await failure(
      inRequest(() => access.resolve(customer(token), projectId, 'answer')),
    );
    expect(denied.getStatus()).toBe(403);
    const read = await inRequest(() => access.resolve(customer(token), projectId, 'read'));
    expect(read.role).toBe('token');
  });

  it('saves a form step once at version 0; a second first save is a 409', async () => {
    const { projectId, token } = await newProject();
    const personality = questionnaire.step('brandpersonality', 'form');
    const projectAccess = await inRequest(() =>
      access.resolve(customer(token), projectId, 'answer'),
    );
    const body = { ...example('brandpersonality'), version: 0 };

    const first = await inRequest(() => questionnaire.saveForm(projectAccess, personality, body));
    expect(first).toMatchObject({ version: 1 });
    const second = await failure(
      inRequest(() => questionnaire.saveForm(projectAccess, personality, body)),
    );
    expect(second.getStatus()).toBe(409);
  });
});
