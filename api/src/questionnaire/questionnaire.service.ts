import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { StepDefinition } from '@fragewerk/engine/core';
import { conflict, invalid, notFound } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import {
  DEFINITION,
  VALIDATOR,
  type Definition,
  type ValidatorFor,
} from '../definition/definition.providers.ts';
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
import type { ProjectAccess } from '../projects/project-access.service.ts';
import { answerJson, itemJson } from '../projects/project-json.ts';

/** The largest value of a PostgreSQL `integer`; a write stores version + 1, so it stays below. */
const MAX_VERSION = 2_147_483_647;
/** Envelope fields of an item or form body: they say which version was edited, not what. */
const ENVELOPE = ['id', 'version'];
/** An id that matches no entry, for path parameters that are no id at all. */
const NO_ID = '00000000-0000-0000-0000-000000000000';

/**
 * The generic questionnaire endpoints of docs/architecture.md#api-konventionen: every list step of
 * the definition gets add, update, delete and order; every form step gets save. Bodies are
 * validated with the step's schema; every write names the version it edited, and a stale one is
 * a 409. The methods get the caller's `ProjectAccess` already resolved (for `answer`).
 */
@Injectable()
export class QuestionnaireService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
  ) {}

  /** The step `kind` of the definition if it is of the `expected` kind; else 404. */
  step(kind: string, expected: StepDefinition['meta']['kind']): StepDefinition {
    const step = this.definition.steps.find((candidate) => candidate.meta.key === kind);
    if (!step || step.meta.kind !== expected) throw notFound();
    return step;
  }

  /** Validates a body against the step; returns the normalised answers and the edited version. */
  private answers(step: StepDefinition, body: unknown, needsVersion: boolean) {
    const input = objectBody(body);
    const { version } = input;
    // Versions are PostgreSQL integers; anything beyond is no version this server ever gave out.
    const versionValid =
      typeof version === 'number' &&
      Number.isInteger(version) &&
      version >= 0 &&
      version < MAX_VERSION;
    const result = this.validator(`step:${step.meta.key}`)(withoutKeys(input, ENVELOPE));
    const errors = result.valid ? {} : { ...result.errors };
    if (needsVersion && !versionValid) errors.version = [t('errors.version')];
    if (Object.keys(errors).length > 0) throw invalid(errors);
    return {
      data: (result as { value: Record<string, unknown> }).value,
      version: version as number,
    };
  }

  /** POST …/{kind}: appends an entry to a list step. */
  async addItem({ project }: ProjectAccess, step: StepDefinition, body: unknown) {
    const { data } = this.answers(step, body, false);
    const item = await this.orm.em.transactional(async (tx) => {
      await lockPositions(tx, project.id);
      return insertItem(tx, project.id, step.meta.key, data);
    });
    return itemJson(item);
  }

  /** PATCH …/{kind}/{itemId}: replaces an entry's answers. */
  async updateItem(
    { project }: ProjectAccess,
    step: StepDefinition,
    itemId: string,
    body: unknown,
  ) {
    const { data, version } = this.answers(step, body, true);
    const key = {
      id: isUuid(itemId) ? itemId : NO_ID,
      projectId: project.id,
      stepKey: step.meta.key,
    };
    // One statement writes and returns the entry; only a miss needs a second look.
    const saved = await updateItem(this.orm.em, key, data, version);
    if (saved) return itemJson(saved);
    const current = await findItem(this.orm.em, key);
    if (!current) throw notFound(t('errors.itemNotFound'));
    throw conflict(itemJson(current));
  }

  /** DELETE …/{kind}/{itemId}. */
  async deleteItem({ project }: ProjectAccess, step: StepDefinition, itemId: string) {
    if (!isUuid(itemId)) throw notFound(t('errors.itemNotFound'));
    const key = { id: itemId, projectId: project.id, stepKey: step.meta.key };
    if (!(await deleteItem(this.orm.em, key))) throw notFound(t('errors.itemNotFound'));
  }

  /**
   * PUT …/order: the listed items come first, in the given order; items the client did not know
   * yet (added meanwhile by someone else) keep their relative order behind them, so nothing is lost.
   */
  async reorder({ project }: ProjectAccess, step: StepDefinition, body: unknown) {
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
    });
    const reordered = await stepItemRows(em, project.id, step.meta.key);
    return reordered.map(itemJson);
  }

  /** PATCH …/{kind}: saves a form step; version 0 means its first save. */
  async saveForm({ project }: ProjectAccess, step: StepDefinition, body: unknown) {
    const { data, version } = this.answers(step, body, true);
    const em = this.orm.em;
    const kind = step.meta.key;
    if (version === 0) {
      if (await insertAnswer(em, project.id, kind, data)) return answerJson({ data, version: 1 });
      throw conflict(answerJson(await findAnswer(em, project.id, kind)));
    }
    // One statement writes and returns the answers; only a miss needs a second look.
    const saved = await updateAnswer(em, project.id, kind, data, version);
    if (saved) return answerJson(saved);
    throw conflict(answerJson(await findAnswer(em, project.id, kind)));
  }
}
