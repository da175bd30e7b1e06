import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { apiContext } from '../../lib/api.ts';
import { useGetProjectQuery } from '../../lib/projects-api.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { useShareAgency } from './use-share-agency.ts';

/**
 * Inside a project: its contact person – the agency member responsible for it, with the agency's
 * name – as the project container loaded it. Customers read „Ihre Ansprechperson“; the agency's
 * members, that person or their colleagues, read whom the customers see („Ansprechperson für Ihre
 * Kundinnen und Kunden“).
 */
function ProjectContact({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // Only where the project container loads it too: a visitor without access asks for nothing.
  const hasAccess = Boolean(user || apiContext.editToken);
  const { data: project } = useGetProjectQuery(projectId, { skip: !hasAccess });
  const contact = project?.user;
  if (!contact?.contact_name && !contact?.contact_email) return null;
  // As the project container tells them apart: only the agency's members get the edit token.
  const isMember = Boolean(user && project?.edit_token !== undefined);
  return (
    <p className="footer-contact">
      <span>{t(isMember ? 'footer.contactForCustomers' : 'footer.contact')}: </span>
      {contact.contact_email ? (
        <a href={`mailto:${contact.contact_email}`}>
          {contact.contact_name || contact.contact_email}
        </a>
      ) : (
        contact.contact_name
      )}
      {contact.company ? <span className="footer-company"> · {contact.company}</span> : null}
    </p>
  );
}

/** A legal link: the agency's own page (external) where it has one, else the operator's. */
function LegalLink({
  url,
  path,
  label,
}: {
  url: string | null | undefined;
  path: string;
  label: string;
}) {
  return url ? (
    <a href={url} target="_blank" rel="noopener noreferrer">
      {label}
    </a>
  ) : (
    <Link to={path}>{label}</Link>
  );
}

/**
 * Impressum, Datenschutz and, inside a project, the contact person with a mailto link. Before a
 * customer with the share link the legal links are the agency's, where it gave them, and a small
 * line says what the questionnaire was made with.
 */
export function AppFooter() {
  const { t } = useTranslation();
  const match = useMatch({ path: paths.project.path, end: false });
  const projectId = match?.params.project_id;
  const agency = useShareAgency();
  return (
    <footer className="app-footer">
      {projectId ? <ProjectContact projectId={projectId} /> : null}
      <nav aria-label={t('footer.legal')} className="footer-links">
        <LegalLink
          url={agency?.impressum_url}
          path={paths.imprint.url()}
          label={t('footer.imprint')}
        />
        <LegalLink
          url={agency?.privacy_url}
          path={paths.privacy.url()}
          label={t('footer.privacy')}
        />
      </nav>
      {agency ? <p className="footer-made-with">{t('footer.madeWith')}</p> : null}
    </footer>
  );
}
