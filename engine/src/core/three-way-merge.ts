import { isObject } from './is-object.ts';

/** A flat answer document: field name → JSON value (arrays and objects count as one value). */
export type Fields = Record<string, unknown>;

/** The outcome of {@link threeWayMerge}: the merged fields and the fields both sides changed. */
export interface MergeResult {
  merged: Fields;
  /** Fields both sides changed, to different values, in name order; empty when `merged` holds. */
  conflicts: string[];
}

/**
 * Deep equality of JSON values: key order of objects does not count (a stored `jsonb` object
 * comes back with its keys sorted), array order does. A missing field equals `undefined`.
 */
export function sameValue(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (Array.isArray(a) || Array.isArray(b)) {
    return (
      Array.isArray(a) &&
      Array.isArray(b) &&
      a.length === b.length &&
      a.every((entry, index) => sameValue(entry, b[index]))
    );
  }
  if (!isObject(a) || !isObject(b)) return false;
  const keys = new Set([...Object.keys(a), ...Object.keys(b)]);
  return [...keys].every((key) => sameValue(a[key], b[key]));
}

/**
 * Merges two edits of one document field by field (docs/product.md#gleichzeitiges-bearbeiten):
 * `base` is what the editor started from, `theirs` what is stored meanwhile, `mine` the edit being
 * saved. A field only I changed takes mine, a field only they changed keeps theirs, a field both
 * changed to the same value is no conflict; only a field both changed differently is one (and
 * keeps theirs in `merged` until someone decides). A field missing on a side is `undefined` there
 * and stays missing in `merged` when that side wins.
 */
export function threeWayMerge(base: Fields, theirs: Fields, mine: Fields): MergeResult {
  const merged: Fields = {};
  const conflicts: string[] = [];
  const names = new Set([...Object.keys(base), ...Object.keys(theirs), ...Object.keys(mine)]);
  for (const name of [...names].sort()) {
    const iChanged = !sameValue(base[name], mine[name]);
    const theyChanged = !sameValue(base[name], theirs[name]);
    if (iChanged && theyChanged && !sameValue(mine[name], theirs[name])) conflicts.push(name);
    const value = iChanged && !theyChanged ? mine[name] : theirs[name];
    if (value !== undefined) merged[name] = value;
  }
  return { merged, conflicts };
}

/**
 * Puts the changes of an edit (`base` → `edit`) onto `onto`: the fields the edit changed take its
 * value (a field it removed is removed), every other field keeps `onto`'s. A draft typed against
 * an older version comes back this way over what is stored now, without undoing what others saved
 * in the fields it did not touch.
 */
export function applyEdit(base: Fields, edit: Fields, onto: Fields): Fields {
  const result = { ...onto };
  for (const name of new Set([...Object.keys(base), ...Object.keys(edit)])) {
    if (sameValue(base[name], edit[name])) continue;
    if (edit[name] === undefined) delete result[name];
    else result[name] = edit[name];
  }
  return result;
}
