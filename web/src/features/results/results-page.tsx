import { ResultsView } from '@fragewerk/engine/react';
import './results-print.css';
import { Link } from 'react-router-dom';
import { Spinner } from '../../components/spinner.tsx';
import { paths } from '../../config/paths.ts';
import { useDefinition } from '../../hooks/use-definition.ts';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { germanDate } from '../../lib/dates.ts';
import { useGetResultsQuery } from '../../lib/projects-api.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { LeaveTo } from '../auth/leave-to.tsx';
import { useProjectScope } from '../projects/project-context.ts';
import { useScreenTexts } from '../../lib/screen-texts.ts';
import { ResultsDownloads } from './results-downloads.tsx';
import { ResultsLetterhead } from './results-letterhead.tsx';
import { useResultsPrint } from './results-print.ts';

/**
 * The results view (niceview): open when enabled for customers, always for the logged-in owner.
 * Its steps come rendered from the server (loaded at boot when the app opens here); should that
 * fail, the view makes them itself.
 */
export function ResultsPage() {
  const { t } = useScreenTexts();
  const definition = useDefinition();
  const user = useCurrentUser();
  const { project } = useProjectScope();
  const open = Boolean(project.is_niceview_enabled || user);
  const results = useGetResultsQuery(project.id, { skip: !open });
  useDocumentTitle(t('routes.results'));
  const names = { customer: project.customer_firm, project: project.project_name };
  useResultsPrint({
    title: t('results.documentTitle', names),
    header: t('results.runningHeader', names),
    footer: project.agency.name,
    pageNumber: t('results.pageNumber', { page: '{{page}}', pages: '{{pages}}' }),
    accent: project.agency.primary_color,
  });
  // docs/product.md#routen-und-screens: to /login, which then says that the results are not
  // released yet and whom to ask.
  if (!open)
    return (
      <LeaveTo
        url={`${paths.login.url()}?grund=ergebnisse-nicht-freigegeben&projekt=${project.id}`}
      />
    );
  if (results.isLoading) return <Spinner />;
  return (
    <ResultsView
      definition={definition}
      answers={project}
      customer={project.customer_firm}
      project={project.project_name}
      dateLine={t('results.date', {
        questionnaire: definition.title,
        date: germanDate(new Date().toISOString()),
        version: project.definition_revision.label,
      })}
      letterhead={<ResultsLetterhead agency={project.agency} />}
      documentKind={t('results.kind')}
      notes={
        project.is_approved && project.approved_at ? (
          <p>{t('results.approved', { date: germanDate(project.approved_at) })}</p>
        ) : null
      }
      stepMarkup={results.data?.steps}
      onPrint={() => window.print()}
      actions={
        <>
          <Link className="button button-secondary" to={paths.questionnaire.url(project.id)}>
            {t('results.back')}
          </Link>
          <ResultsDownloads projectId={project.id} />
        </>
      }
    />
  );
}
