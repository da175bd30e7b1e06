import { Inject, Injectable } from '@nestjs/common';
import {
  type EntityManager,
  MikroORM,
  UniqueConstraintViolationException,
} from '@mikro-orm/postgresql';
import type { StepDefinition } from '@fragewerk/engine/core';
import type { Request } from 'express';
import { conflict, invalid, notFound } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import {
  DEFINITION,
  VALIDATOR,
  type Definition,
  type ValidatorFor,
} from '../definition/definition.providers.ts';
import { ProjectAccessService } from '../projects/project-access.service.ts';
import { type AnswerRow, answerJson, type ItemRow, itemJson } from '../projects/project-json.ts';
import { ProjectSchema, type Project } from '../projects/project.entity.ts';
import { AnswerSchema } from './answer.entity.ts';
import { ItemSchema } from './item.entity.ts';
import { isUuid } from '../common/secrets.ts';

/** The largest value of a PostgreSQL `integer`; a write stores version + 1, so it stays below. */
const MAX_VERSION = 2_147_483_647;
/** Envelope fields of an item or form body: they say which version was edited, not what. */
const ENVELOPE = ['id', 'version'];

/**
 * The generic questionnaire endpoints of DESIGN §4: every list step of the definition gets add,
 * update, delete and order; every form step gets save. Bodies are validated with the step's
 * schema; every write names the version it edited, and a stale one is a 409.
 */
@Injectable()
export class QuestionnaireService {
  constructor(
    private readonly orm: MikroORM,
    private readonly access: ProjectAccessService,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
  ) {}

  private step(kind: string, expected: StepDefinition['meta']['kind']): StepDefinition {
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

  /** Keeps the project's "last edited" date current. */
  private async touch(project: Project) {
    await this.orm.em.nativeUpdate(ProjectSchema, { id: project.id }, { updated_at: new Date() });
  }

  /**
   * Serialises everything that hands out or changes positions of a project (adds, reorders):
   * without it, parallel adds would read the same highest position and share the next one.
   */
  private async lockPositions(tx: EntityManager, projectId: string) {
    await tx
      .getConnection()
      .execute(
        'select id from project where id = ? for update',
        [projectId],
        'all',
        tx.getTransactionContext(),
      );
  }

  async addItem(request: Request, projectId: string, kind: string, body: unknown) {
    const step = this.step(kind, 'list');
    const { project } = await this.access.resolve(request, projectId, 'answer');
    const { data } = this.answers(step, body, false);
    const item = await this.orm.em.transactional(async (tx) => {
      await this.lockPositions(tx, project.id);
      const [row] = await tx
        .getConnection()
        .execute<{ next: number }[]>(
          'select coalesce(max(position), -1) + 1 as next from item where project_id = ? and step_key = ?',
          [project.id, kind],
          'all',
          tx.getTransactionContext(),
        );
      return tx.create(ItemSchema, {
        project: project.id,
        step_key: kind,
        position: Number(row?.next ?? 0),
        data,
      });
    });
    await this.touch(project);
    return itemJson(item);
  }

  async updateItem(
    request: Request,
    projectId: string,
    kind: string,
    itemId: string,
    body: unknown,
  ) {
    const step = this.step(kind, 'list');
    const { project } = await this.access.resolve(request, projectId, 'answer');
    const { data, version } = this.answers(step, body, true);
    const where = {
      id: isUuid(itemId) ? itemId : '00000000-0000-0000-0000-000000000000',
      project: project.id,
      step_key: kind,
    };
    const em = this.orm.em;
    // One statement writes and returns the entry; only a miss needs a second look.
    const [saved] = await em.getConnection().execute<ItemRow[]>(
      `with saved as (update item set data = ?::jsonb, version = version + 1, updated_at = now()
                          where id = ? and project_id = ? and step_key = ? and version = ?
                          returning id, step_key, data, version),
              touched as (update project set updated_at = now() where id = ? and exists (select 1 from saved))
         select * from saved`,
      [JSON.stringify(data), where.id, project.id, kind, version, project.id],
    );
    if (!saved) {
      const current = await em.findOne(ItemSchema, where, { refresh: true });
      if (!current) throw notFound(t('errors.itemNotFound'));
      throw conflict(itemJson(current));
    }
    // The statement above also kept the project's "last edited" date.
    return itemJson(saved);
  }

  async deleteItem(request: Request, projectId: string, kind: string, itemId: string) {
    this.step(kind, 'list');
    const { project } = await this.access.resolve(request, projectId, 'answer');
    if (!isUuid(itemId)) throw notFound(t('errors.itemNotFound'));
    const deleted = await this.orm.em.nativeDelete(ItemSchema, {
      id: itemId,
      project: project.id,
      step_key: kind,
    });
    if (deleted === 0) throw notFound(t('errors.itemNotFound'));
    await this.touch(project);
  }

  /**
   * PUT …/order: the listed items come first, in the given order; items the client did not know
   * yet (added meanwhile by someone else) keep their relative order behind them, so nothing is lost.
   */
  async reorder(request: Request, projectId: string, kind: string, body: unknown) {
    this.step(kind, 'list');
    const { project } = await this.access.resolve(request, projectId, 'answer');
    const { order } = objectBody(body);
    const em = this.orm.em;
    const items = await em.find(
      ItemSchema,
      { project: project.id, step_key: kind },
      { orderBy: { position: 'asc' } },
    );
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
      await this.lockPositions(tx, project.id);
      for (const [position, id] of sequence.entries()) {
        await tx.nativeUpdate(ItemSchema, { id, project: project.id }, { position });
      }
    });
    await this.touch(project);
    const reordered = await em.find(
      ItemSchema,
      { project: project.id, step_key: kind },
      { orderBy: { position: 'asc' }, refresh: true },
    );
    return reordered.map(itemJson);
  }

  async saveForm(request: Request, projectId: string, kind: string, body: unknown) {
    const step = this.step(kind, 'form');
    const { project } = await this.access.resolve(request, projectId, 'answer');
    const { data, version } = this.answers(step, body, true);
    const em = this.orm.em;
    const where = { project: project.id, step_key: kind };
    if (version === 0) {
      try {
        // A fork of its own, so that a lost race leaves this request's unit of work clean.
        const fork = em.fork();
        fork.create(AnswerSchema, { ...where, data, version: 1 });
        await fork.flush();
      } catch (error) {
        if (!(error instanceof UniqueConstraintViolationException)) throw error;
        throw conflict(
          answerJson((await em.findOne(AnswerSchema, where, { refresh: true })) ?? undefined),
        );
      }
      await this.touch(project);
      return answerJson({ data, version: 1 });
    }
    // One statement writes and returns the answers; only a miss needs a second look.
    const [saved] = await em.getConnection().execute<AnswerRow[]>(
      `with saved as (update answer set data = ?::jsonb, version = version + 1, updated_at = now()
                          where project_id = ? and step_key = ? and version = ?
                          returning step_key, data, version),
              touched as (update project set updated_at = now() where id = ? and exists (select 1 from saved))
         select * from saved`,
      [JSON.stringify(data), project.id, kind, version, project.id],
    );
    if (!saved)
      throw conflict(
        answerJson((await em.findOne(AnswerSchema, where, { refresh: true })) ?? undefined),
      );
    return answerJson(saved);
  }
}
