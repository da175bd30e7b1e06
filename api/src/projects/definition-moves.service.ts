import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { MikroORM, type EntityManager } from '@mikro-orm/postgresql';
import {
  migrateAnswers,
  pendingMigrations,
  type StoredDocument,
  type VersionedMigration,
} from '@fragewerk/engine/core';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
  questionnaireId,
  type LoadedRevision,
} from '../definition/definition-revisions.ts';
import { lockRevisions } from '../definition/definition-revisions.repository.ts';
import { projectDocuments, rewriteDocument } from './answers.repository.ts';
import { logMigration } from './definition-migration-log.repository.ts';
import { assignMissingRevision, projectsBehind, setRevision } from './projects.repository.ts';

/** What the start did with the projects. */
export interface MoveSummary {
  /** Projects that had no revision yet and got the current one. */
  assigned: number;
  /** Running projects moved to the current revision. */
  moved: number;
  /** Answer documents a migration map changed. */
  migrated: number;
}

/**
 * Running projects follow the newest definition (docs/architecture.md#revisionen). At start, in
 * one pass and one transaction under the revisions' advisory lock, every project without a
 * revision gets the current one and every running project on an older revision moves to it: its
 * answers carry over as stored, except where a migration map of the new revision renames, maps or
 * drops something – those documents are rewritten and logged with their data before and after.
 * Approved projects stay on their revision; lifting an approval moves the project the same way
 * (`moveAnswers` in the settings' transaction). Nothing is deleted: no project, entry or answer.
 */
@Injectable()
export class DefinitionMovesService implements OnModuleInit {
  private readonly logger = new Logger('Definition');

  constructor(
    private readonly orm: MikroORM,
    @Inject(DEFINITION_REVISIONS) private readonly revisions: DefinitionRevisions,
  ) {}

  async onModuleInit(): Promise<void> {
    const summary = await this.moveRunningProjects();
    if (summary.assigned + summary.moved > 0)
      this.logger.log(
        `Fragebogen-Version ${this.revisions.current.ref.label}: ${summary.moved} laufende Projekte übernommen, ${summary.migrated} Antworten per Migration geändert, ${summary.assigned} Projekte ohne Version zugeordnet.`,
      );
  }

  /** The start's pass over all projects (see the class). */
  async moveRunningProjects(): Promise<MoveSummary> {
    return this.orm.em.fork().transactional(async (tx) => {
      await lockRevisions(tx);
      const summary: MoveSummary = { assigned: 0, moved: 0, migrated: 0 };
      // Each questionnaire's projects follow its own current revision, never another one's.
      for (const current of this.revisions.questionnaires) {
        const questionnaire = questionnaireId(current.definition);
        summary.assigned += await assignMissingRevision(tx, current.ref, questionnaire);
        const behind = await projectsBehind(tx, current.ref.id, questionnaire);
        const plain: string[] = [];
        for (const project of behind) {
          const from = await this.revisions.get(project.revision, tx);
          const maps = pendingMigrations(from?.definition, current.definition);
          if (maps.length > 0 && from)
            summary.migrated += await this.moveAnswers(tx, project.id, from, current, maps);
          plain.push(project.id);
        }
        await setRevision(tx, plain, current.ref);
        summary.moved += behind.length;
      }
      return summary;
    });
  }

  /**
   * Moves one project's answers from `from` to `to` in the transaction of `tx` (the caller points
   * the project at `to`): runs the maps `to` brings and logs every document they changed.
   * Returns how many changed.
   */
  async moveAnswers(
    tx: EntityManager,
    projectId: string,
    from: LoadedRevision,
    to: LoadedRevision,
    maps: VersionedMigration[] = pendingMigrations(from.definition, to.definition),
  ): Promise<number> {
    if (maps.length === 0) return 0;
    const { answers, items } = await projectDocuments(tx, projectId);
    const stored: StoredDocument[] = [
      ...answers.map((row) => ({ step: row.step_key, data: row.data })),
      ...items.map((row) => ({ step: row.step_key, id: row.id, data: row.data })),
    ];
    const moved = migrateAnswers(stored, from.definition, to.definition, maps);
    let changed = 0;
    for (const [index, document] of moved.entries()) {
      const before = stored[index]!;
      if (document === before) continue;
      await rewriteDocument(tx, projectId, document, document.data);
      await logMigration(tx, {
        projectId,
        fromRevision: from.ref.id,
        toRevision: to.ref.id,
        migrations: maps.map((map) => map.version).join(','),
        stepKey: document.step,
        itemId: document.id,
        before: before.data,
        after: document.data,
      });
      changed++;
    }
    return changed;
  }
}
