import { LoginAttemptSchema } from '../auth/login-attempt.entity.ts';
import { SessionSchema } from '../auth/session.entity.ts';
import { TokenSchema } from '../auth/token.entity.ts';
import { ProjectSchema } from '../projects/project.entity.ts';
import { AnswerSchema } from '../questionnaire/answer.entity.ts';
import { ItemSchema } from '../questionnaire/item.entity.ts';
import { UserSchema } from '../users/user.entity.ts';

/** Every entity of the data model (DESIGN §5). */
export const entities = [
  UserSchema,
  ProjectSchema,
  AnswerSchema,
  ItemSchema,
  SessionSchema,
  TokenSchema,
  LoginAttemptSchema,
];
