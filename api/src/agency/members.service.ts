import { HttpStatus, Inject, Injectable } from '@nestjs/common';
import { MikroORM } from '@mikro-orm/postgresql';
import type { AgencyMemberJson } from '@fragewerk/schemas/types';
import { AccountDataService } from '../account-data/account-data.service.ts';
import { ApiError, forbidden, notFound } from '../common/api-error.ts';
import { t } from '../common/messages.ts';
import { isUuid } from '../common/secrets.ts';
import { APP_CONFIG, type AppConfig } from '../config/app-config.ts';
import { DEFINITION, type Definition } from '../definition/definition.providers.ts';
import { MailService } from '../mail/mail.service.ts';
import { quotedValue } from '../mail/quoted-value.ts';
import type { UserRow } from '../users/user-row.ts';
import { assertOwner, lockAgency, type AgencyRole } from './agency-roles.ts';
import { bodyCheck } from '../common/body-check.ts';
import roleSchema from './member-role.schema.json' with { type: 'json' };
import { deleteInvitationsTo } from './invitations.repository.ts';
import { findMember, listMembers, memberJson, otherOwners, setRole } from './members.repository.ts';

const checkRole = bodyCheck<{ role: AgencyRole }>(roleSchema);

const lastOwner = (key: 'agency.lastOwnerDemote' | 'agency.lastOwnerRemove') =>
  new ApiError(HttpStatus.CONFLICT, { message: t(key) });

/**
 * The agency's members (docs/product.md#agentur): everyone sees the list; owners change roles and
 * remove people, and a member may leave. An agency always keeps at least one owner.
 */
@Injectable()
export class MembersService {
  constructor(
    private readonly orm: MikroORM,
    private readonly mail: MailService,
    private readonly accountData: AccountDataService,
    @Inject(DEFINITION) private readonly definition: Definition,
    @Inject(APP_CONFIG) private readonly config: AppConfig,
  ) {}

  list(user: UserRow): Promise<AgencyMemberJson[]> {
    return listMembers(this.orm.em, user.agency.id);
  }

  /** PATCH /api/agency/members/{userId} (owners): the new role; the last owner stays one. */
  async setRole(user: UserRow, userId: string, body: unknown): Promise<AgencyMemberJson> {
    assertOwner(user);
    const { role } = checkRole(body, this.definition.messages);
    if (!isUuid(userId)) throw notFound(t('agency.memberNotFound'));
    return this.orm.em.fork().transactional(async (em) => {
      await lockAgency(em, user.agency.id);
      const member = await findMember(em, user.agency.id, userId);
      if (!member) throw notFound(t('agency.memberNotFound'));
      if (member.role === 'owner' && role !== 'owner') {
        if ((await otherOwners(em, user.agency.id, userId)).length === 0)
          throw lastOwner('agency.lastOwnerDemote');
      }
      if (member.role !== role) await setRole(em, userId, role);
      return memberJson({ ...member, role });
    });
  }

  /**
   * DELETE /api/agency/members/{userId}: an owner removes someone, or a member leaves. The
   * person's account goes (their sessions end at once); the projects in their care pass to the
   * owner who removed them, else to the longest-standing owner; they get a short mail. The last
   * owner cannot go this way (deleting their account in the settings takes the agency along).
   */
  async remove(user: UserRow, userId: string): Promise<void> {
    const self = user.id === userId;
    if (!self) assertOwner(user);
    if (!isUuid(userId)) throw notFound(t('agency.memberNotFound'));
    const erased = await this.orm.em.fork().transactional(async (em) => {
      const agency = await lockAgency(em, user.agency.id);
      const member = await findMember(em, user.agency.id, userId);
      if (!member) throw notFound(t('agency.memberNotFound'));
      const owners = await otherOwners(em, user.agency.id, userId);
      if (member.role === 'owner' && owners.length === 0) throw lastOwner('agency.lastOwnerRemove');
      // The owner who removes someone takes over their projects; who leaves hands them on.
      const successor = self ? owners[0] : user.id;
      if (!successor) throw forbidden();
      const erased = await this.accountData.eraseAccount(em, userId, successor);
      // The invitation that brought the person in holds their address: it goes with them.
      await deleteInvitationsTo(em, user.agency.id, member.email);
      // After the erasure, which deletes the mails to the person's addresses.
      this.mail.enqueue(em, {
        to: member.email,
        template: 'memberRemoved',
        values: { agency: quotedValue(agency.name) },
        link: this.config.appUrl,
      });
      return erased;
    });
    // The clean-up deletes the mail files to the person's addresses: before the notice goes out.
    await this.accountData.cleanUpAfter(erased);
    this.mail.sendSoon();
  }
}
