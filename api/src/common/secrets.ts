import { timingSafeEqual } from 'node:crypto';

/** Constant-time comparison of two strings (tokens, CSRF values). */
export function sameSecret(a: string | undefined, b: string | undefined): boolean {
  if (typeof a !== 'string' || typeof b !== 'string') return false;
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Whether a path parameter can be an id of ours at all (anything else is simply not found). */
export const isUuid = (value: string): boolean => UUID.test(value);
