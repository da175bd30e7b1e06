import { type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import session, { type SessionData } from 'express-session';
import { executePrepared } from '../common/prepared-statement.ts';
import { userRowColumns, userRowOf, type UserRow } from '../users/user-row.ts';
import { SessionSchema } from './session.entity.ts';

type Callback<T = void> = (error?: unknown, value?: T) => void;

const DAY = 24 * 60 * 60 * 1000;

function expiry(data: SessionData): Date {
  const expires = data.cookie?.expires;
  return expires ? new Date(expires) : new Date(Date.now() + DAY);
}

function userIdOf(data: SessionData): string | null {
  const passport = (data as { passport?: { user?: unknown } }).passport;
  return typeof passport?.user === 'string' ? passport.user : null;
}

/** The user a session's row was read with, until express-session makes the request's session. */
const LOGIN = Symbol('login');

type StoredSession = SessionData & { [LOGIN]?: UserRow };

/** The user read with each request's session (see `PgSessionStore.get`). */
const logins = new WeakMap<Request, UserRow>();

/**
 * The user the request's session was read with, if it has one: passport's `deserializeUser`
 * takes it from here instead of asking the database a second time.
 */
export const sessionLogin = (request: Request): UserRow | undefined => logins.get(request);

/**
 * express-session store in PostgreSQL through MikroORM, so that every API process sees every
 * session (docs/architecture.md#datenbank-mail-prozesse). Reads are one plain statement; each
 * write works in a forked entity manager of its own. It has no `touch`: a session expires 14 days
 * after login, so express-session need not write on every request.
 */
export class PgSessionStore extends session.Store {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    super();
    this.orm = orm;
  }

  /**
   * Reads the session and, in the same statement, its user as a plain row, which `createSession`
   * keeps for the request (`sessionLogin`): one query less on every logged-in request.
   */
  override get(sid: string, callback: Callback<SessionData | null>): void {
    const em = this.orm.em;
    executePrepared<Record<string, unknown> & { session_data: StoredSession }>(
      em,
      `select s.data as session_data, ${userRowColumns(em, 'u')}
           from session s left join app_user u on u.id = s.user_id
          where s.sid = ? and s.expires_at > ?`,
      [sid, new Date()],
    )
      .then(([row]) => {
        if (!row) return callback(undefined, null);
        const data = row.session_data;
        if (row.id) data[LOGIN] = userRowOf(em, row);
        callback(undefined, data);
      })
      .catch((error: unknown) => callback(error));
  }

  /** Makes the request's session from what `get` read, and keeps the user read with it. */
  override createSession(request: Request, data: StoredSession) {
    const login = data[LOGIN];
    delete data[LOGIN];
    if (login) logins.set(request, login);
    return super.createSession(request, data);
  }

  override set(sid: string, data: SessionData, callback?: Callback): void {
    const em = this.orm.em.fork();
    em.upsert(SessionSchema, {
      sid,
      data: JSON.parse(JSON.stringify(data)) as Record<string, unknown>,
      user_id: userIdOf(data),
      expires_at: expiry(data),
    })
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  override destroy(sid: string, callback?: Callback): void {
    this.orm.em
      .fork()
      .nativeDelete(SessionSchema, { sid })
      .then(() => callback?.())
      .catch((error: unknown) => callback?.(error));
  }

  /**
   * Ends every session of a user (after a password change or reset), inside the transaction of
   * `em` when the change of the password is written in one; `except` keeps one session (the
   * request's own, when only the account's other sessions end).
   */
  async destroyAllOf(
    userId: string,
    em: EntityManager = this.orm.em.fork(),
    except?: string,
  ): Promise<void> {
    await em.nativeDelete(SessionSchema, {
      user_id: userId,
      ...(except === undefined ? {} : { sid: { $ne: except } }),
    });
  }

  /** Removes expired sessions. */
  async prune(): Promise<void> {
    await this.orm.em.fork().nativeDelete(SessionSchema, { expires_at: { $lte: new Date() } });
  }
}
