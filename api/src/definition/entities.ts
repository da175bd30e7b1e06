import { DefinitionRevisionSchema } from './definition-revision.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): The stored revisions of the questionnaires. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [DefinitionRevisionSchema];
