import { Module } from '@nestjs/common';
import { PassportModule } from '@nestjs/passport';
import { MikroORM } from '@mikro-orm/postgresql';
import { MailModule } from '../mail/mail.module.ts';
import { UsersModule } from '../users/users.module.ts';
import { AccountSettingsController } from './account-settings.controller.ts';
import { AccountsService } from './accounts.service.ts';
import { AuthPagesController } from './auth-pages.controller.ts';
import { AuthPagesService } from './auth-pages.service.ts';
import { CurrentPasswordService } from './current-password.service.ts';
import { EmailChangeController } from './email-change.controller.ts';
import { EmailChangeService } from './email-change.service.ts';
import { LocalStrategy } from './local.strategy.ts';
import { LoginGuard } from './login.guard.ts';
import { OneTimeTokensService } from './one-time-tokens.service.ts';
import { PasswordChangeController } from './password-change.controller.ts';
import { PgSessionStore } from './pg-session-store.ts';
import { RateLimitService } from './rate-limit.service.ts';
import { SessionSerializer } from './session.serializer.ts';

/**
 * Getting into an account: the server-rendered login, registration, activation and reset pages,
 * sessions, passwords, one-time tokens and the login limit. `create-app.ts` takes the session
 * store from here for express-session.
 */
@Module({
  imports: [PassportModule.register({ session: true }), UsersModule, MailModule],
  controllers: [
    AuthPagesController,
    PasswordChangeController,
    AccountSettingsController,
    EmailChangeController,
  ],
  providers: [
    {
      provide: PgSessionStore,
      useFactory: (orm: MikroORM) => new PgSessionStore(orm),
      inject: [MikroORM],
    },
    AccountsService,
    AuthPagesService,
    OneTimeTokensService,
    RateLimitService,
    CurrentPasswordService,
    EmailChangeService,
    LocalStrategy,
    LoginGuard,
    SessionSerializer,
  ],
  exports: [RateLimitService, CurrentPasswordService, PgSessionStore, OneTimeTokensService],
})
export class AccountsModule {}
