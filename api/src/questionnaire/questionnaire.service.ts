import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import {
  entryLabel,
  sameValue,
  schemaFields,
  threeWayMerge,
  type MergeResult,
  type StepDefinition,
} from '@fragewerk/engine/core';
import { ApiError, conflict, invalid, notFound } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
  type LoadedRevision,
} from '../definition/definition-revisions.ts';
import {
  deleteItem,
  findAnswer,
  findItem,
  insertAnswer,
  insertItem,
  lockPositions,
  setPositions,
  stepItemRows,
  updateAnswer,
  updateItem,
} from '../projects/answers.repository.ts';
import { recordActivity, type ActorSql, type SaveLog } from '../projects/activity.repository.ts';
import { ConfirmedAnswerClaims } from '../projects/project-access-confirmed.ts';
import { historyLineKey, RecentHistoryLines } from '../projects/recent-history-lines.ts';
import {
  activityActorOf,
  actorOf,
  claimActor,
  ProjectAccessService,
  type AnswerClaim,
  type ProjectAccess,
  type ProjectCondition,
} from '../projects/project-access.service.ts';
import { answerJson, itemJson } from '../projects/project-json.ts';
import { removeReview } from '../projects/step-reviews.repository.ts';

/** The largest value of a PostgreSQL `integer`; a write stores version + 1, so it stays below. */
const MAX_VERSION = 2_147_483_647;
/**
 * Envelope fields of an item or form body: they say which version was edited and, in `base`, the
 * fields as the editor loaded them (for the merge of docs/product.md#gleichzeitiges-bearbeiten),
 * not what is to be stored.
 */
const ENVELOPE = ['id', 'version', 'base'];
/** How often a merged save is tried again when yet another save slips in between. */
const MERGE_ATTEMPTS = 3;
/** An id that matches no entry, for path parameters that are no id at all. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/** A step as a route names it: its key and its kind (checked before the caller is known). */
export interface StepRef {
  key: string;
  kind: StepDefinition['meta']['kind'];
}

/** The step of the project's revision and that revision (for its validators). */
interface RevisionStep {
  step: StepDefinition;
  revision: LoadedRevision;
}

/** Whether a `base` is a JSON object (anything else is no base: the save cannot be merged). */
const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The step `ref` names in `revision`, if it has it with that kind. */
function stepIn(revision: LoadedRevision, ref: StepRef): RevisionStep | undefined {
  const step = revision.definition.steps.find((candidate) => candidate.meta.key === ref.key);
  return step && step.meta.kind === ref.kind ? { step, revision } : undefined;
}

/** Valid answers for the current revision, to be written only where `access` holds. */
interface DirectWrite {
  data: Record<string, unknown>;
  version: number;
  fields: string[];
  access: ProjectCondition;
  log: SaveLogOf;
  line: { written: () => void };
}

/** A save's line of the history, but for the kind and entry its write knows. */
type SaveLogOf = Omit<SaveLog, 'kind' | 'itemId'>;

/** The history line of a save of `data` on `step` by `actor` (an entry's label comes along). */
function saveLogOf(
  { step, revision }: RevisionStep,
  actor: ActorSql,
  data: Record<string, unknown>,
  history: boolean,
): SaveLogOf {
  return {
    actor,
    history,
    detail: step.meta.kind === 'list' ? { label: entryLabel(revision.definition, step, data) } : {},
  };
}

/** Who saves, as `RecentHistoryLines` tells people apart: a session user or the share link. */
const SHARE_LINK = 'share-link';

/**
 * The generic questionnaire endpoints of docs/architecture.md#api-konventionen: every list step of
 * the definition gets add, update, delete and order; every form step gets save. Bodies are
 * validated with the step's schema; every write names the version it edited, and a stale one is
 * a 409. The methods get the caller's `ProjectAccess` already resolved (for `answer`).
 */
@Injectable()
export class QuestionnaireService {
  /** Claims whose access the database confirmed lately: only their bodies are checked first. */
  private readonly confirmed = new ConfirmedAnswerClaims();
  /** History lines this process wrote within the minute: their saves leave the history alone. */
  private readonly lines = new RecentHistoryLines();

  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
    private readonly access: ProjectAccessService,
  ) {}

  /**
   * The step `kind` if any stored revision has it with the `expected` kind; else 404 – before
   * the caller is known. Which revision counts is the project's (see `revisionStep`).
   */
  step(kind: string, expected: StepRef['kind']): StepRef {
    if (!this.revisions.hasStep(kind, expected)) throw notFound();
    return { key: kind, kind: expected };
  }

  /**
   * The step in the revision the project is on (docs/architecture.md#revisionen): an approved
   * project is edited with the steps and rules it was approved with. 404 when that revision does
   * not have it (a step taken out keeps its rows, but nobody edits them).
   */
  private async revisionStep({ project }: ProjectAccess, ref: StepRef): Promise<RevisionStep> {
    const found = stepIn(await this.revisions.of(project), ref);
    if (!found) throw notFound();
    return found;
  }

  /**
   * Validates a body against the step of the project's revision; returns the normalised answers,
   * the edited version, the `base` it names (if it is an object) and the fields the revision knows. Fields it does not know are refused,
   * except one that comes back exactly as stored (`stored`): a client may echo an entry it read.
   */
  private answers(
    { step, revision }: RevisionStep,
    body: unknown,
    needsVersion: boolean,
    stored?: Record<string, unknown>,
  ) {
    const fields = schemaFields(step.schema);
    let input = objectBody(body);
    if (stored) {
      const echoed = Object.keys(input).filter(
        (key) =>
          !fields.has(key) &&
          !ENVELOPE.includes(key) &&
          Object.hasOwn(stored, key) &&
          JSON.stringify(stored[key]) === JSON.stringify(input[key]),
      );
      input = withoutKeys(input, echoed);
    }
    const { version } = input;
    // Versions are PostgreSQL integers; anything beyond is no version this server ever gave out.
    const versionValid =
      typeof version === 'number' &&
      Number.isInteger(version) &&
      version >= 0 &&
      version < MAX_VERSION;
    const result = revision.validator(`step:${step.meta.key}`)(withoutKeys(input, ENVELOPE));
    const errors = result.valid ? {} : { ...result.errors };
    if (needsVersion && !versionValid) errors.version = [t('errors.version')];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return {
      data: (result as { value: Record<string, unknown> }).value,
      version: version as number,
      base: isPlainObject(input.base) ? input.base : undefined,
      fields: [...fields],
    };
  }

  /**
   * An autosave in one statement (the busiest writes): where the database confirmed the claim
   * lately, the claim can be put as a condition on the project row, the body is valid for the
   * step of the current revision of its questionnaire, needs nothing stored and edits an existing version, the write
   * itself checks access and revision (`ProjectAccessService.answerCondition`). Undefined sends
   * the save the long way – reading the project first – which also gives every refusal its
   * reason: no access, another revision, an invalid body, a stale version.
   *
   * Access comes before validation: a claim nobody confirmed (an unknown project, a made-up
   * token) is never validated here, so no body reaches the validators before its sender's access
   * is established.
   */
  private directWrite(
    claim: AnswerClaim,
    ref: StepRef,
    body: unknown,
    itemId?: string,
  ): DirectWrite | undefined {
    if (!this.confirmed.has(claim)) return undefined;
    // The current revision of the questionnaire that has this step; where two share a step key,
    // the write's revision condition sends the other's projects the long way.
    const revision = this.revisions.questionnaires.find((current) => stepIn(current, ref));
    if (!revision) return undefined;
    const access = this.access.answerCondition(claim, revision.ref.id);
    const revisionStep = stepIn(revision, ref)!;
    if (!access || this.hasUnknown(revisionStep, body)) return undefined;
    try {
      const answers = this.answers(revisionStep, body, true);
      if (answers.version <= 0) return undefined;
      const line = this.lineOf(
        claim.projectId,
        claim.caller.user?.id ?? SHARE_LINK,
        ref.key,
        itemId,
      );
      return {
        ...answers,
        access,
        line,
        log: saveLogOf(revisionStep, claimActor(claim), answers.data, line.due),
      };
    } catch (error) {
      // The claim may be out of date: the long way checks access again before its messages.
      if (error instanceof ApiError) return undefined;
      throw error;
    }
  }

  /**
   * Whether the history line of a save by `who` on a step (or entry) is due, and how to say it
   * was written once the save went through (`RecentHistoryLines`).
   */
  private lineOf(projectId: string, who: string, stepKey: string, itemId: string | undefined) {
    const key = historyLineKey(projectId, who, stepKey, itemId);
    const due = this.lines.due(key);
    return { due, written: () => due && this.lines.wrote(key) };
  }

  /** The line of a save with `access` (the long way). */
  private accessLine(access: ProjectAccess, stepKey: string, itemId?: string) {
    return this.lineOf(access.project.id, access.memberId ?? SHARE_LINK, stepKey, itemId);
  }

  /**
   * The caller's access for answering, read from the database (401/403/404 where there is none).
   * The claim counts as confirmed only once this succeeds: until then, no shortcut for it.
   */
  private async resolve(claim: AnswerClaim): Promise<ProjectAccess> {
    this.confirmed.forget(claim);
    const access = await this.access.resolve(claim.caller, claim.projectId, 'answer');
    this.confirmed.confirm(claim);
    return access;
  }

  /** PATCH …/{kind}/{itemId} as the route gets it: in one statement where it can, else the long way. */
  async updateItemFor(claim: AnswerClaim, ref: StepRef, itemId: string, body: unknown) {
    const direct = isUuid(itemId) && this.directWrite(claim, ref, body, itemId);
    if (direct) {
      const key = { id: itemId, projectId: claim.projectId, stepKey: ref.key };
      const { data, version, fields, access, log } = direct;
      const saved = await updateItem(this.orm.em, key, data, version, fields, log, access);
      if (saved) {
        direct.line.written();
        this.confirmed.confirm(claim);
        return itemJson(saved);
      }
    }
    return this.updateItem(await this.resolve(claim), ref, itemId, body);
  }

  /** PATCH …/{kind} as the route gets it: in one statement where it can, else the long way. */
  async saveFormFor(claim: AnswerClaim, ref: StepRef, body: unknown) {
    const direct = this.directWrite(claim, ref, body);
    if (direct) {
      const { data, version, fields, access, log } = direct;
      const em = this.orm.em;
      const saved = await updateAnswer(
        em,
        claim.projectId,
        ref.key,
        data,
        version,
        fields,
        log,
        access,
      );
      if (saved) {
        direct.line.written();
        this.confirmed.confirm(claim);
        return answerJson(saved);
      }
    }
    return this.saveForm(await this.resolve(claim), ref, body);
  }

  /** Whether a body names a field the revision does not know (then the stored row is read). */
  private hasUnknown({ step }: RevisionStep, body: unknown): boolean {
    const fields = schemaFields(step.schema);
    return Object.keys(objectBody(body)).some((key) => !fields.has(key) && !ENVELOPE.includes(key));
  }

  /** POST …/{kind}: appends an entry to a list step. */
  async addItem(access: ProjectAccess, ref: StepRef, body: unknown) {
    const { project } = access;
    const step = await this.revisionStep(access, ref);
    const { data } = this.answers(step, body, false);
    // A new entry is always a new line.
    const log = saveLogOf(step, actorOf(access), data, true);
    const item = await this.orm.em.transactional(async (tx) => {
      await lockPositions(tx, project.id);
      return insertItem(tx, project.id, ref.key, data, log);
    });
    return itemJson(item);
  }

  /** PATCH …/{kind}/{itemId}: replaces an entry's answers. */
  async updateItem(access: ProjectAccess, ref: StepRef, itemId: string, body: unknown) {
    const step = await this.revisionStep(access, ref);
    const key = {
      id: isUuid(itemId) ? itemId : NO_ID,
      projectId: access.project.id,
      stepKey: ref.key,
    };
    const stored = this.hasUnknown(step, body) ? await findItem(this.orm.em, key) : undefined;
    const answers = this.answers(step, body, true, stored?.data);
    const { data, version, fields } = answers;
    const actor = actorOf(access);
    const line = this.accessLine(access, ref.key, key.id);
    // One statement writes and returns the entry; only a miss needs a second look.
    const saved = await updateItem(
      this.orm.em,
      key,
      data,
      version,
      fields,
      saveLogOf(step, actor, data, line.due),
    );
    if (saved) {
      line.written();
      return itemJson(saved);
    }
    const merged = await this.saveMerged(step, answers, {
      read: () => findItem(this.orm.em, key),
      write: (merged, current) =>
        updateItem(
          this.orm.em,
          key,
          merged,
          current,
          fields,
          saveLogOf(step, actor, merged, line.due),
        ),
      json: itemJson,
      missing: () => notFound(t('errors.itemNotFound')),
    });
    line.written();
    return itemJson(merged);
  }

  /** DELETE …/{kind}/{itemId}. */
  async deleteItem(access: ProjectAccess, ref: StepRef, itemId: string) {
    const step = await this.revisionStep(access, ref);
    if (!isUuid(itemId)) throw notFound(t('errors.itemNotFound'));
    const key = { id: itemId, projectId: access.project.id, stepKey: ref.key };
    const deleted = await this.orm.em.transactional(async (tx) => {
      const data = await deleteItem(tx, key);
      if (data) await this.recordChange(tx, access, step, 'item.deleted', { itemId, data });
      return data;
    });
    if (!deleted) throw notFound(t('errors.itemNotFound'));
  }

  /**
   * The history line of a deletion or a new order, and the end of the step's „geprüft“ mark
   * where the customer made the change (the saves do both in their own statement).
   */
  private async recordChange(
    em: Parameters<typeof recordActivity>[0],
    access: ProjectAccess,
    { step, revision }: RevisionStep,
    kind: 'item.deleted' | 'items.reordered',
    entry?: { itemId: string; data: Record<string, unknown> },
  ) {
    const { project } = access;
    await recordActivity(em, {
      projectId: project.id,
      actor: activityActorOf(access),
      kind,
      stepKey: step.meta.key,
      ...(entry
        ? {
            itemId: entry.itemId,
            detail: { label: entryLabel(revision.definition, step, entry.data) },
          }
        : {}),
    });
    if (access.role === 'token') await removeReview(em, project.id, step.meta.key);
  }

  /**
   * PUT …/order: the listed items come first, in the given order; items the client did not know
   * yet (added meanwhile by someone else) keep their relative order behind them, so nothing is lost.
   */
  async reorder(access: ProjectAccess, ref: StepRef, body: unknown) {
    const { project } = access;
    const revisionStep = await this.revisionStep(access, ref);
    const { step } = revisionStep;
    const { order } = objectBody(body);
    const em = this.orm.em;
    const items = await stepItemRows(em, project.id, step.meta.key);
    const known = new Set(items.map((item) => item.id));
    const valid =
      Array.isArray(order) &&
      Object.keys(objectBody(body)).every((key) => key === 'order') &&
      order.every((id) => typeof id === 'string' && known.has(id)) &&
      new Set(order).size === order.length;
    if (!valid) throw invalid({ order: [t('errors.order')] });
    const listed = order as string[];
    const sequence = [
      ...listed,
      ...items.map((item) => item.id).filter((id) => !listed.includes(id)),
    ];
    await em.transactional(async (tx) => {
      await lockPositions(tx, project.id);
      await setPositions(tx, project.id, sequence);
      await this.recordChange(tx, access, revisionStep, 'items.reordered');
    });
    const reordered = await stepItemRows(em, project.id, step.meta.key);
    return reordered.map(itemJson);
  }

  /** PATCH …/{kind}: saves a form step; version 0 means its first save. */
  async saveForm(access: ProjectAccess, ref: StepRef, body: unknown) {
    const { project } = access;
    const step = await this.revisionStep(access, ref);
    const em = this.orm.em;
    const kind = ref.key;
    const stored = this.hasUnknown(step, body) ? await findAnswer(em, project.id, kind) : undefined;
    const answers = this.answers(step, body, true, stored?.data);
    const { data, version, fields } = answers;
    const line = this.accessLine(access, kind);
    const log = saveLogOf(step, actorOf(access), data, line.due);
    if (version === 0) {
      if (await insertAnswer(em, project.id, kind, data, log)) {
        line.written();
        return answerJson({ data, version: 1 });
      }
    } else {
      // One statement writes and returns the answers; only a miss needs a second look.
      const saved = await updateAnswer(em, project.id, kind, data, version, fields, log);
      if (saved) {
        line.written();
        return answerJson(saved);
      }
    }
    const merged = await this.saveMerged(step, answers, {
      read: () => findAnswer(em, project.id, kind),
      write: (merged, current) => updateAnswer(em, project.id, kind, merged, current, fields, log),
      json: answerJson,
      // Answers are never deleted; a row missing here was never stored for this step.
      missing: () => conflict(answerJson(undefined), []),
    });
    line.written();
    return answerJson(merged);
  }

  /**
   * A save whose version is no longer stored (docs/product.md#gleichzeitiges-bearbeiten): merged
   * field by field with what is stored now and saved on top of it when no field needs a decision;
   * else 409 with the current document and the fields that need one. Without a `base` nothing can
   * be merged: always 409. Another save slipping in between merges again (a few times).
   */
  private async saveMerged<Row extends { data: Record<string, unknown>; version: number }>(
    step: RevisionStep,
    {
      data,
      base,
      fields,
    }: { data: Record<string, unknown>; base?: Record<string, unknown>; fields: string[] },
    store: {
      read: () => Promise<Row | undefined>;
      write: (merged: Record<string, unknown>, version: number) => Promise<Row | undefined>;
      json: (row: Row) => unknown;
      missing: () => ApiError;
    },
  ): Promise<Row> {
    for (let attempt = 1; ; attempt += 1) {
      const current = await store.read();
      if (!current) throw store.missing();
      const { merged, conflicts } = this.merge(step, fields, base, current.data, data);
      if (!base || conflicts.length > 0 || attempt === MERGE_ATTEMPTS)
        throw conflict(store.json(current), conflicts);
      const saved = await store.write(merged, current.version);
      if (saved) return saved;
    }
  }

  /**
   * Merges `mine` into `theirs` over the step's fields (fields the revision no longer knows stay
   * as stored by the write itself). Without `base`, every field where mine and theirs differ is a
   * conflict. A merge the step's rules refuse (two valid halves can break a rule that spans
   * fields) leaves every differing field to the person, too.
   */
  private merge(
    { step, revision }: RevisionStep,
    fields: string[],
    base: Record<string, unknown> | undefined,
    theirs: Record<string, unknown>,
    mine: Record<string, unknown>,
  ): MergeResult {
    const known = (document: Record<string, unknown>) =>
      Object.fromEntries(
        fields
          .filter((name) => Object.hasOwn(document, name))
          .map((name) => [name, document[name]]),
      );
    const stored = known(theirs);
    const differing = () => ({
      merged: stored,
      conflicts: fields.filter((name) => !sameValue(mine[name], stored[name])).sort(),
    });
    if (!base) return differing();
    const result = threeWayMerge(known(base), stored, mine);
    if (result.conflicts.length > 0) return result;
    const checked = revision.validator(`step:${step.meta.key}`)(result.merged);
    if (!checked.valid) return differing();
    return { merged: (checked as { value: Record<string, unknown> }).value, conflicts: [] };
  }
}
