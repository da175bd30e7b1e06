import { RequestContext, type EntityManager, type MikroORM } from '@mikro-orm/postgresql';
import session, { type SessionData } from 'express-session';
import { executePrepared, selectList } from '../common/prepared-statement.ts';
import { UserSchema } from '../users/user.entity.ts';
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

/**
 * express-session store in PostgreSQL through MikroORM, so that every API process sees every
 * session (docs/architecture.md#datenbank-mail-prozesse). Each call of express-session works in a
 * forked entity manager of its own. It has no `touch`: a session expires 14 days after login, so
 * express-session need not write on every request.
 */
export class PgSessionStore extends session.Store {
  private readonly orm: MikroORM;

  constructor(orm: MikroORM) {
    super();
    this.orm = orm;
  }

  /**
   * Reads the session and, in the same statement, its user: in a request the user lands in the
   * request's entity manager, so passport's `deserializeUser` finds it there instead of asking
   * the database a second time (one query less on every logged-in request).
   */
  override get(sid: string, callback: Callback<SessionData | null>): void {
    const em =
      (RequestContext.getEntityManager() as EntityManager | undefined) ?? this.orm.em.fork();
    executePrepared<Record<string, unknown> & { session_data: SessionData }>(
      em,
      `select s.data as session_data, ${selectList(em, UserSchema, 'u')}
           from session s left join app_user u on u.id = s.user_id
          where s.sid = ? and s.expires_at > ?`,
      [sid, new Date()],
    )
      .then(([row]) => {
        if (!row) return callback(undefined, null);
        const { session_data: data, ...user } = row;
        if (user.id) em.map(UserSchema, user);
        callback(undefined, data);
      })
      .catch((error: unknown) => callback(error));
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
   * `em` when the change of the password is written in one.
   */
  async destroyAllOf(userId: string, em: EntityManager = this.orm.em.fork()): Promise<void> {
    await em.nativeDelete(SessionSchema, { user_id: userId });
  }

  /** Removes expired sessions. */
  async prune(): Promise<void> {
    await this.orm.em.fork().nativeDelete(SessionSchema, { expires_at: { $lte: new Date() } });
  }
}
