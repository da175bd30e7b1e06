import { Link, Navigate } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useProjectScope } from '../projects/project-context.ts';
import { AgencyContact } from './agency-contact.tsx';
import './customer-pages.css';
import { useCustomerTexts } from './customer-texts.ts';

/**
 * After the approval (docs/product.md#willkommensseite-und-dank): thanks, what happens next, the
 * results view if the agency has released it, and the way back to the answers (read only). A
 * project that is not approved has nothing to thank for: its questionnaire opens instead.
 */
export function ThanksPage() {
  const { t } = useCustomerTexts();
  const definition = useDefinition();
  const { project, isOwner } = useProjectScope();
  useDocumentTitle(t('customer.thanks.title'));
  if (!project.is_approved) return <Navigate to={paths.questionnaire.url(project.id)} replace />;
  const { company, contact_name: contactName } = project.user;
  const first = definition.steps[0]!;
  return (
    <section className="page page-narrow customer-page" aria-labelledby="thanks-heading">
      <h1 id="thanks-heading">{t('customer.thanks.heading')}</h1>
      <p className="notice notice-info" role="status">
        {isOwner ? t('project.lockedOwner') : t('project.lockedCustomer')}
      </p>
      <p className="customer-lead">
        {t('customer.thanks.intro', { project: project.project_name })}
      </p>

      <h2>{t('customer.thanks.nextHeading')}</h2>
      <ol className="customer-notes customer-next">
        <li>{t('customer.thanks.received', { company })}</li>
        <li>
          {contactName
            ? t('customer.thanks.contactPerson', { name: contactName })
            : t('customer.thanks.contactCompany', { company })}
        </li>
        <li>
          {project.is_niceview_enabled ? (
            <>
              {t('customer.thanks.results')}{' '}
              <Link to={paths.results.url(project.id)}>{t('customer.thanks.resultsLink')}</Link>
            </>
          ) : (
            t('customer.thanks.resultsLater', { company })
          )}
        </li>
      </ol>

      <h2>{t('customer.contact.heading')}</h2>
      <AgencyContact contact={project.user} />

      <p className="customer-actions">
        <Link className="button button-secondary" to={paths.step.url(project.id, first.meta.slug)}>
          {t('customer.thanks.answers')}
        </Link>
      </p>
    </section>
  );
}
