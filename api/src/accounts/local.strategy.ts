import { Injectable } from '@nestjs/common';
import { PassportStrategy } from '@nestjs/passport';
import { Strategy } from 'passport-local';
import { UsersService } from '../users/users.service.ts';
import type { User } from '../users/user.entity.ts';
import { hashPassword, verifyPassword } from './passwords.ts';

// Verifying against a real hash when the address is unknown keeps the response time the same,
// so the login form does not reveal which addresses have an account.
const decoyHash = hashPassword('decoy-password-for-timing');

/** passport-local: e-mail and password from the login form. */
@Injectable()
export class LocalStrategy extends PassportStrategy(Strategy) {
  constructor(private readonly users: UsersService) {
    super({ usernameField: 'email', passwordField: 'password' });
  }

  async validate(email: string, password: string): Promise<User | false> {
    const user = await this.users.findByEmail(String(email).slice(0, 254));
    const ok = await verifyPassword(
      user?.password_hash ?? (await decoyHash),
      String(password).slice(0, 1000),
    );
    return user && ok ? user : false;
  }
}
