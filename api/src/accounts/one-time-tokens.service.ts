import { createHash, randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { User } from '../users/user.entity.ts';
import { TokenSchema } from './token.entity.ts';

export type TokenPurpose = 'verify' | 'reset';

const LIFETIME: Record<TokenPurpose, number> = {
  verify: 48 * 60 * 60 * 1000,
  reset: 60 * 60 * 1000,
};

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/** One-time tokens for mails: 256 bits, stored only as a hash, with an expiry. */
@Injectable()
export class OneTimeTokensService {
  constructor(private readonly orm: MikroORM) {}

  /** Creates a token for `user` and returns it in plain text (for the link in the mail). */
  async issue(user: User, purpose: TokenPurpose): Promise<string> {
    const token = randomBytes(32).toString('base64url');
    const em = this.orm.em;
    em.create(TokenSchema, {
      user,
      purpose,
      token_hash: sha256(token),
      expires_at: new Date(Date.now() + LIFETIME[purpose]),
    });
    await em.flush();
    return token;
  }

  /** The user a still valid, unused token belongs to, or undefined. Does not use it up. */
  async peek(token: string, purpose: TokenPurpose): Promise<User | undefined> {
    const row = await this.orm.em.findOne(
      TokenSchema,
      { token_hash: sha256(token), purpose, used_at: null, expires_at: { $gt: new Date() } },
      { populate: ['user'] },
    );
    return row?.user ?? undefined;
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
    return row?.user ?? undefined;
  }
}
