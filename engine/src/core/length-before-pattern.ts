import type { JsonSchema } from './definition-types.ts';
import { isObject } from './is-object.ts';
import { LIST_KEYWORDS, MAP_KEYWORDS, SCHEMA_KEYWORDS } from './schema-nodes.ts';

/**
 * Keywords that test a string with a regular expression. Ajv runs them even when `maxLength`
 * already failed (`allErrors`), so a long string would meet the expression at full length.
 */
const REGEX_KEYWORDS = ['pattern', 'format'] as const;

/**
 * Moves one node's regex keywords behind its length: `{maxLength: N, pattern: P}` becomes
 * `{maxLength: N, allOf: [{if: {maxLength: N}, then: {pattern: P}}]}`. Validity is the same (a
 * string over N fails `maxLength` either way); only the pattern's error is left out for it. The
 * keyword's ajv-errors message moves along, as ajv-errors only replaces errors of its own node.
 */
function guardNode(node: JsonSchema): JsonSchema {
  const { maxLength } = node;
  const guarded = REGEX_KEYWORDS.filter((keyword) => typeof node[keyword] === 'string');
  if (typeof maxLength !== 'number' || guarded.length === 0) return node;
  const result: JsonSchema = { ...node };
  const then: JsonSchema = {};
  const messages = isObject(node.errorMessage) ? { ...node.errorMessage } : undefined;
  const thenMessages: Record<string, unknown> = {};
  for (const keyword of guarded) {
    then[keyword] = node[keyword];
    delete result[keyword];
    if (messages && Object.hasOwn(messages, keyword)) {
      thenMessages[keyword] = messages[keyword];
      delete messages[keyword];
    }
  }
  if (Object.keys(thenMessages).length > 0) {
    then.errorMessage = thenMessages;
    if (Object.keys(messages!).length > 0) result.errorMessage = messages;
    else delete result.errorMessage;
  }
  const allOf = Array.isArray(node.allOf) ? node.allOf : [];
  result.allOf = [...allOf, { if: { maxLength }, then }];
  return result;
}

/**
 * The schema as the validators compile it: every `pattern` and `format` of a string with a
 * `maxLength` runs only on strings within that length, so no input longer than a field allows
 * ever reaches a regular expression (a backtracking one could take seconds on it). Plain JSON
 * Schema (`if`/`then`), so Ajv's standalone code for the browser carries it as well; the
 * definition itself (rjsf, labels, revisions) keeps the schema as written.
 */
export function lengthBeforePattern(schema: JsonSchema): JsonSchema {
  const visit = (node: unknown): unknown => {
    if (!isObject(node)) return node;
    const copy: JsonSchema = { ...node };
    for (const keyword of SCHEMA_KEYWORDS)
      if (isObject(copy[keyword])) copy[keyword] = visit(copy[keyword]);
    for (const keyword of LIST_KEYWORDS)
      if (Array.isArray(copy[keyword])) copy[keyword] = (copy[keyword] as unknown[]).map(visit);
    for (const keyword of MAP_KEYWORDS) {
      const map = copy[keyword];
      if (isObject(map))
        copy[keyword] = Object.fromEntries(
          Object.entries(map).map(([name, sub]) => [name, visit(sub)]),
        );
    }
    return guardNode(copy);
  };
  return visit(schema) as JsonSchema;
}
