import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { forbidden, invalid } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { VALIDATOR, type ValidatorFor } from '../definition/definition.providers.ts';
import { UserSchema, type User } from './user.entity.ts';
import type { UserRow } from './user-row.ts';

/** The fields of an account that change at once, without a password or a mail. */
export type AccountSettings = Pick<
  User,
  'company' | 'contact_name' | 'contact_email' | 'show_welcome_box'
>;

/** A checked PATCH /user/{id}: what to save at once, and the e-mail address asked for. */
export interface AccountUpdate {
  settings: AccountSettings;
  /** The address in the request (lower case); the account's own when it did not change. */
  email: string;
  /** `current_password` of the request; needed when `email` differs from the account's. */
  currentPassword: string | undefined;
}

/** Fields a client may echo back from `GET /api/user/current` that are not its to change. */
const READ_ONLY = ['id', 'agency_role', 'verified', 'created_at', 'updated_at'];

@Injectable()
export class UsersService {
  constructor(
    private readonly orm: MikroORM,
    @Inject(VALIDATOR) private readonly validator: ValidatorFor,
  ) {}

  findByEmail(email: string): Promise<User | null> {
    return this.orm.em.findOne(UserSchema, { email: email.trim().toLowerCase() });
  }

  /**
   * Only the user may change themselves, and only once verified
   * (docs/product.md#rollen-und-rechte).
   */
  assertSelf(actor: UserRow, id: string) {
    if (actor.id !== id) throw forbidden();
    if (!actor.verified_at) throw forbidden(t('errors.notVerified'));
  }

  /**
   * PATCH /user/{id}: merges the given fields into the account and validates the result. Returns
   * the account's settings, the e-mail address asked for and the password sent to confirm it;
   * a changed address is not saved here but waits for its confirmation (`EmailChangeService`).
   */
  validateUpdate(actor: UserRow, id: string, body: unknown): AccountUpdate {
    this.assertSelf(actor, id);
    const changes = withoutKeys(objectBody(body), READ_ONLY);
    const merged = {
      company: actor.company,
      email: actor.email,
      contact_name: actor.contact_name ?? null,
      contact_email: actor.contact_email ?? null,
      show_welcome_box: actor.show_welcome_box,
      ...changes,
    };
    const result = this.validator('form:account')(merged);
    if (!result.valid) throw invalid(result.errors);
    const { value } = result;
    return {
      settings: {
        company: value.company,
        contact_name: value.contact_name || null,
        contact_email: value.contact_email?.toLowerCase() || null,
        show_welcome_box: value.show_welcome_box ?? actor.show_welcome_box,
      },
      email: value.email.toLowerCase(),
      currentPassword: value.current_password,
    };
  }

  /** Saves the settings that need no confirmation, in the caller's transaction if there is one. */
  async saveSettings(userId: string, settings: AccountSettings): Promise<User> {
    // The request's user is a plain row: the change goes through the account's entity.
    const user = await this.orm.em.findOneOrFail(UserSchema, { id: userId });
    this.orm.em.assign(user, settings);
    await this.orm.em.flush();
    return user;
  }
}
