/**
 * The API benchmark's baseline: a minimal node:http + pg server doing the same queries as the
 * API for the two measured routes, on the same database, with the same JSON builder.
 * - GET /api/projects/{id}: the project with its owner, its answers, its items → projectJson
 *   (with the progress, judged by the compiled checks).
 * - GET /api/projects (the dashboard list, warm path): the API's one statement, projects with
 *   their cached progress figure, → the list JSON; 500 when a figure is not cached (the bench warms
 *   the cache through the API first). The account comes in an `x-owner-id` header.
 * - PATCH /api/projects/{id}/{step}: the step's validator, then one `update answer set data,
 *   version = version + 1 where project, step, version` (joined with the project for the share
 *   token) → answerJson; 409 on a stale version.
 * No sessions, no framework, no ORM. Started by api-load.ts as a child process:
 * `node --import tsx tools/bench/baseline-server.ts` with DATABASE_URL and PORT.
 */
import { createServer, type ServerResponse } from 'node:http';
import {
  checkedDocuments,
  compileChecks,
  PROGRESS_RULE,
  validatorFromChecks,
} from '@fragewerk/engine/core';
import {
  catalogueIds,
  catalogueRootFrom,
  loadDefinitionFromDisk,
} from '@fragewerk/engine/core/node';
import pg from 'pg';
import {
  answerJson,
  projectJson,
  REVIEWS_OF_P,
  projectSummaryJson,
  type Answer,
  type Item,
  type ProjectRecord,
} from '@fragewerk/api';
import type { ProjectSummaryJson } from '@fragewerk/schemas/types';

const definition = await loadDefinitionFromDisk();
/** Each questionnaire's title by its id, as the API's summary names a project's questionnaire. */
const titles = new Map(
  await Promise.all(
    (await catalogueIds(catalogueRootFrom(process.env.DEFINITION_DIR))).map(
      async (id) => [id, (await loadDefinitionFromDisk(undefined, id)).title] as const,
    ),
  ),
);
const checks = compileChecks(definition);
const validate = validatorFromChecks(definition, checks);
/** The progress of GET /api/projects/{id} judges stored answers as the API does. */
const isValid = checkedDocuments(checks, 100_000);
/** The API's pool size on a PostgreSQL server (orm-config.ts). */
const pool = new pg.Pool({ connectionString: process.env.DATABASE_URL, max: 10 });

const send = (response: ServerResponse, status: number, body: unknown) => {
  const json = JSON.stringify(body);
  response.writeHead(status, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': Buffer.byteLength(json),
  });
  response.end(json);
};

async function getProject(id: string) {
  const [projects, answers, items] = await Promise.all([
    pool.query(
      `select p.*, a.name as agency_name, a.primary_color, a.impressum_url, a.privacy_url,
              l.hash as logo_hash, u.id as responsible_uid, u.contact_name, u.contact_email,
              (${REVIEWS_OF_P}) as reviews
         from project p join agency a on a.id = p.agency_id
         left join agency_logo l on l.agency_id = a.id
         join app_user u on u.id = p.responsible_id where p.id = $1`,
      [id],
    ),
    // Only the columns the JSON needs, as the API reads them (parsing the rows' timestamps would
    // cost the baseline about a tenth of its time per read).
    pool.query('select step_key, data, version from answer where project_id = $1', [id]),
    pool.query(
      'select step_key, id, data, version from item where project_id = $1 order by step_key, position',
      [id],
    ),
  ]);
  const row = projects.rows[0];
  if (!row) return undefined;
  const project = {
    ...row,
    // The ORM loads the revision pointer as a reference {id}; the plain row has only its column,
    // and without it projectJson falls back to an empty revision id.
    definition_revision: { id: row.definition_revision_id },
    agency: {
      id: row.agency_id,
      name: row.agency_name,
      primary_color: row.primary_color,
      impressum_url: row.impressum_url,
      privacy_url: row.privacy_url,
      logo_hash: row.logo_hash,
    },
    responsible: {
      id: row.responsible_uid,
      contact_name: row.contact_name,
      contact_email: row.contact_email,
    },
  } as unknown as ProjectRecord;
  return projectJson(project, definition, answers.rows as Answer[], items.rows as Item[], {
    includeToken: true,
    isValid,
  });
}

/** A row of the dashboard list's statement, timestamps as ISO text (as the API reads them). */
interface ListRow {
  id: string;
  customer_firm: string;
  project_name: string;
  is_approved: boolean;
  is_archived: boolean;
  is_niceview_enabled: boolean;
  responsible_id: string;
  questionnaire: string;
  version: number;
  created_at: string;
  updated_at: string;
  complete: number | null;
  total: number | null;
  due_date: string | null;
  reviewed: number;
}

/**
 * GET /api/projects, the warm path only: the API's single statement (projectList: projects with
 * their cached figure) and the same JSON. A project without a cached figure is an error here (the
 * API would compute it); the bench warms the cache through the API first.
 */
async function listProjects(ownerId: string): Promise<ProjectSummaryJson[] | undefined> {
  const { rows } = await pool.query<ListRow>(
    `select p.id, p.customer_firm, p.project_name, p.is_approved, p.is_archived,
            p.is_niceview_enabled, p.responsible_id, p.questionnaire, p.version,
            to_json(p.created_at) #>> '{}' as created_at,
            to_json(p.updated_at) #>> '{}' as updated_at, p.definition_revision_id,
            p.due_date::text as due_date, pp.complete, pp.total,
            (select count(*)::int from step_review r
              where r.project_id = p.id and not jsonb_exists(p.hidden_steps, r.step_key)) as reviewed
       from project p
       left join project_progress pp
         on pp.project_id = p.id and pp.project_xmin = p.xmin::text and pp.rule = $1
      where p.agency_id = (select agency_id from app_user where id = $2)
      order by p.created_at desc`,
    [PROGRESS_RULE, ownerId],
  );
  if (rows.some((row) => row.complete === null || row.total === null)) return undefined;
  return rows.map((row) =>
    projectSummaryJson(
      { ...row, created_at: new Date(row.created_at), updated_at: new Date(row.updated_at) },
      { complete: row.complete!, total: row.total!, reviewed: row.reviewed },
      titles.get(row.questionnaire) ?? row.questionnaire,
    ),
  );
}

async function saveForm(id: string, step: string, token: string, body: Record<string, unknown>) {
  const { version, ...answers } = body;
  const result = validate(`step:${step}`)(answers);
  if (!result.valid || typeof version !== 'number') return { status: 422, body: result };
  const updated = await pool.query(
    `update answer a set data = $4, version = a.version + 1, updated_at = now()
       from project p
      where p.id = a.project_id and p.edit_token = $5
        and a.project_id = $1 and a.step_key = $2 and a.version = $3
      returning a.data, a.version`,
    [id, step, version, JSON.stringify(result.value), token],
  );
  const row = updated.rows[0] as Answer | undefined;
  return row ? { status: 200, body: { data: answerJson(row) } } : { status: 409, body: {} };
}

const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    const parts = new URL(request.url ?? '/', 'http://x').pathname.split('/').filter(Boolean);
    const handle = async () => {
      if (request.method === 'GET' && parts.join('/') === 'api/projects') {
        // No sessions: the bench names the account in a header (the API reads it from the session).
        const list = await listProjects(String(request.headers['x-owner-id'] ?? ''));
        return list ? send(response, 200, { data: list }) : send(response, 500, {});
      }
      if (request.method === 'GET' && parts.length === 3 && parts[1] === 'projects') {
        const project = await getProject(parts[2]!);
        return project ? send(response, 200, { data: project }) : send(response, 404, {});
      }
      if (request.method === 'PATCH' && parts.length === 4 && parts[1] === 'projects') {
        const token = String(request.headers['x-edit-token'] ?? '');
        const body = JSON.parse(Buffer.concat(chunks).toString() || '{}') as Record<
          string,
          unknown
        >;
        const result = await saveForm(parts[2]!, parts[3]!, token, body);
        return send(response, result.status, result.body);
      }
      send(response, parts.join('/') === 'api/config/presets' ? 200 : 404, {});
    };
    handle().catch((error: unknown) => send(response, 500, { error: String(error) }));
  });
});
server.listen(Number(process.env.PORT), '127.0.0.1');
process.once('SIGTERM', () => {
  server.close();
  void pool.end().then(() => process.exit(0));
});
