import type { EntityManager } from '@mikro-orm/postgresql';
import { plainRow, selectList } from '../common/prepared-statement.ts';
import { UserSchema, type User } from './user.entity.ts';

/**
 * A user as a plain row, without the password hash: the login of a request (read with its session)
 * and a project's owner (read with the project). Not an entity: these are read on every request,
 * and mapping them into MikroORM's identity map cost a seventh of a project read's CPU
 * (BENCHMARKS.md). The few routes that change a user load its entity.
 */
export type UserRow = Pick<
  User,
  | 'id'
  | 'agency'
  | 'role'
  | 'company'
  | 'email'
  | 'contact_name'
  | 'contact_email'
  | 'verified_at'
  | 'show_welcome_box'
  | 'created_at'
  | 'updated_at'
>;

/** What a `UserRow` leaves out of the user's columns. */
const NOT_IN_USER_ROW = ['password_hash'] as const;

/** The select list of a user row (`alias.column`, named `prefix` + column where one is given). */
export const userRowColumns = (em: EntityManager, alias: string, prefix = '') =>
  selectList(em, UserSchema, alias, prefix, NOT_IN_USER_ROW);

/** The user row in a statement's row that selected `userRowColumns(em, …, prefix)`. */
export const userRowOf = (em: EntityManager, row: Record<string, unknown>, prefix = '') =>
  plainRow<UserRow>(em, UserSchema, row, prefix, NOT_IN_USER_ROW);
