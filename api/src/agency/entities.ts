import { AgencyLogoSchema } from './agency-logo.entity.ts';
import { AgencySchema } from './agency.entity.ts';
import { InvitationSchema } from './invitation.entity.ts';

/**
 * The entities this folder owns (docs/architecture.md#datenmodell): An agency, its logo and the invitations into it. The composition
 * root gathers every folder's list into the ORM's (`api/src/data-model.ts`); the database folder
 * knows none of them.
 */
export const entities = [AgencyLogoSchema, AgencySchema, InvitationSchema];
