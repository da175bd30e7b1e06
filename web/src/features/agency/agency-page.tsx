import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { NotVerifiedNotice } from '../auth/not-verified-notice.tsx';
import { useGetAgencyQuery } from './agency-api.ts';
import { BrandingSection } from './branding-section.tsx';
import { InvitationsSection } from './invitations-section.tsx';
import { MembersSection } from './members-section.tsx';
import './agency.css';

/**
 * „Agentur“ (docs/product.md#agentur): the members for everyone in the agency; invitations and
 * the look the customers see for its owners only (the server refuses the rest anyway).
 */
export function AgencyPage() {
  const { t } = useScreenTexts();
  useDocumentTitle(t('routes.agency'));
  const user = useCurrentUser()!;
  const owner = user.agency_role === 'owner';
  return (
    <section className="page page-narrow">
      <h1>{t('agency.title')}</h1>
      {user.verified ? (
        <>
          <AgencyName fallback={user.company} />
          <MembersSection user={user} />
          {owner ? <InvitationsSection /> : null}
          {owner ? <BrandingSection /> : null}
        </>
      ) : (
        <NotVerifiedNotice />
      )}
    </section>
  );
}

/** The agency's name as its owners set it (the person's own company field until it has come). */
function AgencyName({ fallback }: { fallback: string }) {
  const { data: agency } = useGetAgencyQuery();
  return <p className="subtitle">{agency?.name ?? fallback}</p>;
}
