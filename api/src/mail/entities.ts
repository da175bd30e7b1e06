import { OutboxMailSchema } from './outbox-mail.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): The outbox of mails not yet sent. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [OutboxMailSchema];
