import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.ts';
import { TokenSchema, type Token } from './token.entity.ts';

export type TokenPurpose = 'verify' | 'reset' | 'email';

const LIFETIME: Record<TokenPurpose, number> = {
  verify: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
  email: 24 * 60 * 60 * 1000,
};

/**
 * Purposes of which only the newest link counts: a new reset or e-mail change link revokes the
 * older unused ones, so a link left in a mailbox (or read by someone else) dies with the next
 * request. Activation links stay valid side by side: each only activates.
 */
const NEWEST_ONLY: ReadonlySet<TokenPurpose> = new Set(['reset', 'email']);

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** One-time tokens for mails: 256 bits, stored only as a hash, with an expiry. */
@Injectable()
export class OneTimeTokensService {
  constructor(private readonly orm: MikroORM) {}

  /**
   * Creates a token for `user` and returns it in plain text (for the link in the mail); for an
   * e-mail change, `newEmail` is the address it confirms. Revokes the older unused tokens of a
   * newest-only purpose, in the caller's transaction.
   */
  async issue(user: User, purpose: TokenPurpose, newEmail?: string): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const em = this.orm.em;
    if (NEWEST_ONLY.has(purpose)) await this.revoke(user.id, [purpose]);
    em.create(TokenSchema, {
      user,
      purpose,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + LIFETIME[purpose]),
      new_email: newEmail ?? null,
    });
    await em.flush();
    return token;
  }

  /**
   * Marks every unused token of these purposes of an account as used (after a password change,
   * a reset or an e-mail change), in the caller's transaction.
   */
  async revoke(userId: string, purposes: TokenPurpose[]): Promise<void> {
    await this.orm.em.nativeUpdate(
      TokenSchema,
      { user: userId, purpose: { $in: purposes }, used_at: null },
      { used_at: new Date() },
    );
  }

  /** A still valid, unused token with its user, or undefined. Does not use it up. */
  async peekToken(token: string, purpose: TokenPurpose): Promise<Token | undefined> {
    const row = await this.orm.em.findOne(
      TokenSchema,
      { token_hash: sha256(token), purpose, used_at: null, expires_at: { $gt: new Date() } },
      { populate: ['user'] },
    );
    return row ?? undefined;
  }

  /** The user a still valid, unused token belongs to, or undefined. Does not use it up. */
  async peek(token: string, purpose: TokenPurpose): Promise<User | undefined> {
    return (await this.peekToken(token, purpose))?.user ?? undefined;
  }

  /**
   * The user a token of `purpose` was issued to, used, expired or not; undefined for a token that
   * never existed. Only for telling the holder of a mail link what became of it.
   */
  async holder(token: string, purpose: TokenPurpose): Promise<User | undefined> {
    const row = await this.orm.em.findOne(
      TokenSchema,
      { token_hash: sha256(token), purpose },
      { populate: ['user'] },
    );
    return row?.user ?? undefined;
  }

  /** Uses a token up; returns its user, or undefined when it was invalid, used or expired. */
  async consume(token: string, purpose: TokenPurpose): Promise<User | undefined> {
    return (await this.consumeToken(token, purpose))?.user ?? undefined;
  }

  /** Uses a token up; returns it with its user, or undefined when it was invalid, used or expired. */
  async consumeToken(token: string, purpose: TokenPurpose): Promise<Token | undefined> {
    const em = this.orm.em;
    const used = await em.nativeUpdate(
      TokenSchema,
      { token_hash: sha256(token), purpose, used_at: null, expires_at: { $gt: new Date() } },
      { used_at: new Date() },
    );
    if (used === 0) return undefined;
    const row = await em.findOne(
      TokenSchema,
      { token_hash: sha256(token) },
      { populate: ['user'] },
    );
    return row ?? undefined;
  }
}
