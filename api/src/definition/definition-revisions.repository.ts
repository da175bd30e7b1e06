import type { EntityManager } from '@mikro-orm/postgresql';
import type { Presets, StepMeta } from '@fragewerk/engine/core';
import { ADVISORY_LOCKS, lockForTransaction } from '../database/advisory-lock.ts';

// All SQL of the definition revisions (`definition_revision`, docs/architecture.md#revisionen).
// Rows are only ever added; a start on known files only notes that it runs them again.

/**
 * Takes the advisory lock of the revision work at start (storing the revision, moving the running
 * projects) until the transaction of `em` ends: two processes that start together on changed
 * files run one after the other.
 */
export function lockRevisions(em: EntityManager): Promise<void> {
  return lockForTransaction(em, ADVISORY_LOCKS.definitionRevisions);
}

/**
 * Stores a revision unless it is there already (`on conflict`), and notes that a server runs it
 * now (`activated_at`). True when the row is new.
 */
export async function storeRevision(
  em: EntityManager,
  revision: { id: string; questionnaire: string; version: number; definition: string },
): Promise<boolean> {
  const [row] = await em.execute<{ inserted: boolean }[]>(
    `insert into definition_revision
       (id, questionnaire, version, definition, created_at, activated_at)
     values (?, ?, ?, ?, now(), now())
     on conflict (id) do update set activated_at = now()
     returning (xmax = 0) as inserted`,
    [revision.id, revision.questionnaire, revision.version, revision.definition],
  );
  return row?.inserted === true;
}

/** One revision's canonical JSON and label, or undefined. */
export async function findRevision(
  em: EntityManager,
  id: string,
): Promise<{ id: string; version: number; definition: string } | undefined> {
  const [row] = await em.execute<{ id: string; version: number; definition: string }[]>(
    'select id, version, definition from definition_revision where id = ?',
    [id],
  );
  return row;
}

/**
 * The presets of every revision, oldest first: where the labels of keys a revision no longer
 * offers come from. Read as jsonb, which parses only this part in the database.
 */
export function revisionPresets(
  em: EntityManager,
): Promise<{ id: string; questionnaire: string; presets: Presets | null }[]> {
  return em.execute(
    `select id, questionnaire, (definition::jsonb)->'presets' as presets
       from definition_revision order by created_at, id`,
  );
}

/** Every step key with its kind that any stored revision has (for the early 404 of the routes). */
export function revisionSteps(
  em: EntityManager,
): Promise<{ key: string; kind: StepMeta['kind'] }[]> {
  return em.execute(
    `select distinct step->'meta'->>'key' as key, step->'meta'->>'kind' as kind
       from definition_revision,
            jsonb_array_elements((definition::jsonb)->'steps') as step`,
  );
}
