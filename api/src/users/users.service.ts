import { Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import { forbidden, invalid } from '../common/api-error.ts';
import { objectBody, withoutKeys } from '../common/json-body.ts';
import { t } from '../common/messages.ts';
import { VALIDATOR, type ValidatorFor } from '../definition/definition.providers.ts';
import { UserSchema, type User } from './user.entity.ts';
import type { UserRow } from './user-row.ts';

/** Fields a client may echo back from `GET /api/user/current` that are not its to change. */
const READ_ONLY = ['id', 'verified', 'created_at', 'updated_at'];

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

  /** PATCH /user/{id}: merges the given fields into the account and validates the result. */
  async update(actor: UserRow, id: string, body: unknown): Promise<User> {
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
    const email = value.email.toLowerCase();
    if (email !== actor.email && (await this.findByEmail(email))) {
      throw invalid({ email: [t('errors.emailTaken')] });
    }
    // The request's user is a plain row: the change goes through the account's entity.
    const user = await this.orm.em.findOneOrFail(UserSchema, { id: actor.id });
    this.orm.em.assign(user, {
      company: value.company,
      email,
      contact_name: value.contact_name || null,
      contact_email: value.contact_email?.toLowerCase() || null,
      show_welcome_box: value.show_welcome_box,
    });
    await this.orm.em.flush();
    return user;
  }
}
