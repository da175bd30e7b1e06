import { randomBytes } from 'node:crypto';
import { RequestContext } from '@mikro-orm/postgresql';
import { createValidator, type Definition } from '@fragewerk/engine/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../src/common/api-error.ts';
import { DefinitionRevisions } from '../src/definition/definition-revisions.ts';
import { ProjectAccessService, type Caller } from '../src/projects/project-access.service.ts';
import { ProjectSchema } from '../src/projects/project.entity.ts';
import { QuestionnaireService } from '../src/questionnaire/questionnaire.service.ts';
import { AgencySchema } from '../src/agency/agency.entity.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { FIXTURE_BRIEF, loadFixtureQuestionnaire } from '../../tests/src/fixture-catalogue.ts';
import { example } from './fixtures.ts';
import { DATABASES } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

/*
 * The questionnaire service called directly, with no HTTP server and no Express request: the
 * caller is resolved into a `ProjectAccess` first, and that is all the service gets. On
 * fixture-brief (fixture catalogue): its list `ideas` and its form `frame`.
 */
describe.each(DATABASES)('questionnaire service without HTTP (%s database)', (database) => {
  let db: TestDatabase;
  let definition: Definition;
  let access: ProjectAccessService;
  let questionnaire: QuestionnaireService;
  let revisions: DefinitionRevisions;

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
  async function newProject(
    options: { approved?: boolean; archived?: boolean; onCurrentRevision?: boolean } = {},
  ) {
    const em = db.orm.em.fork();
    const agency = em.create(AgencySchema, { name: 'Agentur Test' });
    const owner = em.create(UserSchema, {
      agency,
      company: 'Agentur Test',
      email: `owner-${randomBytes(4).toString('hex')}@example.com`,
      password_hash: 'not-a-real-hash',
      verified_at: new Date(),
    });
    const project = em.create(ProjectSchema, {
      agency,
      responsible: owner,
      customer_firm: 'Tischlerei Berger',
      project_name: 'Relaunch',
      questionnaire: FIXTURE_BRIEF,
      edit_token: randomBytes(32).toString('base64url'),
      definition_version: definition.version,
      is_approved: options.approved ?? false,
      is_archived: options.archived ?? false,
      // An old date, so that a write's "last edited" date is visibly later.
      updated_at: new Date('2020-01-01T00:00:00Z'),
    });
    await em.flush();
    if (options.onCurrentRevision) {
      await em.execute('update project set definition_revision_id = ? where id = ?', [
        revisions.current.ref.id,
        project.id,
      ]);
    }
    return { projectId: project.id, token: project.edit_token, owner };
  }

  /** The statements `work` sends, and what it returned. */
  async function statementsOf<T>(work: () => Promise<T>) {
    const seen: string[] = [];
    db.orm.config.set('onQuery', (sql: string) => {
      seen.push(sql.replace(/\s+/g, ' '));
      return sql;
    });
    try {
      return { result: await inRequest(work), seen };
    } finally {
      db.orm.config.set('onQuery', (sql: string) => sql);
    }
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
    definition = await loadFixtureQuestionnaire(FIXTURE_BRIEF);
    access = new ProjectAccessService(db.orm);
    revisions = await DefinitionRevisions.start(
      db.orm,
      [
        {
          definition,
          retired: false,
          ready: { validator: createValidator(definition), checksModule: '' },
        },
      ],
      FIXTURE_BRIEF,
    );
    questionnaire = new QuestionnaireService(db.orm, revisions, access);
  });
  afterAll(async () => {
    await db?.close();
  });

  it('adds an entry for a share-token holder and keeps the project’s last-edited date', async () => {
    const { projectId, token } = await newProject();
    const before = await updatedAt(projectId);
    const ideas = questionnaire.step('ideas', 'list');

    const item = await inRequest(async () =>
      questionnaire.addItem(
        await access.resolve(customer(token), projectId, 'answer'),
        ideas,
        example('ideas'),
      ),
    );

    expect(item).toEqual({ id: expect.any(String), version: 1, ...example('ideas') });
    expect((await updatedAt(projectId)).getTime()).toBeGreaterThan(before.getTime());
  });

  it('refuses a stale version with 409 and the current entry, and changes nothing', async () => {
    const { projectId, token } = await newProject();
    const ideas = questionnaire.step('ideas', 'list');
    const projectAccess = await inRequest(() =>
      access.resolve(customer(token), projectId, 'answer'),
    );
    const item = await inRequest(() =>
      questionnaire.addItem(projectAccess, ideas, example('ideas')),
    );
    const saved = await inRequest(() =>
      questionnaire.updateItem(projectAccess, ideas, item.id, {
        ...example('ideas'),
        details: 'Erste Änderung',
        version: 1,
      }),
    );
    expect(saved.version).toBe(2);
    const lastEdited = await updatedAt(projectId);

    const error = await failure(
      inRequest(() =>
        questionnaire.updateItem(projectAccess, ideas, item.id, {
          ...example('ideas'),
          details: 'Zweite Änderung',
          version: 1,
        }),
      ),
    );
    expect(error.getStatus()).toBe(409);
    expect(error.getResponse()).toMatchObject({
      data: { version: 2, details: 'Erste Änderung' },
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
    const frame = questionnaire.step('frame', 'form');
    const projectAccess = await inRequest(() =>
      access.resolve(customer(token), projectId, 'answer'),
    );
    const body = { ...example('frame'), version: 0 };

    const first = await inRequest(() => questionnaire.saveForm(projectAccess, frame, body));
    expect(first).toMatchObject({ version: 1 });
    const second = await failure(
      inRequest(() => questionnaire.saveForm(projectAccess, frame, body)),
    );
    expect(second.getStatus()).toBe(409);
  });

  describe('autosaves that check access in their write', () => {
    const frame = () => questionnaire.step('frame', 'form');
    const body = (version: number, extra: object = {}) => ({
      ...example('frame'),
      ...extra,
      version,
    });
    const claimOf = (projectId: string, caller: Caller) => ({ caller, projectId });
    /** The error an autosave of `caller` with `sent` fails with. */
    const refusal = (projectId: string, caller: Caller, sent: object) =>
      failure(
        inRequest(() => questionnaire.saveFormFor(claimOf(projectId, caller), frame(), sent)),
      );

    /** A project on the current revision whose form step was saved once (version 1). */
    async function savedOnce(options: { approved?: boolean; archived?: boolean } = {}) {
      const project = await newProject({ onCurrentRevision: true });
      await inRequest(() =>
        questionnaire.saveFormFor(
          claimOf(project.projectId, customer(project.token)),
          frame(),
          body(0),
        ),
      );
      if (options.approved || options.archived) {
        await db.orm.em.execute(
          'update project set is_approved = ?, is_archived = ? where id = ?',
          [options.approved ?? false, options.archived ?? false, project.projectId],
        );
      }
      return project;
    }

    const storedVersion = async (projectId: string) => {
      const [row] = await db.orm.em.execute<{ version: number }[]>(
        'select version from answer where project_id = ? and step_key = ?',
        [projectId, 'frame'],
      );
      return row!.version;
    };

    it('saves a share-link autosave in one statement and keeps the last-edited date', async () => {
      const { projectId, token } = await savedOnce();
      const before = await updatedAt(projectId);
      const { result, seen } = await statementsOf(() =>
        questionnaire.saveFormFor(claimOf(projectId, customer(token)), frame(), body(1)),
      );
      expect(result).toMatchObject({ version: 2, ...example('frame') });
      expect(seen, seen.join('\n')).toHaveLength(1);
      expect(seen[0]).toMatch(/update answer .* from project p/);
      expect((await updatedAt(projectId)).getTime()).toBeGreaterThan(before.getTime());
    });

    it('saves an entry of the verified owner in one statement', async () => {
      const { projectId, token, owner } = await newProject({ onCurrentRevision: true });
      const ideas = questionnaire.step('ideas', 'list');
      const item = await inRequest(async () =>
        questionnaire.addItem(
          await access.resolve(customer(token), projectId, 'answer'),
          ideas,
          example('ideas'),
        ),
      );
      const ownerClaim = claimOf(projectId, { user: owner, editToken: undefined });
      // The owner's first save establishes their access (the long way); the autosaves that follow
      // while they type take one statement each.
      await inRequest(() =>
        questionnaire.updateItemFor(ownerClaim, ideas, item.id, {
          ...example('ideas'),
          details: 'Zuerst',
          version: 1,
        }),
      );
      const { result, seen } = await statementsOf(() =>
        questionnaire.updateItemFor(ownerClaim, ideas, item.id, {
          ...example('ideas'),
          details: 'Geändert',
          version: 2,
        }),
      );
      expect(result).toMatchObject({ id: item.id, version: 3, details: 'Geändert' });
      expect(seen).toHaveLength(1);
    });

    it.each([
      [
        'an approved project through the share link',
        { approved: true },
        'token',
        403,
        'freigegeben',
      ],
      ['an archived project', { archived: true }, 'token', 403, 'archiviert'],
      ['a wrong share token', {}, 'wrong', 404, 'nicht gefunden'],
      ['no credentials', {}, 'none', 401, ''],
    ] as const)(
      'refuses %s as the access check does, and writes nothing',
      async (_, state, who, status, message) => {
        const { projectId, token } = await savedOnce(state);
        const caller: Caller =
          who === 'token'
            ? customer(token)
            : who === 'wrong'
              ? customer(`${token}x`)
              : { user: undefined, editToken: undefined };
        const error = await refusal(projectId, caller, body(1));
        expect(error.getStatus()).toBe(status);
        expect(JSON.stringify(error.getResponse())).toContain(message);
        expect(await storedVersion(projectId)).toBe(1);
      },
    );

    it('lets the verified owner save an approved project, as the access check does', async () => {
      const { projectId, owner } = await savedOnce({ approved: true });
      const saved = await inRequest(() =>
        questionnaire.saveFormFor(
          claimOf(projectId, { user: owner, editToken: undefined }),
          frame(),
          body(1),
        ),
      );
      expect(saved).toMatchObject({ version: 2 });
    });

    it('refuses an owner who is not verified with 403, also when the write could go', async () => {
      const { projectId, owner } = await savedOnce();
      const unverified = Object.assign(
        Object.create(Object.getPrototypeOf(owner) as object),
        owner,
        {
          verified_at: null,
        },
      ) as typeof owner;
      const error = await refusal(projectId, { user: unverified, editToken: undefined }, body(1));
      expect(error.getStatus()).toBe(403);
      expect(await storedVersion(projectId)).toBe(1);
    });

    it('answers a stale version with 409 and the current answers', async () => {
      const { projectId, token } = await savedOnce();
      const claim = claimOf(projectId, customer(token));
      await inRequest(() => questionnaire.saveFormFor(claim, frame(), body(1)));
      const error = await refusal(projectId, customer(token), body(1));
      expect(error.getStatus()).toBe(409);
      expect(error.getResponse()).toMatchObject({ data: { version: 2 } });
    });

    it('gives an invalid body its messages only once the caller may answer', async () => {
      const { projectId, token } = await savedOnce();
      const invalidBody = { ...body(1), character_traits: 'kein Array' };
      const stranger = await refusal(projectId, customer(`${token}x`), invalidBody);
      expect(stranger.getStatus()).toBe(404);
      const holder = await refusal(projectId, customer(token), invalidBody);
      expect(holder.getStatus()).toBe(422);
      expect(await storedVersion(projectId)).toBe(1);
    });

    it('saves a project that is not on the current revision the long way', async () => {
      const { projectId, token } = await newProject();
      const claim = claimOf(projectId, customer(token));
      await inRequest(() => questionnaire.saveFormFor(claim, frame(), body(0)));
      const { result, seen } = await statementsOf(() =>
        questionnaire.saveFormFor(claim, frame(), body(1)),
      );
      expect(result).toMatchObject({ version: 2 });
      expect(seen.length).toBeGreaterThan(1);
    });
  });
});
