import type { EntityManager } from '@mikro-orm/postgresql';

// All SQL of the Rückfragen and their replies (docs/product.md#rückfragen), and of the bundled
// mails about them. Timestamps come as ISO text from to_json, which Date and the browser read in
// every zone.

/** The names a member can be shown by: the settings' contact name and addresses. */
export interface MemberNames {
  contact_name: string | null;
  contact_email: string | null;
  email: string;
}

/** A Rückfrage as stored, with its author and who resolved it (null: none, or account gone). */
export interface QuestionRow {
  id: string;
  step_key: string;
  item_id: string | null;
  text: string;
  created_at: string;
  resolved_at: string | null;
  author: MemberNames | null;
  resolved_by: MemberNames | null;
}

/** A reply as stored, with its member author where a member wrote it. */
export interface ReplyRow {
  id: string;
  question_id: string;
  text: string;
  author_kind: 'customer' | 'member';
  created_at: string;
  author: MemberNames | null;
}

const iso = (column: string) => `to_json(${column}) #>> '{}'`;
const names = (alias: string) =>
  `case when ${alias}.id is null then null
        else json_build_object('contact_name', ${alias}.contact_name,
                               'contact_email', ${alias}.contact_email, 'email', ${alias}.email) end`;

const QUESTION_SELECT = `
  select q.id, q.step_key, q.item_id, q.text, ${iso('q.created_at')} as created_at,
         ${iso('q.resolved_at')} as resolved_at, ${names('a')} as author,
         ${names('r')} as resolved_by
    from project_question q
    left join app_user a on a.id = q.author_id
    left join app_user r on r.id = q.resolved_by_id`;

const REPLY_SELECT = `
  select x.id, x.question_id, x.text, x.author_kind, ${iso('x.created_at')} as created_at,
         ${names('a')} as author
    from question_reply x
    left join app_user a on a.id = x.author_id`;

/** JSON columns arrive parsed from PostgreSQL; a driver setting could hand them over as text. */
const parsed = <T>(value: T | string | null): T | null =>
  typeof value === 'string' ? (JSON.parse(value) as T) : value;

const questionOf = (row: QuestionRow): QuestionRow => ({
  ...row,
  author: parsed(row.author),
  resolved_by: parsed(row.resolved_by),
});
const replyOf = (row: ReplyRow): ReplyRow => ({ ...row, author: parsed(row.author) });

/** The Rückfragen of a project, oldest first. */
export async function projectQuestions(
  em: EntityManager,
  projectId: string,
): Promise<QuestionRow[]> {
  const rows = await em.execute<QuestionRow[]>(
    `${QUESTION_SELECT} where q.project_id = ? order by q.created_at, q.id`,
    [projectId],
  );
  return rows.map(questionOf);
}

/** The replies to the Rückfragen of a project (or to one of them), oldest first. */
export async function projectReplies(
  em: EntityManager,
  projectId: string,
  questionId?: string,
): Promise<ReplyRow[]> {
  const rows = await em.execute<ReplyRow[]>(
    `${REPLY_SELECT} where x.project_id = ? ${questionId ? 'and x.question_id = ?' : ''}
      order by x.created_at, x.id`,
    questionId ? [projectId, questionId] : [projectId],
  );
  return rows.map(replyOf);
}

/** One Rückfrage of a project, or undefined where the project has none with this id. */
export async function projectQuestion(
  em: EntityManager,
  projectId: string,
  questionId: string,
  options: { lock?: boolean } = {},
): Promise<QuestionRow | undefined> {
  const [row] = await em.execute<QuestionRow[]>(
    `${QUESTION_SELECT} where q.project_id = ? and q.id = ?${options.lock ? ' for update of q' : ''}`,
    [projectId, questionId],
  );
  return row && questionOf(row);
}

/** Adds a Rückfrage; returns its id. */
export async function insertQuestion(
  em: EntityManager,
  question: {
    projectId: string;
    stepKey: string;
    itemId: string | null;
    authorId: string;
    text: string;
  },
): Promise<string> {
  const [row] = await em.execute<{ id: string }[]>(
    `insert into project_question (id, project_id, step_key, item_id, author_id, text, created_at)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, clock_timestamp())
     returning id`,
    [question.projectId, question.stepKey, question.itemId, question.authorId, question.text],
  );
  return row!.id;
}

/** Adds a reply to a Rückfrage. */
export async function insertReply(
  em: EntityManager,
  reply: {
    projectId: string;
    questionId: string;
    authorKind: 'customer' | 'member';
    authorId: string | null;
    text: string;
  },
): Promise<void> {
  await em.execute(
    `insert into question_reply (id, question_id, project_id, author_kind, author_id, text, created_at)
     values (gen_random_uuid(), ?, ?, ?, ?, ?, clock_timestamp())`,
    [reply.questionId, reply.projectId, reply.authorKind, reply.authorId, reply.text],
  );
}

/**
 * Marks a Rückfrage resolved by `userId`, or open again (`userId` null); false when it already
 * was so (nothing changed).
 */
export async function setResolved(
  em: EntityManager,
  questionId: string,
  userId: string | null,
): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    userId
      ? `update project_question set resolved_at = now(), resolved_by_id = ?
          where id = ? and resolved_at is null returning id`
      : `update project_question set resolved_at = null, resolved_by_id = null
          where id = ? and resolved_at is not null returning id`,
    userId ? [userId, questionId] : [questionId],
  );
  return rows.length > 0;
}

/** Whether the project has an entry `itemId` in its list step `stepKey`. */
export async function hasItem(
  em: EntityManager,
  projectId: string,
  stepKey: string,
  itemId: string,
): Promise<boolean> {
  const rows = await em.execute<{ found: number }[]>(
    'select 1 as found from item where id = ? and project_id = ? and step_key = ?',
    [itemId, projectId, stepKey],
  );
  return rows.length > 0;
}

/** How many Rückfragen of a project are open. */
export async function openQuestionCount(em: EntityManager, projectId: string): Promise<number> {
  const [row] = await em.execute<{ n: string | number }[]>(
    'select count(*) as n from project_question where project_id = ? and resolved_at is null',
    [projectId],
  );
  return Number(row?.n ?? 0);
}

/** How many replies a Rückfrage has. */
export async function replyCount(em: EntityManager, questionId: string): Promise<number> {
  const [row] = await em.execute<{ n: string | number }[]>(
    'select count(*) as n from question_reply where question_id = ?',
    [questionId],
  );
  return Number(row?.n ?? 0);
}

// The bundled mails (QuestionMailsService).

/**
 * The projects, not archived, with Rückfragen (`project_question`) or customer replies
 * (`question_reply`) not yet mailed, the newest of them at least `quietSeconds` old.
 */
export async function projectsDueForMail(
  em: EntityManager,
  table: 'project_question' | 'question_reply',
  quietSeconds: number,
): Promise<string[]> {
  const rows = await em.execute<{ project_id: string }[]>(
    `select t.project_id
       from ${table} t
       join project p on p.id = t.project_id and not p.is_archived
      where t.mailed_at is null
        ${table === 'question_reply' ? "and t.author_kind = 'customer'" : ''}
      group by t.project_id
     having max(t.created_at) <= now() - make_interval(secs => ?::int)`,
    [quietSeconds],
  );
  return rows.map((row) => row.project_id);
}

/**
 * Marks the unmailed Rückfragen of a project mailed and returns them, oldest first. Rows another
 * process holds are skipped, and a row it has marked is no longer unmailed: no Rückfrage is
 * taken by two mails.
 */
export function takeUnmailedQuestions(
  em: EntityManager,
  projectId: string,
): Promise<{ step_key: string; text: string }[]> {
  return em.execute<{ step_key: string; text: string }[]>(
    `with taken as (
       update project_question q set mailed_at = now()
        where q.id in (select id from project_question
                        where project_id = ? and mailed_at is null
                        for update skip locked)
          and q.mailed_at is null
        returning q.id, q.step_key, q.text, q.created_at)
     select step_key, text from taken order by created_at, id`,
    [projectId],
  );
}

/** As {@link takeUnmailedQuestions}, for the customer's replies, each with its Rückfrage. */
export function takeUnmailedReplies(
  em: EntityManager,
  projectId: string,
): Promise<{ text: string; question_text: string; step_key: string }[]> {
  return em.execute<{ text: string; question_text: string; step_key: string }[]>(
    `with taken as (
       update question_reply x set mailed_at = now()
        where x.id in (select id from question_reply
                        where project_id = ? and author_kind = 'customer' and mailed_at is null
                        for update skip locked)
          and x.mailed_at is null
        returning x.id, x.question_id, x.text, x.created_at)
     select taken.text, q.text as question_text, q.step_key
       from taken join project_question q on q.id = taken.question_id
      order by taken.created_at, taken.id`,
    [projectId],
  );
}

/**
 * Locks the project's row for a mail of its bundle until the transaction of `em` ends; false when
 * another process holds it (that process is taking the bundle: this one leaves the project be, so
 * a bundle is never split between two mails).
 */
export async function claimProject(em: EntityManager, projectId: string): Promise<boolean> {
  const rows = await em.execute<{ id: string }[]>(
    'select id from project where id = ? for update skip locked',
    [projectId],
  );
  return rows.length > 0;
}

/** The addresses and names of a project's customer contacts, oldest first. */
export function contactAddresses(
  em: EntityManager,
  projectId: string,
): Promise<{ name: string; email: string }[]> {
  return em.execute(
    'select name, email from customer_contact where project_id = ? order by created_at, id',
    [projectId],
  );
}
