import { describe, expect, it } from 'vitest';
import type { UserRow } from '../users/user-row.ts';
import { ConfirmedAnswerClaims } from './project-access-confirmed.ts';
import type { AnswerClaim } from './project-access.service.ts';

const claim = (projectId: string, editToken?: string, userId?: string): AnswerClaim => ({
  caller: { user: userId ? ({ id: userId } as UserRow) : undefined, editToken },
  projectId,
});

describe('ConfirmedAnswerClaims', () => {
  it('knows only the exact claim the database confirmed, for a minute', () => {
    let now = 0;
    const confirmed = new ConfirmedAnswerClaims(() => now);
    confirmed.confirm(claim('p1', 'token'));
    expect(confirmed.has(claim('p1', 'token'))).toBe(true);
    // Another token, another project, the same token with a session: not confirmed.
    expect(confirmed.has(claim('p1', 'bogus'))).toBe(false);
    expect(confirmed.has(claim('p2', 'token'))).toBe(false);
    expect(confirmed.has(claim('p1', 'token', 'u1'))).toBe(false);
    now = 60_000;
    expect(confirmed.has(claim('p1', 'token'))).toBe(true);
    now = 60_001;
    expect(confirmed.has(claim('p1', 'token'))).toBe(false);
  });

  it('forgets a claim whose write found nothing, and the oldest beyond its limit', () => {
    const confirmed = new ConfirmedAnswerClaims(() => 0);
    confirmed.confirm(claim('p1', undefined, 'u1'));
    confirmed.forget(claim('p1', undefined, 'u1'));
    expect(confirmed.has(claim('p1', undefined, 'u1'))).toBe(false);
    for (let index = 0; index <= 10_000; index += 1) confirmed.confirm(claim(`p${index}`, 't'));
    expect(confirmed.has(claim('p0', 't'))).toBe(false);
    expect(confirmed.has(claim('p1', 't'))).toBe(true);
    expect(confirmed.has(claim('p10000', 't'))).toBe(true);
  });
});
