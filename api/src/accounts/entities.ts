import { LoginAttemptSchema } from './login-attempt.entity.ts';
import { SessionSchema } from './session.entity.ts';
import { TokenSchema } from './token.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): Sessions, one-time tokens and login attempts. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [LoginAttemptSchema, SessionSchema, TokenSchema];
