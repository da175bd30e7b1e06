import { Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { Request } from 'express';
import passport from 'passport';
import { executePrepared } from '../common/prepared-statement.ts';
import { userRowColumns, userRowOf, type UserRow } from '../users/user-row.ts';
import { sessionLogin } from './pg-session-store.ts';

/**
 * Keeps only the user id in the session; the request's user is the plain row the session store
 * read with the session (`sessionLogin`), else it is read here. Registered with passport itself,
 * not through `@nestjs/passport`'s `PassportSerializer`, whose `deserializeUser` does not get the
 * request.
 */
@Injectable()
export class SessionSerializer {
  constructor(private readonly orm: MikroORM) {
    passport.serializeUser((user: Express.User, done) => done(null, (user as UserRow).id));
    passport.deserializeUser<string, Request>((request, id, done) => {
      const login = sessionLogin(request);
      if (login?.id === id) return done(null, login);
      this.read(id)
        .then((user) => done(null, user ?? false))
        .catch((error: unknown) => done(error));
    });
  }

  private async read(id: string): Promise<UserRow | undefined> {
    const em = this.orm.em;
    const [row] = await executePrepared<Record<string, unknown>>(
      em,
      `select ${userRowColumns(em, 'u')} from app_user u where u.id = ?`,
      [id],
    );
    return row && userRowOf(em, row);
  }
}
