import { HttpStatus, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { ApiError } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { UserSchema, type User } from '../users/user.entity.ts';
import { verifyPassword } from './passwords.ts';
import { RateLimitService } from './rate-limit.service.ts';

export interface ConfirmOptions {
  /** The form field the error belongs to (`old_password`, `password`). */
  field: string;
  /**
   * The status of a wrong password: 401 where the product specifies it (password change), 422
   * where a 401 would send the app to the login page (e-mail change, account deletion).
   */
  status?: HttpStatus.UNAUTHORIZED | HttpStatus.UNPROCESSABLE_ENTITY;
}

/**
 * „Bitte bestätigen Sie mit Ihrem Passwort“: the one check of a logged-in account's current
 * password before a consequential change (password, e-mail address, deleting the account).
 * Guesses are limited per account before the hash is computed; a stolen session cannot try
 * passwords without end.
 */
@Injectable()
export class CurrentPasswordService {
  constructor(
    private readonly orm: MikroORM,
    private readonly rateLimit: RateLimitService,
  ) {}

  /** The account when `password` is its current password; else throws 429 or the wrong-password error. */
  async confirm(userId: string, password: unknown, options: ConfirmOptions): Promise<User> {
    const refusal = await this.rateLimit.takePasswordGuess(userId);
    if (refusal) {
      throw new ApiError(HttpStatus.TOO_MANY_REQUESTS, {
        message: refusal.message,
        errors: { [options.field]: [refusal.message] },
      });
    }
    const user = await this.orm.em.findOneOrFail(UserSchema, { id: userId });
    const ok =
      typeof password === 'string' &&
      (await verifyPassword(user.password_hash, password.slice(0, 1000)));
    if (!ok) {
      throw new ApiError(options.status ?? HttpStatus.UNAUTHORIZED, {
        message: t('errors.wrongPassword'),
        errors: { [options.field]: [t('errors.wrongPassword')] },
      });
    }
    await this.rateLimit.passwordConfirmed(userId);
    return user;
  }
}
