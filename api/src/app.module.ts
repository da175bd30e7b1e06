import { type DynamicModule, Module } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { CompiledChecks } from '@fragewerk/engine/core';
import type { LoadedCatalogue } from './definition/load-catalogue.ts';
import { AccountsModule } from './accounts/accounts.module.ts';
import { AccountDataModule } from './account-data/account-data.module.ts';
import { AgencyModule } from './agency/agency.module.ts';
import type { AppConfig } from './config/app-config.ts';
import { AppConfigModule } from './config/app-config.module.ts';
import { ClientLoopModule } from './client-loop/client-loop.module.ts';
import { DatabaseModule } from './database/database.module.ts';
import { DefinitionModule } from './definition/definition.module.ts';
import { HousekeepingModule } from './housekeeping/housekeeping.module.ts';
import { LegalModule } from './legal/legal.module.ts';
import { MailModule } from './mail/mail.module.ts';
import { MetricsModule } from './metrics/metrics.module.ts';
import { PagesModule } from './pages/pages.module.ts';
import { ProjectsModule } from './projects/projects.module.ts';
import { QuestionnaireModule } from './questionnaire/questionnaire.module.ts';
import { UsersModule } from './users/users.module.ts';

export interface AppDependencies {
  config: AppConfig;
  orm: MikroORM;
  /** Every questionnaire of the catalogue, loaded from its folder. */
  catalogue: LoadedCatalogue;
  /** The default questionnaire's checks: the browser's module and compiled (`standaloneChecks`). */
  checks: { module: string; compiled: CompiledChecks };
}

/**
 * The application: one module per domain, composed from its already started dependencies (see
 * `create-app.ts`). Nest registers routes in this order, so `PagesModule` with its catch-all
 * route comes last.
 */
@Module({})
export class AppModule {
  static register({ config, orm, catalogue, checks }: AppDependencies): DynamicModule {
    return {
      module: AppModule,
      imports: [
        AppConfigModule.register(config),
        DatabaseModule.register(orm),
        DefinitionModule.register(catalogue, checks),
        MetricsModule,
        MailModule,
        UsersModule,
        AccountsModule,
        AccountDataModule,
        AgencyModule,
        ProjectsModule,
        // Before the questionnaire's `/api/projects/{id}/{key}`: `questions` is no step.
        ClientLoopModule,
        QuestionnaireModule,
        HousekeepingModule,
        LegalModule,
        PagesModule,
      ],
    };
  }
}
