import { createHmac } from 'node:crypto';
import { sameSecret } from '../common/secrets.ts';

// The token of a reminder's „Keine Erinnerungen mehr“ link: the contact's id (a contact belongs
// to one project) and an HMAC of it for this one purpose, under a key derived from the session
// secret. Nothing is stored; a token is checked before the database is asked anything, so a
// guessed or altered token finds nothing, and one contact's token is worth nothing for another
// contact or for anything else.

const PURPOSE = 'reminders-off';
const TOKEN = /^([0-9a-f]{32})([\w-]{43})$/;

/** The key of the unsubscribe links, derived from the session secret. */
export function unsubscribeKey(sessionSecret: string): Buffer {
  return createHmac('sha256', sessionSecret).update('fragewerk unsubscribe links').digest();
}

const mac = (key: Buffer, contactId: string) =>
  createHmac('sha256', key).update(`${PURPOSE}:${contactId}`).digest('base64url');

/** The token of a contact's unsubscribe link (75 characters, URL-safe). */
export function unsubscribeToken(key: Buffer, contactId: string): string {
  return `${contactId.replace(/-/g, '').toLowerCase()}${mac(key, contactId.toLowerCase())}`;
}

/** The contact id a token was made for, or undefined when it is not one of ours. */
export function contactOfToken(key: Buffer, token: string): string | undefined {
  const match = TOKEN.exec(token);
  if (!match) return undefined;
  const hex = match[1]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  return sameSecret(match[2], mac(key, id)) ? id : undefined;
}
