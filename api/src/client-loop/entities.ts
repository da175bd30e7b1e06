import { ProjectQuestionSchema } from './project-question.entity.ts';
import { QuestionReplySchema } from './question-reply.entity.ts';
import { ReminderSentSchema } from './reminder-sent.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): Rückfragen, their replies and the reminders sent. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [ProjectQuestionSchema, QuestionReplySchema, ReminderSentSchema];
