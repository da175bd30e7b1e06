import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { apiContext } from '../../lib/api.ts';
import { welcomeSeen } from '../customer/welcome-seen.ts';
import { ContactSentence, contactOf } from '../projects/contact-sentence.tsx';
import { useProjectScope } from '../projects/project-context.ts';
import { useProjectProgress } from '../projects/use-project-progress.ts';

/** The questionnaire of a project: the approval notice, then the step routes. */
export function QuestionnaireLayout() {
  const { t } = useTranslation();
  const { project, isOwner } = useProjectScope();
  return (
    <div className="questionnaire">
      {project.is_approved ? (
        <p className="notice notice-info" role="status">
          {isOwner ? (
            t('project.lockedOwner')
          ) : (
            <>
              <span>{t('project.lockedCustomer')}</span>{' '}
              <ContactSentence contact={contactOf(project.user)} />
            </>
          )}
        </p>
      ) : null}
      <Outlet />
    </div>
  );
}

/**
 * `/fragebogen` – where the share link points – leads to the first step (Business Insights →
 * Stakeholder-Analyse). A customer with the share link (docs/product.md#willkommensseite-und-dank)
 * first sees the welcome page while the project has no answer and this browser has not started
 * from it yet, and the thank-you page once the project is approved.
 */
export function QuestionnaireIndex() {
  const definition = useDefinition();
  const { project, isOwner } = useProjectScope();
  const progress = useProjectProgress(project);
  const { project_id: projectId = '' } = useParams();
  const first = definition.steps[0]!;
  if (!isOwner && apiContext.editToken) {
    if (project.is_approved) return <Navigate to={paths.thanks.url(projectId)} replace />;
    const untouched = Object.values(progress.steps).every((step) => step.state === 'empty');
    if (untouched && !welcomeSeen(projectId))
      return <Navigate to={paths.welcome.url(projectId)} replace />;
  }
  return <Navigate to={paths.step.url(projectId, first.meta.slug)} replace />;
}
