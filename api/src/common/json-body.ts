import { t } from './messages.ts';
import { invalid } from './api-error.ts';

/** A request body as a plain object; anything else (array, string, null) is a 422. */
export function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) {
    throw invalid({ '': [t('errors.validation')] });
  }
  return body as Record<string, unknown>;
}

/** A copy of `body` without the read-only fields a client may echo back. */
export function withoutKeys(
  body: Record<string, unknown>,
  keys: Iterable<string>,
): Record<string, unknown> {
  const drop = new Set(keys);
  return Object.fromEntries(Object.entries(body).filter(([key]) => !drop.has(key)));
}
