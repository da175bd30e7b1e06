import type { Draft, DraftStore } from '@fragewerk/engine/react';

/** Every draft key begins so; then whose it is, the project, the slot. */
const PREFIX = 'fragewerk.entwurf:';

/** Drafts older than this are thrown away when the browser next looks (30 days). */
export const DRAFT_MAX_AGE_MS = 30 * 24 * 3_600_000;

/**
 * Whose drafts these are: a logged-in person by their id, a customer by their share link. The link
 * is a secret: the key holds a short hash of it, not the link (the storage is readable in the
 * browser's developer tools, the hash proves nothing). FNV-1a: a key, not a security measure.
 */
export function draftOwner(userId: string | undefined, editToken: string | undefined): string {
  if (userId) return `konto-${userId}`;
  let hash = 0x811c9dc5;
  for (const char of editToken ?? '') {
    hash ^= char.charCodeAt(0);
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  return `link-${hash.toString(36)}`;
}

/** The browser's storage, or none (disabled, private mode with no quota): then no drafts. */
function storage(): Storage | undefined {
  try {
    return window.localStorage;
  } catch {
    return undefined;
  }
}

function parse(text: string | null): Draft | undefined {
  if (!text) return undefined;
  try {
    const draft = JSON.parse(text) as Draft;
    return typeof draft.savedAt === 'number' && Date.now() - draft.savedAt < DRAFT_MAX_AGE_MS
      ? draft
      : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The drafts of one person (`owner`) in one area – a project's id, or `konto` for the account
 * page (docs/product.md#entwürfe). Nothing here leaks between people or projects: both are part
 * of every key. A full or missing storage loses the draft, never the input on screen.
 */
export function draftStore(owner: string, area: string): DraftStore {
  const prefix = `${PREFIX}${owner}:${area}:`;
  return {
    read(slot) {
      const key = prefix + slot;
      const draft = parse(storage()?.getItem(key) ?? null);
      if (!draft) storage()?.removeItem(key);
      return draft;
    },
    write(slot, draft) {
      try {
        storage()?.setItem(prefix + slot, JSON.stringify(draft));
      } catch {
        // Storage full: the input stays on screen; only the safety copy is missing.
      }
    },
    remove(slot) {
      storage()?.removeItem(prefix + slot);
    },
    slots(start) {
      const store = storage();
      if (!store) return [];
      const found: string[] = [];
      for (let index = 0; index < store.length; index += 1) {
        const key = store.key(index);
        if (key?.startsWith(prefix + start)) found.push(key.slice(prefix.length));
      }
      // Only drafts that still count (reading drops the expired ones).
      return found.sort().filter((slot) => this.read(slot) !== undefined);
    },
  };
}

/** Removes every draft of `owner` (at logout: the next person at this browser sees none). */
export function removeDraftsOf(owner: string): void {
  const store = storage();
  if (!store) return;
  const keys: string[] = [];
  for (let index = 0; index < store.length; index += 1) {
    const key = store.key(index);
    if (key?.startsWith(`${PREFIX}${owner}:`)) keys.push(key);
  }
  keys.forEach((key) => store.removeItem(key));
}
