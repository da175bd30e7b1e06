import { AnswerSchema } from './answer.entity.ts';
import { CustomerContactSchema } from './customer-contact.entity.ts';
import { CustomerInvitationSchema } from './customer-invitation.entity.ts';
import { DefinitionMigrationLogSchema } from './definition-migration-log.entity.ts';
import { FormerTokenSchema } from './former-token.entity.ts';
import { ItemSchema } from './item.entity.ts';
import { ProjectActivitySchema } from './project-activity.entity.ts';
import { ProjectProgressSchema } from './project-progress.entity.ts';
import { ProjectSchema } from './project.entity.ts';
import { StepReviewSchema } from './step-review.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): Projects with their answers, entries, history, customer contacts and „geprüft“ marks. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [
  CustomerContactSchema,
  CustomerInvitationSchema,
  AnswerSchema,
  DefinitionMigrationLogSchema,
  FormerTokenSchema,
  ItemSchema,
  ProjectProgressSchema,
  ProjectSchema,
  ProjectActivitySchema,
  StepReviewSchema,
];
