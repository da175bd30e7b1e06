import { isObject } from './is-object.ts';

/** Deeper input than any schema of ours describes is refused before anything walks it. */
export const MAX_DEPTH = 16;

export interface InputProblem {
  path: string[];
  kind: 'depth' | 'characters';
}

/** Text PostgreSQL cannot store: NUL, or UTF-16 that is not well-formed (a lone surrogate). */
function badText(text: string): boolean {
  return text.includes('\u0000') || !text.isWellFormed();
}

/**
 * Finds what no JSON Schema can say about an input: nesting deeper than {@link MAX_DEPTH} and
 * texts (values or keys) that are not storable Unicode. It walks iteratively, so hostile input
 * cannot exhaust the stack, and reports one problem per top-level field.
 */
export function inputProblems(input: unknown): InputProblem[] {
  const problems = new Map<string, InputProblem>();
  const stack: { value: unknown; path: string[] }[] = [{ value: input, path: [] }];
  while (stack.length > 0) {
    const { value, path } = stack.pop()!;
    const field = path.slice(0, 1);
    const key = field.join('.');
    if (problems.has(key)) continue;
    if (typeof value === 'string') {
      if (badText(value)) problems.set(key, { path: field, kind: 'characters' });
      continue;
    }
    if (!Array.isArray(value) && !isObject(value)) continue;
    if (path.length >= MAX_DEPTH) {
      problems.set(key, { path: field, kind: 'depth' });
      continue;
    }
    const entries = Array.isArray(value)
      ? value.map((entry, index) => [String(index), entry] as const)
      : Object.entries(value);
    for (const [name, entry] of entries) {
      if (badText(name)) {
        problems.set(key, { path: path.length ? field : [name], kind: 'characters' });
        continue;
      }
      stack.push({ value: entry, path: [...path, name] });
    }
  }
  return [...problems.values()];
}
