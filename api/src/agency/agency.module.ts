import { Module } from '@nestjs/common';
import { AccountDataModule } from '../account-data/account-data.module.ts';
import { MailModule } from '../mail/mail.module.ts';
import { AgencyLogoController } from './agency-logo.controller.ts';
import { AgencyController } from './agency.controller.ts';
import { AgencyService } from './agency.service.ts';
import { InvitationPageController } from './invitation-page.controller.ts';
import { InvitationsController } from './invitations.controller.ts';
import { InvitationsService } from './invitations.service.ts';
import { MembersController } from './members.controller.ts';
import { MembersService } from './members.service.ts';

/**
 * The agency workspace (docs/product.md#agentur): its branding and logo, its members and the
 * invitations into it, with the page an invitation link opens. Removing a member deletes their
 * account through `AccountDataService.eraseAccount`, as deleting it in the settings does.
 */
@Module({
  imports: [MailModule, AccountDataModule],
  controllers: [
    AgencyController,
    AgencyLogoController,
    MembersController,
    InvitationsController,
    InvitationPageController,
  ],
  providers: [AgencyService, MembersService, InvitationsService],
})
export class AgencyModule {}
