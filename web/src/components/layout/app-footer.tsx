import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { apiContext } from '../../lib/api.ts';
import { useGetProjectQuery } from '../../lib/projects-api.ts';
import { useCurrentUser } from '../../lib/user-api.ts';

/**
 * Inside a project: the owner's contact person, as the project container loaded it. Customers
 * read „Ihre Ansprechperson“; the owner, who is that person (or their colleague), reads whom the
 * customers see („Ansprechperson für Ihre Kundinnen und Kunden“).
 */
function ProjectContact({ projectId }: { projectId: string }) {
  const { t } = useTranslation();
  const user = useCurrentUser();
  // Only where the project container loads it too: a visitor without access asks for nothing.
  const hasAccess = Boolean(user || apiContext.editToken);
  const { data: project } = useGetProjectQuery(projectId, { skip: !hasAccess });
  const contact = project?.user;
  if (!contact?.contact_name && !contact?.contact_email) return null;
  // As the project container tells them apart: only the owner gets the edit token.
  const isOwner = Boolean(user && project?.edit_token !== undefined);
  return (
    <p className="footer-contact">
      <span>{t(isOwner ? 'footer.contactForCustomers' : 'footer.contact')}: </span>
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

/** Impressum, Datenschutz and, inside a project, the contact person with a mailto link. */
export function AppFooter() {
  const { t } = useTranslation();
  const match = useMatch({ path: paths.project.path, end: false });
  const projectId = match?.params.project_id;
  return (
    <footer className="app-footer">
      {projectId ? <ProjectContact projectId={projectId} /> : null}
      <nav aria-label={t('footer.legal')} className="footer-links">
        <Link to={paths.imprint.url()}>{t('footer.imprint')}</Link>
        <Link to={paths.privacy.url()}>{t('footer.privacy')}</Link>
      </nav>
    </footer>
  );
}
