import { Module } from '@nestjs/common';
import { AccountsModule } from '../accounts/accounts.module.ts';
import { AccountDataController } from './account-data.controller.ts';
import { AccountDataService } from './account-data.service.ts';
import { AccountDeletedPageController } from './account-deleted-page.controller.ts';
import { UsersModule } from '../users/users.module.ts';
import { ClientLoopModule } from '../client-loop/client-loop.module.ts';
import { ProjectsModule } from '../projects/projects.module.ts';

/**
 * An account's own data: the export and deleting the account. A module of its own because it
 * needs the password check and the sessions of `AccountsModule`, which itself builds on
 * `UsersModule` – in either of those it would make a cycle.
 */
@Module({
  imports: [UsersModule, AccountsModule, ProjectsModule, ClientLoopModule],
  controllers: [AccountDataController, AccountDeletedPageController],
  providers: [AccountDataService],
  // The agency's member removal deletes an account the same way (`eraseAccount`).
  exports: [AccountDataService],
})
export class AccountDataModule {}
