import { defineEntity, p, type InferEntity } from '@mikro-orm/core';

/**
 * A definition the server ran (docs/architecture.md#revisionen): the whole loaded definition as
 * canonical JSON, identified by its SHA-256. Rows are only ever added; a project points at the
 * revision it is on.
 */
export const DefinitionRevisionSchema = defineEntity({
  name: 'DefinitionRevision',
  tableName: 'definition_revision',
  properties: {
    /** SHA-256 (hex) of `definition`. */
    id: p.string().length(64).primary(),
    /** The catalogue questionnaire this is a revision of (`definitions/<id>/`). */
    questionnaire: p.string().length(64).default('markenbriefing').index(),
    /** The manifest's `version`: the label people see („Fragebogen-Version 1“). */
    version: p.integer(),
    /**
     * The canonical JSON as text, not jsonb: jsonb would reorder the keys, and their order is
     * content (the order of prose sentences and fields).
     */
    definition: p.text().lazy(),
    created_at: p.datetime().onCreate(() => new Date()),
    /** When a server last started on it: the newest of these is the one running now. */
    activated_at: p.datetime().onCreate(() => new Date()),
  },
});

export type DefinitionRevisionRow = InferEntity<typeof DefinitionRevisionSchema>;
