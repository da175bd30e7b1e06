import type { UserJson } from '@fragewerk/schemas/types';
import type { UserRow } from './user-row.ts';

/**
 * The user as docs/product.md#daten names it, for `GET /api/user/current` and
 * `PATCH /api/user/{id}`.
 */
export function userJson(user: UserRow): UserJson {
  return {
    id: user.id,
    company: user.company,
    email: user.email,
    contact_name: user.contact_name ?? null,
    contact_email: user.contact_email ?? null,
    agency_role: user.role === 'member' ? 'member' : 'owner',
    verified: Boolean(user.verified_at),
    show_welcome_box: user.show_welcome_box,
    created_at: user.created_at.toISOString(),
    updated_at: user.updated_at.toISOString(),
  };
}
