import { Injectable } from '@nestjs/common';
import { PassportSerializer } from '@nestjs/passport';
import { MikroORM } from '@mikro-orm/postgresql';
import { UserSchema, type User } from '../users/user.entity.ts';

/** Keeps only the user id in the session and loads the user for each request. */
@Injectable()
export class SessionSerializer extends PassportSerializer {
  constructor(private readonly orm: MikroORM) {
    super();
  }

  serializeUser(user: User, done: (error: unknown, id?: string) => void): void {
    done(null, user.id);
  }

  deserializeUser(id: string, done: (error: unknown, user?: User | false) => void): void {
    this.orm.em
      .findOne(UserSchema, { id })
      .then((user) => done(null, user ?? false))
      .catch((error: unknown) => done(error));
  }
}
