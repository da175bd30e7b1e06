import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sameSecret } from '../src/common/secrets.ts';
import {
  decideProjectAccess,
  memberSql,
  PROJECT_INTENTS,
  projectAccessSql,
  projectRoleOf,
  type AccessCaller,
  type AccessProject,
  type ProjectIntent,
} from '../src/projects/project-access-rule.ts';
import { DATABASES } from './test-server.ts';
import { openTestDatabase, type TestDatabase } from './test-database.ts';

const AGENCY = randomUUID();
const OTHER_AGENCY = randomUUID();
const TOKEN = 'a'.repeat(43);
const OTHER_TOKEN = 'b'.repeat(43);
const FORMER_TOKEN = 'c'.repeat(43);

/**
 * Every kind of caller the product knows (docs/product.md#akteure), as the rule sees them. An
 * owner and a member of the agency look alike to it (only the agency's own routes tell them
 * apart); an invited customer contact opens the share link, so holds the token; a former link
 * is a token the project no longer has.
 */
const CALLERS: Record<string, AccessCaller> = {
  anonymous: {},
  owner: { user: { agencyId: AGENCY, verified: true } },
  member: { user: { agencyId: AGENCY, verified: true } },
  'unverified member': { user: { agencyId: AGENCY, verified: false } },
  'other agency': { user: { agencyId: OTHER_AGENCY, verified: true } },
  'unverified other user': { user: { agencyId: OTHER_AGENCY, verified: false } },
  'share-link holder': { editToken: TOKEN },
  'invited contact': { editToken: TOKEN },
  'former link': { editToken: FORMER_TOKEN },
  "another project's link": { editToken: OTHER_TOKEN },
  'owner with the link': { user: { agencyId: AGENCY, verified: true }, editToken: TOKEN },
  'unverified member with the link': {
    user: { agencyId: AGENCY, verified: false },
    editToken: TOKEN,
  },
  'other agency with the link': {
    user: { agencyId: OTHER_AGENCY, verified: true },
    editToken: TOKEN,
  },
  'unverified other user with the link': {
    user: { agencyId: OTHER_AGENCY, verified: false },
    editToken: TOKEN,
  },
  'other agency with a former link': {
    user: { agencyId: OTHER_AGENCY, verified: true },
    editToken: FORMER_TOKEN,
  },
};

const STATES: Record<string, Pick<AccessProject, 'is_archived' | 'is_approved'>> = {
  open: { is_archived: false, is_approved: false },
  approved: { is_archived: false, is_approved: true },
  archived: { is_archived: true, is_approved: false },
  'approved and archived': { is_archived: true, is_approved: true },
};

const project = (state: string, shared: boolean): AccessProject => ({
  agencyId: AGENCY,
  editToken: TOKEN,
  ...STATES[state]!,
  is_niceview_enabled: shared,
});

/** What the TypeScript side of the rule says: allowed or not. */
function allowedInTypeScript(caller: AccessCaller, row: AccessProject, intent: ProjectIntent) {
  const role = projectRoleOf(caller, row, sameSecret);
  if (role !== 'member' && role !== 'token') return false;
  return decideProjectAccess(role, row, intent) === undefined;
}

const cases = Object.keys(CALLERS).flatMap((caller) =>
  Object.keys(STATES).flatMap((state) =>
    [false, true].flatMap((shared) =>
      PROJECT_INTENTS.map((intent) => ({ caller, state, shared, intent })),
    ),
  ),
);

describe('the project access rule', () => {
  it('refuses and allows as the product describes (spot checks)', () => {
    const open = project('open', false);
    const decide = (caller: string, row: AccessProject, intent: ProjectIntent) => {
      const role = projectRoleOf(CALLERS[caller]!, row);
      return role === 'member' || role === 'token'
        ? (decideProjectAccess(role, row, intent) ?? 'allowed')
        : role;
    };
    expect(decide('owner', project('archived', false), 'manage')).toBe('allowed');
    expect(decide('owner', project('archived', false), 'change')).toBe('archived');
    expect(decide('owner', project('approved', false), 'answer')).toBe('allowed');
    expect(decide('share-link holder', project('approved', false), 'answer')).toBe('approved');
    expect(decide('share-link holder', open, 'manage')).toBe('forbidden');
    expect(decide('share-link holder', open, 'results')).toBe('resultsNotShared');
    expect(decide('share-link holder', project('open', true), 'results')).toBe('allowed');
    expect(decide('unverified member with the link', open, 'read')).toBe('unverified');
    expect(decide('other agency', open, 'read')).toBeUndefined();
    expect(decide('former link', open, 'read')).toBeUndefined();
  });
});

/**
 * The SQL the writes embed (`projectAccessSql`) and the TypeScript decision (`decideProjectAccess`
 * on `projectRoleOf`) agree on every combination of caller, project state, shared results and
 * intent, evaluated by PostgreSQL itself.
 */
describe.each(DATABASES)('the rule in SQL and in TypeScript (%s database)', (database) => {
  let test: TestDatabase;

  beforeAll(async () => {
    test = await openTestDatabase(database);
  });
  afterAll(() => test?.close());

  it(`agree on all ${cases.length} combinations`, async () => {
    expect(cases.length).toBeGreaterThanOrEqual(700);
    const disagreements: string[] = [];
    let allowed = 0;
    for (const { caller, state, shared, intent } of cases) {
      const row = project(state, shared);
      const condition = projectAccessSql(CALLERS[caller]!, intent);
      const [{ ok }] = await test.orm.em.fork().execute<[{ ok: boolean }]>(
        `select exists (
           select 1 from (select ?::uuid as agency_id, ?::text as edit_token,
                                 ?::boolean as is_archived, ?::boolean as is_approved,
                                 ?::boolean as is_niceview_enabled) p
            where ${condition.sql}) as ok`,
        [
          row.agencyId,
          row.editToken,
          row.is_archived,
          row.is_approved,
          row.is_niceview_enabled,
          ...condition.params,
        ],
      );
      const expected = allowedInTypeScript(CALLERS[caller]!, row, intent);
      if (expected) allowed += 1;
      if (ok !== expected)
        disagreements.push(`${caller} / ${state} / shared ${shared} / ${intent}: SQL ${ok}`);
    }
    expect(disagreements).toEqual([]);
    // Both outcomes occur: the comparison is not between two constant answers.
    expect(allowed).toBeGreaterThan(50);
    expect(allowed).toBeLessThan(cases.length - 50);
  });

  it('names the columns of the real project table', async () => {
    for (const caller of Object.values(CALLERS)) {
      for (const intent of PROJECT_INTENTS) {
        const condition = projectAccessSql(caller, intent);
        const member = memberSql(caller, 'p');
        await test.orm.em
          .fork()
          .execute(
            `select 1 from project p where ${condition.sql} and (${member.sql} or true) limit 0`,
            [...condition.params, ...member.params],
          );
      }
    }
  });
});
