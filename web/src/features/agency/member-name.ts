import type { AgencyMember } from './agency-api.ts';

/** How a member is named in the list and the messages: the name, else the address. */
export const memberName = (member: AgencyMember) => member.contact_name || member.email;
