import { useTranslation } from 'react-i18next';
import { Navigate, Outlet, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useProjectScope } from '../projects/project-context.ts';

/** The questionnaire of a project: the approval notice, then the step routes. */
export function QuestionnaireLayout() {
  const { t } = useTranslation();
  const { project, isOwner } = useProjectScope();
  return (
    <div className="questionnaire">
      {project.is_approved ? (
        <p className="notice notice-info" role="status">
          {isOwner ? t('project.lockedOwner') : t('project.lockedCustomer')}
        </p>
      ) : null}
      <Outlet />
    </div>
  );
}

/** `/fragebogen` leads to the first step (Business Insights → Stakeholder-Analyse). */
export function QuestionnaireIndex() {
  const definition = useDefinition();
  const { project_id: projectId = '' } = useParams();
  const first = definition.steps[0]!;
  return <Navigate to={paths.step.url(projectId, first.meta.slug)} replace />;
}
