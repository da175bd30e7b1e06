import type { AnswerClaim } from './project-access.service.ts';

/** How long a confirmation counts: longer than the pauses of someone typing, short enough to age out. */
const CONFIRMED_FOR_MS = 60_000;
/** At most this many confirmations per process (a few MB); the oldest go first. */
const MAX_CONFIRMED = 10_000;

/** One key per caller and project: the same session user and share token on the same project. */
function keyOf({ caller: { user, editToken }, projectId }: AnswerClaim): string {
  return JSON.stringify([projectId, user?.id ?? null, editToken ?? null]);
}

/**
 * Answer claims the database confirmed lately (`ProjectAccessService.resolve` for `answer`, or an
 * autosave whose access-checked write found its row). Only such a claim has its body validated
 * before the database is asked again (the one-statement autosave); any other caller's access is
 * read first, so a request without access never reaches the validators. A confirmation is a
 * hint, not a right: the write still checks access itself, and a write that finds nothing
 * forgets the claim, so one whose access ended gets at most one more body looked at.
 */
export class ConfirmedAnswerClaims {
  private readonly confirmed = new Map<string, number>();

  constructor(private readonly now: () => number = Date.now) {}

  /** Whether the database confirmed `claim` within the last minute. */
  has(claim: AnswerClaim): boolean {
    const key = keyOf(claim);
    const at = this.confirmed.get(key);
    if (at === undefined) return false;
    if (this.now() - at <= CONFIRMED_FOR_MS) return true;
    this.confirmed.delete(key);
    return false;
  }

  /** Remembers that the database has just confirmed `claim`. */
  confirm(claim: AnswerClaim): void {
    const key = keyOf(claim);
    // Re-inserted, so the Map's order stays oldest first.
    this.confirmed.delete(key);
    this.confirmed.set(key, this.now());
    if (this.confirmed.size > MAX_CONFIRMED)
      this.confirmed.delete(this.confirmed.keys().next().value!);
  }

  /** Forgets `claim`: its last access-checked write found nothing. */
  forget(claim: AnswerClaim): void {
    this.confirmed.delete(keyOf(claim));
  }
}
