import { randomUUID } from 'node:crypto';
import type { EntityManager } from '@mikro-orm/postgresql';
import { executePrepared } from '../common/prepared-statement.ts';
import { saveLog, type SaveLog } from './activity.repository.ts';
import type { ProjectCondition } from './project-access.service.ts';
import type { AnswerRow, ItemRow } from './project-json.ts';

// All SQL of a project's answers (`answer`, one row per form step) and entries (`item`, the rows
// of the list steps). Plain SQL rows, not entities: the project read and the saves are the
// busiest paths of the API. Every write also keeps the project's "last edited" date, in the
// same statement or, where a lock comes first, in the same transaction.

/** Keeps the project's "last edited" date; the project id is its last parameter. */
const TOUCH_PROJECT = 'update project set updated_at = now() where id = ?';

/**
 * A write that returns the rows it wrote, with the project's "last edited" date kept in the same
 * statement when it wrote any, and – given a `log` – the line of the project's history and the
 * end of a „geprüft“ mark that the save means (`saveLog`). Parameters: those of `write`, then the
 * project id, then the log's.
 */
function savedAndTouched(
  write: string,
  writeParams: unknown[],
  projectId: string,
  log?: { sql: string; params: unknown[] },
): { sql: string; params: unknown[] } {
  return {
    sql: `with saved as (${write}),
        touched as (${TOUCH_PROJECT} and exists (select 1 from saved))${log ? `,${log.sql}` : ''}
   select * from saved`,
    params: [...writeParams, projectId, ...(log?.params ?? [])],
  };
}

const ITEM_COLUMNS = 'id, step_key, data, version';
const ANSWER_COLUMNS = 'step_key, data, version';

/** Which entry: its id, its project and its step. */
export interface ItemKey {
  id: string;
  projectId: string;
  stepKey: string;
}

/** A project's stored documents: its form answers and its entries (by step, in list order). */
export interface ProjectDocuments {
  answers: AnswerRow[];
  items: ItemRow[];
}

/**
 * Every form answer and every entry of a project, in one statement (the project read is the
 * busiest request): an answer row has no `id`.
 */
export async function projectDocuments(
  em: EntityManager,
  projectId: string,
): Promise<ProjectDocuments> {
  const rows = await executePrepared<ItemRow & { id: string | null }>(
    em,
    `select step_key, null::uuid as id, data, version, -1 as position
       from answer where project_id = ?
     union all
     select step_key, id, data, version, position from item where project_id = ?
     order by step_key, position`,
    [projectId, projectId],
  );
  // The rows themselves, not copies: a demo project has ~170 of them per read.
  const documents: ProjectDocuments = { answers: [], items: [] };
  for (const row of rows) {
    if (row.id === null) documents.answers.push(row);
    else documents.items.push(row as ItemRow);
  }
  return documents;
}

/** The entries of one list step, in list order. */
export function stepItemRows(
  em: EntityManager,
  projectId: string,
  stepKey: string,
): Promise<ItemRow[]> {
  return em.execute<ItemRow[]>(
    `select ${ITEM_COLUMNS} from item where project_id = ? and step_key = ? order by position`,
    [projectId, stepKey],
  );
}

/** One entry as stored now, or undefined. */
export async function findItem(
  em: EntityManager,
  { id, projectId, stepKey }: ItemKey,
): Promise<ItemRow | undefined> {
  const [row] = await em.execute<ItemRow[]>(
    `select ${ITEM_COLUMNS} from item where id = ? and project_id = ? and step_key = ?`,
    [id, projectId, stepKey],
  );
  return row;
}

/** A form step's answers as stored now, or undefined when they were never saved. */
export async function findAnswer(
  em: EntityManager,
  projectId: string,
  stepKey: string,
): Promise<AnswerRow | undefined> {
  const [row] = await em.execute<AnswerRow[]>(
    `select ${ANSWER_COLUMNS} from answer where project_id = ? and step_key = ?`,
    [projectId, stepKey],
  );
  return row;
}

/**
 * Locks the project row until the transaction of `em` ends. Everything that hands out or changes
 * positions takes it first: without it, parallel adds would read the same highest position and
 * share the next one.
 */
export async function lockPositions(em: EntityManager, projectId: string): Promise<void> {
  await em.execute('select id from project where id = ? for update', [projectId]);
}

/** Appends an entry to its list; run it after `lockPositions`, in the same transaction. */
export async function insertItem(
  em: EntityManager,
  projectId: string,
  stepKey: string,
  data: Record<string, unknown>,
  log?: Omit<SaveLog, 'kind' | 'itemId'>,
): Promise<ItemRow> {
  const id = randomUUID();
  const statement = savedAndTouched(
    `insert into item (id, project_id, step_key, position, data, version, created_at, updated_at)
       select ?, ?, ?, coalesce(max(position), -1) + 1, ?::jsonb, 1, now(), now()
         from item where project_id = ? and step_key = ?
     returning id`,
    [id, projectId, stepKey, JSON.stringify(data), projectId, stepKey],
    projectId,
    log && saveLog({ ...log, kind: 'item.added', itemId: id }, projectId, stepKey),
  );
  await em.execute(statement.sql, statement.params);
  // The answers as given, not as jsonb returns them: jsonb reorders the keys of an object.
  return { id, step_key: stepKey, data, version: 1 };
}

/**
 * The stored answers with `data` in place of every field of `fields` (the fields the project's
 * revision knows): fields it does not know stay as stored (docs/architecture.md#revisionen).
 */
const keepUnknown = (table: string) =>
  `(${table}.data - array(select jsonb_array_elements_text(?::jsonb))) || ?::jsonb`;

/**
 * The parts of a write that checks the caller's access itself: the project row `p` joined and
 * `access` required of it. Without `access` the caller was checked before (`resolve`).
 */
const accessChecked = (table: string, access: ProjectCondition | undefined) =>
  access
    ? {
        from: 'from project p',
        where: `and p.id = ${table}.project_id and ${access.sql}`,
        params: access.params,
      }
    : { from: '', where: '', params: [] };

/**
 * Replaces an entry's answers if it still has `version`; undefined when it is gone or newer (or
 * `access` does not hold). Stored fields that are not among `fields` (the revision no longer
 * knows them) stay.
 */
export async function updateItem(
  em: EntityManager,
  { id, projectId, stepKey }: ItemKey,
  data: Record<string, unknown>,
  version: number,
  fields: string[],
  log: Omit<SaveLog, 'kind' | 'itemId'> | undefined,
  access?: ProjectCondition,
): Promise<ItemRow | undefined> {
  const checked = accessChecked('item', access);
  const statement = savedAndTouched(
    `update item set data = ${keepUnknown('item')}, version = item.version + 1,
            updated_at = now()
       ${checked.from}
      where item.id = ? and item.project_id = ? and item.step_key = ? and item.version = ?
            ${checked.where}
     returning item.id, item.step_key, item.data, item.version`,
    [
      JSON.stringify(fields),
      JSON.stringify(data),
      id,
      projectId,
      stepKey,
      version,
      ...checked.params,
    ],
    projectId,
    log && saveLog({ ...log, kind: 'item.changed', itemId: id }, projectId, stepKey),
  );
  const [saved] = await executePrepared<ItemRow>(em, statement.sql, statement.params);
  return saved;
}

/** Deletes an entry; its answers as they were, or undefined when there was none. */
export async function deleteItem(
  em: EntityManager,
  { id, projectId, stepKey }: ItemKey,
): Promise<Record<string, unknown> | undefined> {
  const statement = savedAndTouched(
    'delete from item where id = ? and project_id = ? and step_key = ? returning id, data',
    [id, projectId, stepKey],
    projectId,
  );
  const [deleted] = await em.execute<{ id: string; data: Record<string, unknown> }[]>(
    statement.sql,
    statement.params,
  );
  return deleted?.data;
}

/**
 * Numbers the given entries 0, 1, 2, … in the given order; run it after `lockPositions`, in the
 * same transaction.
 */
export async function setPositions(
  em: EntityManager,
  projectId: string,
  ids: string[],
): Promise<void> {
  await em.execute(
    `with moved as (
       update item set position = listed.n - 1
         from jsonb_array_elements_text(?::jsonb) with ordinality as listed(id, n)
        where item.id = listed.id::uuid and item.project_id = ?
     )
     ${TOUCH_PROJECT}`,
    [JSON.stringify(ids), projectId, projectId],
  );
}

/** Stores a form step's first answers; false when someone else stored them first. */
export async function insertAnswer(
  em: EntityManager,
  projectId: string,
  stepKey: string,
  data: Record<string, unknown>,
  log?: Omit<SaveLog, 'kind' | 'itemId'>,
): Promise<boolean> {
  const statement = savedAndTouched(
    `insert into answer (id, project_id, step_key, data, version, created_at, updated_at)
     values (?, ?, ?, ?::jsonb, 1, now(), now())
     on conflict (project_id, step_key) do nothing
     returning step_key`,
    [randomUUID(), projectId, stepKey, JSON.stringify(data)],
    projectId,
    log && saveLog({ ...log, kind: 'step.saved' }, projectId, stepKey),
  );
  const inserted = await em.execute<{ step_key: string }[]>(statement.sql, statement.params);
  return inserted.length > 0;
}

/**
 * Replaces a form step's answers if they still have `version`; undefined otherwise (or when
 * `access` does not hold). Stored fields that are not among `fields` stay, as in
 * {@link updateItem}.
 */
export async function updateAnswer(
  em: EntityManager,
  projectId: string,
  stepKey: string,
  data: Record<string, unknown>,
  version: number,
  fields: string[],
  log: Omit<SaveLog, 'kind' | 'itemId'> | undefined,
  access?: ProjectCondition,
): Promise<AnswerRow | undefined> {
  const checked = accessChecked('answer', access);
  const statement = savedAndTouched(
    `update answer set data = ${keepUnknown('answer')}, version = answer.version + 1,
            updated_at = now()
       ${checked.from}
      where answer.project_id = ? and answer.step_key = ? and answer.version = ?
            ${checked.where}
     returning answer.step_key, answer.data, answer.version`,
    [JSON.stringify(fields), JSON.stringify(data), projectId, stepKey, version, ...checked.params],
    projectId,
    log && saveLog({ ...log, kind: 'step.saved' }, projectId, stepKey),
  );
  const [saved] = await executePrepared<AnswerRow>(em, statement.sql, statement.params);
  return saved;
}

/**
 * A form step's or an entry's answers rewritten by a migration map when the project moves to a
 * newer revision (docs/architecture.md#revisionen): a new version, so that an editor still holding
 * the old one gets a conflict instead of writing old names back. "Last edited" stays: no person
 * edited anything. Run it in the move's transaction.
 */
export async function rewriteDocument(
  em: EntityManager,
  projectId: string,
  document: { step: string; id?: string },
  data: Record<string, unknown>,
): Promise<void> {
  await (document.id
    ? em.execute(
        'update item set data = ?::jsonb, version = version + 1 where id = ? and project_id = ?',
        [JSON.stringify(data), document.id, projectId],
      )
    : em.execute(
        `update answer set data = ?::jsonb, version = version + 1
          where project_id = ? and step_key = ?`,
        [JSON.stringify(data), projectId, document.step],
      ));
}

/**
 * A stored document of one of several projects: a form's answers (`id` null) or an entry, with
 * the project's revision and the version of its row (`xmin`); a project without any answers
 * appears once with `step_key` null.
 */
export interface ProjectDocumentRow {
  project_id: string;
  project_xmin: string;
  revision: string | null;
  questionnaire: string;
  /** The steps the agency switched off for the project (`project.hidden_steps`). */
  hidden_steps: string[];
  step_key: string | null;
  id: string | null;
  version: number | null;
  data: Record<string, unknown> | null;
}

/**
 * The answers and entries of several projects, with their project rows' versions, in one
 * statement and so from one moment: what the rows say is what the documents are
 * (docs/architecture.md#vollständigkeit). Entries come in list order.
 */
export function documentsOfProjects(
  em: EntityManager,
  projectIds: string[],
): Promise<ProjectDocumentRow[]> {
  return em.execute<ProjectDocumentRow[]>(
    `select p.id as project_id, p.xmin::text as project_xmin, p.definition_revision_id as revision,
            p.questionnaire, p.hidden_steps, d.step_key, d.id, d.version, d.data
       from project p
       left join lateral (
         select a.step_key, null::uuid as id, a.version, a.data, -1 as position
           from answer a where a.project_id = p.id
         union all
         select i.step_key, i.id, i.version, i.data, i.position
           from item i where i.project_id = p.id
       ) d on true
      where p.id in (select jsonb_array_elements_text(?::jsonb)::uuid)
      order by p.id, d.step_key, d.position`,
    [JSON.stringify(projectIds)],
  );
}
