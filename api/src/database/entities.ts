import { AgencyLogoSchema } from '../agency/agency-logo.entity.ts';
import { AgencySchema } from '../agency/agency.entity.ts';
import { InvitationSchema } from '../agency/invitation.entity.ts';
import { LoginAttemptSchema } from '../accounts/login-attempt.entity.ts';
import { SessionSchema } from '../accounts/session.entity.ts';
import { CustomerContactSchema } from '../projects/customer-contact.entity.ts';
import { CustomerInvitationSchema } from '../projects/customer-invitation.entity.ts';
import { TokenSchema } from '../accounts/token.entity.ts';
import { DefinitionRevisionSchema } from '../definition/definition-revision.entity.ts';
import { HealthProbeSchema } from '../health/health-probe.entity.ts';
import { OutboxMailSchema } from '../mail/outbox-mail.entity.ts';
import { AnswerSchema } from '../projects/answer.entity.ts';
import { DefinitionMigrationLogSchema } from '../projects/definition-migration-log.entity.ts';
import { FormerTokenSchema } from '../projects/former-token.entity.ts';
import { ItemSchema } from '../projects/item.entity.ts';
import { ProjectProgressSchema } from '../projects/project-progress.entity.ts';
import { ProjectSchema } from '../projects/project.entity.ts';
import { ProjectActivitySchema } from '../projects/project-activity.entity.ts';
import { StepReviewSchema } from '../projects/step-review.entity.ts';
import { ProjectQuestionSchema } from '../client-loop/project-question.entity.ts';
import { QuestionReplySchema } from '../client-loop/question-reply.entity.ts';
import { ReminderSentSchema } from '../client-loop/reminder-sent.entity.ts';
import { UserSchema } from '../users/user.entity.ts';

/** Every entity of the data model (docs/architecture.md#datenmodell). */
export const entities = [
  AgencySchema,
  AgencyLogoSchema,
  InvitationSchema,
  UserSchema,
  ProjectSchema,
  AnswerSchema,
  ItemSchema,
  SessionSchema,
  TokenSchema,
  LoginAttemptSchema,
  DefinitionRevisionSchema,
  DefinitionMigrationLogSchema,
  OutboxMailSchema,
  ProjectProgressSchema,
  HealthProbeSchema,
  FormerTokenSchema,
  CustomerContactSchema,
  CustomerInvitationSchema,
  ProjectActivitySchema,
  StepReviewSchema,
  ProjectQuestionSchema,
  QuestionReplySchema,
  ReminderSentSchema,
];
