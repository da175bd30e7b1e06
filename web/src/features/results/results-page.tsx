import { ResultsView } from '@fragewerk/engine/react';
import './results-print.css';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { germanDate } from '../../lib/dates.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { LeaveTo } from '../auth/leave-to.tsx';
import { useProjectScope } from '../projects/project-context.ts';

/** The results view (niceview): open when enabled for customers, always for the logged-in owner. */
export function ResultsPage() {
  const { t } = useTranslation();
  const definition = useDefinition();
  const user = useCurrentUser();
  const { project } = useProjectScope();
  useDocumentTitle(t('routes.results'));
  if (!project.is_niceview_enabled && !user) return <LeaveTo url={paths.login.url()} />;
  return (
    <ResultsView
      definition={definition}
      answers={project}
      customer={project.customer_firm}
      project={project.project_name}
      dateLine={t('results.date', {
        date: germanDate(new Date().toISOString()),
        version: project.definition_revision.label,
      })}
      onPrint={() => window.print()}
      actions={
        <Link className="button button-secondary" to={paths.questionnaire.url(project.id)}>
          {t('results.back')}
        </Link>
      }
    />
  );
}
