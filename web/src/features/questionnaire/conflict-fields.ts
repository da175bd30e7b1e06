import {
  displayValues,
  fieldLabel,
  threeWayMerge,
  type Definition,
  type StepDefinition,
} from '@fragewerk/engine/core';

/**
 * The dialog's texts (`locales/conflict.de.json`): they load with the merge, on a conflict only,
 * not with every step (the share link's bundle budget).
 */
export { default as conflictTexts } from '../../locales/conflict.de.json';

/** A document's fields without its envelope (`id`, `version`). */
export type Fields = Record<string, unknown>;
/** Which side of a conflicting field is kept. */
export type FieldPick = 'mine' | 'theirs';

/** One field both sides changed differently, as the conflict dialog shows it. */
export interface FieldConflict {
  field: string;
  /** The field's German label (its schema title). */
  label: string;
  /** What the person typed, worded for display. */
  mine: string;
  /** What is stored now, worded for display. */
  theirs: string;
}

/** Texts for values that have no words of their own. */
export interface ValueTexts {
  empty: string;
  yes: string;
  no: string;
}

/** A field's value as a person reads it: preset labels, list entries joined, never a raw key. */
function shownValue(
  definition: Definition,
  step: StepDefinition,
  document: Fields,
  field: string,
  texts: ValueTexts,
): string {
  const value = document[field];
  if (typeof value === 'boolean') return value ? texts.yes : texts.no;
  // displayValues leaves the own text of a „Sonstiges“ answer to the field it belongs to.
  if (field.startsWith('custom_')) return typeof value === 'string' && value ? value : texts.empty;
  const shown = displayValues(definition, step, document, { fields: [field] })[field];
  if (shown === undefined) return texts.empty;
  return Array.isArray(shown) ? shown.join(', ') : String(shown);
}

/** The rows of the conflict dialog for the fields the server named. */
export function conflictRows(
  definition: Definition,
  step: StepDefinition,
  conflicts: string[],
  mine: Fields,
  theirs: Fields,
  texts: ValueTexts,
): FieldConflict[] {
  return conflicts.map((field) => ({
    field,
    label: fieldLabel(step.schema, [field], step.ui),
    mine: shownValue(definition, step, mine, field, texts),
    theirs: shownValue(definition, step, theirs, field, texts),
  }));
}

/**
 * What to save after a 409 (docs/product.md#gleichzeitiges-bearbeiten): the same field-by-field
 * merge the server does (only one side changed a field: that side's value), with the person's
 * pick for each field both changed. It is saved against the stored version with the stored state
 * as its new base, so a further save in between is merged again.
 */
export function combine(
  base: Fields,
  theirs: Fields,
  mine: Fields,
  picks: Record<string, FieldPick>,
): Fields {
  const { merged } = threeWayMerge(base, theirs, mine);
  for (const [field, pick] of Object.entries(picks)) {
    const value = pick === 'mine' ? mine[field] : theirs[field];
    if (value === undefined) delete merged[field];
    else merged[field] = value;
  }
  return merged;
}
