import { type DynamicModule, Module } from '@nestjs/common';
import { APP_FILTER } from '@nestjs/core';
import { PassportModule } from '@nestjs/passport';
import { MikroORM } from '@mikro-orm/postgresql';
import { createValidator, type Definition } from '@fragewerk/engine/core';
import type { AppConfig } from './config/app-config.ts';
import { ApiExceptionFilter } from './common/api-exception.filter.ts';
import {
  APP_CONFIG,
  CHECKS_MODULE,
  DEFINITION,
  VALIDATOR,
} from './definition/definition.providers.ts';
import { ChecksController } from './definition/checks.controller.ts';
import { ConfigController } from './definition/config.controller.ts';
import { AccountsService } from './auth/accounts.service.ts';
import { AuthPagesController } from './auth/auth-pages.controller.ts';
import { LocalStrategy } from './auth/local.strategy.ts';
import { LoginGuard } from './auth/login.guard.ts';
import { LoginRateLimitService } from './auth/login-rate-limit.service.ts';
import { OneTimeTokensService } from './auth/one-time-tokens.service.ts';
import { PgSessionStore } from './auth/pg-session-store.ts';
import { SessionSerializer } from './auth/session.serializer.ts';
import { MailService } from './mail/mail.service.ts';
import { WebAppController } from './pages/web-app.controller.ts';
import { ProjectAccessService } from './projects/project-access.service.ts';
import { ProjectsController } from './projects/projects.controller.ts';
import { ProjectsService } from './projects/projects.service.ts';
import { QuestionnaireController } from './questionnaire/questionnaire.controller.ts';
import { QuestionnaireService } from './questionnaire/questionnaire.service.ts';
import { UsersController } from './users/users.controller.ts';
import { UsersService } from './users/users.service.ts';

export interface AppDependencies {
  config: AppConfig;
  orm: MikroORM;
  definition: Definition;
  sessions: PgSessionStore;
  checksModule: string;
}

/** The application, built from its already started dependencies (see `create-app.ts`). */
@Module({})
export class AppModule {
  static register({
    config,
    orm,
    definition,
    sessions,
    checksModule,
  }: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [PassportModule.register({ session: true })],
      controllers: [
        ConfigController,
        ChecksController,
        UsersController,
        ProjectsController,
        QuestionnaireController,
        AuthPagesController,
        WebAppController,
      ],
      providers: [
        { provide: APP_CONFIG, useValue: config },
        { provide: MikroORM, useValue: orm },
        { provide: DEFINITION, useValue: definition },
        { provide: CHECKS_MODULE, useValue: checksModule },
        { provide: VALIDATOR, useValue: createValidator(definition) },
        { provide: PgSessionStore, useValue: sessions },
        { provide: APP_FILTER, useClass: ApiExceptionFilter },
        MailService,
        UsersService,
        AccountsService,
        OneTimeTokensService,
        LoginRateLimitService,
        LocalStrategy,
        LoginGuard,
        SessionSerializer,
        ProjectAccessService,
        ProjectsService,
        QuestionnaireService,
      ],
    };
  }
}
