import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCalendarDate } from '@fragewerk/engine/core';
import { SettingsIcon } from '@fragewerk/engine/react';
import { Link, Navigate, Outlet, useMatch, useParams } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { Spinner } from '../../components/spinner.tsx';
import { apiContext, errorBody, errorStatus } from '../../lib/api.ts';
import { isPast } from '../../lib/due-date.ts';
import { navigation } from '../../lib/navigation.ts';
import { useGetProjectQuery } from '../../lib/projects-api.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { LeaveTo } from '../auth/leave-to.tsx';
import { ApproveButton } from './approve-button.tsx';
import { ContactSentence, type Contact } from './contact-sentence.tsx';
import { isEditable, ProjectScopeContext } from './project-context.ts';
import { ProjectRevision } from './project-revision.tsx';
import './project-container.css';

function ProjectNotFound() {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow">
      <h1>{t('project.notFound')}</h1>
      <p>{t('project.notFoundText')}</p>
      <a className="button" href={paths.login.url()}>
        {t('project.signIn')}
      </a>
    </section>
  );
}

function ArchivedNotice({ contact }: { contact?: Contact }) {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow">
      <p className="notice notice-warning" role="status">
        <span>{t('project.archived')}</span> <ContactSentence contact={contact} />
      </p>
    </section>
  );
}

// A renewed link is rare: its page loads only then (the share link's bundle budget).
const LinkRenewedPage = lazy(() =>
  import('./link-renewed-page.tsx').then((module) => ({ default: module.LinkRenewedPage })),
);

/** No connection or a server error while loading: say which, and offer to try again. */
function LoadFailed({ offline, retry }: { offline: boolean; retry: () => void }) {
  const { t } = useTranslation();
  return (
    <section className="page page-narrow">
      <p className="notice notice-warning" role="alert">
        {t(offline ? 'errors.loadOffline' : 'errors.server')}
      </p>
      <button type="button" className="button" onClick={retry}>
        {t('errors.retry')}
      </button>
    </section>
  );
}

/**
 * Loads the project for every project route ("Project container" in
 * docs/product.md#routen-und-screens): spinner while loading, the archived notice (except on the
 * settings page), 'Projekt nicht gefunden', else the child route with the project, the Freigeben
 * button and, for the owner, the settings icon.
 */
export function ProjectContainer() {
  const { t } = useTranslation();
  const { project_id: projectId = '' } = useParams();
  const user = useCurrentUser();
  const onSettings = Boolean(useMatch(paths.projectSettings.path));
  const onResults = Boolean(useMatch(paths.results.path));
  const onHistory = Boolean(useMatch(paths.history.path));
  // The welcome page leads into the questionnaire: approving is nothing to start with.
  const onWelcome = Boolean(useMatch(paths.welcome.path));
  const hasAccess = Boolean(user || apiContext.editToken);
  const {
    data: project,
    isLoading,
    error,
    refetch,
  } = useGetProjectQuery(projectId, { skip: !hasAccess });

  if (!hasAccess) return <LeaveTo url={paths.login.url(navigation.currentPath())} />;
  if (isLoading) return <Spinner fullScreen />;
  // Also when the project was loaded before: a change refused because the link was renewed or
  // the project archived meanwhile reads it again (lib/error-toasts.ts), and this is the answer.
  const status = errorStatus(error);
  if (status === 403 && errorBody(error)?.message === t('project.archived'))
    return <ArchivedNotice contact={errorBody(error)?.contact} />;
  if (status === 410)
    return (
      <Suspense fallback={<Spinner fullScreen />}>
        <LinkRenewedPage contact={errorBody(error)?.contact} />
      </Suspense>
    );
  if (!project) {
    if (status === 404 || status === 403) return <ProjectNotFound />;
    if (status === 'network' || (typeof status === 'number' && status >= 500))
      return <LoadFailed offline={status === 'network'} retry={() => void refetch()} />;
    return null;
  }
  if (project.is_archived && !onSettings) return <ArchivedNotice />;

  const isOwner = Boolean(user && project.edit_token !== undefined);
  const scope = { project, isOwner, editable: isEditable(project, isOwner) };
  return (
    <ProjectScopeContext.Provider value={scope}>
      {/* The bar too: its Freigeben counts only the steps shown for this project. */}
      <ProjectRevision project={project}>
        <div className="project-bar">
          {/* The results view has its own title block with the same names. */}
          <div className="project-bar-title" hidden={onResults}>
            <span className="project-bar-customer">{project.customer_firm}</span>
            <span className="project-bar-name">{project.project_name}</span>
            {/* „Abgabe bis …“ while answers are awaited (docs/product.md#abgabe-und-erinnerungen). */}
            {project.due_date && !project.is_approved ? (
              <span className="project-bar-due">
                {t(isPast(project.due_date) ? 'project.overdue' : 'project.due', {
                  date: formatCalendarDate(project.due_date),
                })}
              </span>
            ) : null}
          </div>
          <div className="project-bar-actions">
            {!project.is_approved && !project.is_archived && !onSettings && !onWelcome ? (
              <ApproveButton />
            ) : null}
            {(isOwner || project.is_niceview_enabled) && !onResults && !onSettings ? (
              <Link className="button button-secondary" to={paths.results.url(project.id)}>
                {t('routes.results')}
              </Link>
            ) : null}
            {isOwner && !onHistory ? (
              <Link
                className="button button-secondary project-bar-history"
                to={paths.history.url(project.id)}
              >
                {t('project.historyLink')}
              </Link>
            ) : null}
            {isOwner && !onSettings ? (
              <Link
                className="icon-link"
                to={paths.projectSettings.url(project.id)}
                aria-label={t('project.settingsLink')}
                title={t('project.settingsLink')}
              >
                <SettingsIcon />
              </Link>
            ) : null}
          </div>
        </div>
        <Outlet />
      </ProjectRevision>
    </ProjectScopeContext.Provider>
  );
}

/** `/projekte/:project_id` opens the project's questionnaire. */
export function ProjectIndex() {
  const { project_id: projectId = '' } = useParams();
  return <Navigate to={paths.questionnaire.url(projectId)} replace />;
}
