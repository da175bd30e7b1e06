import { UserSchema } from './user.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): The people who log in. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [UserSchema];
