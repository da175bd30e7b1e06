/** How long a written line counts as fresh: the history shows its time to the minute. */
const FRESH_MS = 60_000;
/** At most this many lines per process (a few MB); the oldest go first. */
const MAX_LINES = 10_000;

/**
 * The history lines (docs/product.md#verlauf) this process wrote or counted up within the last
 * minute, by project, person, step and entry. A save whose line is fresh leaves the history alone
 * – its statement is the plain save again – so that typing, which autosaves every second or so,
 * costs no more than before the history. Only a hint: another process knows nothing of it and
 * looks at the line itself, which it then finds fresh, too.
 */
export class RecentHistoryLines {
  private readonly written = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether the line `key` is due to be written or counted up (not fresh). */
  due(key: string): boolean {
    const at = this.written.get(key);
    if (at === undefined) return true;
    if (this.now() - at < FRESH_MS) return false;
    this.written.delete(key);
    return true;
  }

  /** Remembers that the line `key` was written or counted up now. */
  wrote(key: string): void {
    this.written.delete(key);
    this.written.set(key, this.now());
    if (this.written.size > MAX_LINES) this.written.delete(this.written.keys().next().value!);
  }
}

/** The key of a save's line: project, who (a user id or the share link), step and entry. */
export const historyLineKey = (
  projectId: string,
  who: string,
  stepKey: string,
  itemId: string | undefined,
) => JSON.stringify([projectId, who, stepKey, itemId ?? null]);
