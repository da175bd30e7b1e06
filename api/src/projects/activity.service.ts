import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { ActivityJson } from '@fragewerk/schemas/types';
import { invalid } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../definition/definition-revisions.ts';
import { projectActivity, type ActivityRow } from './activity.repository.ts';
import { activityJson } from './activity-text.ts';
import type { ProjectAccess } from './project-access.service.ts';
import type { ProjectRecord } from './projects.repository.ts';

/** Lines of the history per page. */
export const ACTIVITY_PAGE = 50;

/** An ISO 8601 timestamp as `before` takes it (a client echoes `next`). */
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d{1,6})?(Z|[+-]\d{2}:\d{2})$/;

/** A project's history for its agency's members (docs/product.md#verlauf). */
@Injectable()
export class ActivityService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  /**
   * GET /api/projects/{id}/activity: a page of lines before `before` (the newest when absent),
   * newest first, and the `next` page's `before` (null at the end).
   */
  async list(
    { project }: ProjectAccess,
    before: unknown,
  ): Promise<{ data: ActivityJson[]; next: string | null }> {
    if (
      before !== undefined &&
      (typeof before !== 'string' || !ISO_TIME.test(before) || Number.isNaN(Date.parse(before)))
    )
      throw invalid({ before: [t('errors.activityBefore')] });
    const rows = await projectActivity(this.orm.em, project.id, before, ACTIVITY_PAGE + 1);
    const page = rows.slice(0, ACTIVITY_PAGE);
    return {
      data: await this.lines(project, page),
      next: rows.length > ACTIVITY_PAGE ? page.at(-1)!.at : null,
    };
  }

  /** The whole history of a project, newest first (the account export). */
  async all(project: ProjectRecord): Promise<ActivityJson[]> {
    return this.lines(project, await projectActivity(this.orm.em, project.id, undefined, null));
  }

  /** Rows as the API shows them, with the step titles of the project's questionnaire. */
  private async lines(project: ProjectRecord, rows: ActivityRow[]): Promise<ActivityJson[]> {
    // Titles from the project's revision, else the newest (a step taken out since), else the key.
    const revision = await this.revisions.of(project);
    const current = this.revisions.currentOf(project.questionnaire);
    const stepTitle = (key: string) =>
      [revision, current]
        .flatMap((loaded) => loaded?.definition.steps ?? [])
        .find((step) => step.meta.key === key)?.meta.title ?? key;
    return rows.map((row) => activityJson(row, stepTitle));
  }
}
