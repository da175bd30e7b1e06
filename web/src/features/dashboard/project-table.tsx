import { useTranslation } from 'react-i18next';
import { ArrowIcon, EyeIcon, SettingsIcon } from '@fragewerk/engine/react';
import { Link } from 'react-router-dom';
import { paths } from '../../config/paths.ts';
import { germanDate, timeAgo } from '../../lib/dates.ts';
import type { ProjectSummary } from '../../lib/projects-api.ts';
import { projectStatus } from './project-status.ts';

/**
 * How far a project's questionnaire is answered: a bar with „5 von 8 Schritten“ for screen
 * readers too, how many steps the agency marked „geprüft“ („3 geprüft“, docs/product.md#geprüft)
 * and how long ago it was last edited („vor 2 Stunden“, the date on hover).
 */
function ProjectProgress({ project }: { project: ProjectSummary }) {
  const { t } = useTranslation();
  const { complete, total, reviewed } = project.progress;
  const figure = t('progress.figure', { complete, total });
  return (
    <div className="project-progress">
      <div
        className="progress"
        role="progressbar"
        aria-label={t('progress.of', { name: project.project_name })}
        aria-valuemin={0}
        aria-valuemax={total}
        aria-valuenow={complete}
        aria-valuetext={figure}
      >
        <span
          className={complete === total ? 'progress-bar is-done' : 'progress-bar'}
          style={{ width: `${total ? (complete / total) * 100 : 0}%` }}
        />
      </div>
      <div className="progress-text">
        <span aria-hidden="true">{figure}</span>
        {reviewed ? (
          <span className="progress-reviewed">{t('dashboard.reviewed', { count: reviewed })}</span>
        ) : null}
        <time dateTime={project.updated_at} title={germanDate(project.updated_at)}>
          <span className="visually-hidden">{t('progress.edited')} </span>
          {timeAgo(project.updated_at)}
        </time>
      </div>
    </div>
  );
}

/** A link that is shown but not usable while the project is archived. */
function RowLink({
  to,
  label,
  disabled,
  children,
}: {
  to: string;
  label: string;
  disabled: boolean;
  children: React.ReactNode;
}) {
  if (disabled) {
    return (
      <span
        className="icon-link is-disabled"
        role="link"
        aria-disabled="true"
        aria-label={label}
        title={label}
      >
        {children}
      </span>
    );
  }
  return (
    <Link className="icon-link" to={to} aria-label={label} title={label}>
      {children}
    </Link>
  );
}

/**
 * The project list: Status, Kunde, Projekt (with its questionnaire and progress), Verantwortlich
 * (a name of `names`, the agency's members by id) and the three icon links per row.
 */
export function ProjectTable({
  projects,
  caption,
  names,
}: {
  projects: ProjectSummary[];
  caption: string;
  names: ReadonlyMap<string, string>;
}) {
  const { t } = useTranslation();
  return (
    <div className="table-wrap">
      <table className="project-table">
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('dashboard.columns.status')}</th>
            <th scope="col">{t('dashboard.columns.customer')}</th>
            <th scope="col">{t('dashboard.columns.project')}</th>
            <th scope="col">{t('dashboard.columns.responsible')}</th>
            <th scope="col">
              <span className="visually-hidden">{t('dashboard.columns.actions')}</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {projects.map((project) => {
            const status = projectStatus(project);
            const archived = status === 'archived';
            const name = project.project_name;
            const responsible = names.get(project.responsible) ?? '';
            return (
              <tr key={project.id} className={archived ? 'is-archived' : undefined}>
                <td>
                  <span className={`status status-${status}`}>
                    {t(`dashboard.status.${status}`)}
                  </span>
                </td>
                <td>{project.customer_firm}</td>
                {/* On phones the customer and responsible columns give way: the cell shows them. */}
                <td
                  className="project-cell"
                  data-customer={project.customer_firm}
                  data-responsible={
                    responsible && `${t('dashboard.columns.responsible')}: ${responsible}`
                  }
                >
                  {name}
                  <span className="project-questionnaire">{project.questionnaire.title}</span>
                  <ProjectProgress project={project} />
                </td>
                <td>{responsible}</td>
                <td className="row-actions">
                  <RowLink
                    to={paths.projectSettings.url(project.id)}
                    label={t('dashboard.actions.settings', { name })}
                    disabled={false}
                  >
                    <SettingsIcon />
                  </RowLink>
                  <RowLink
                    to={paths.results.url(project.id)}
                    label={t('dashboard.actions.results', { name })}
                    disabled={archived}
                  >
                    <EyeIcon />
                  </RowLink>
                  <RowLink
                    to={paths.questionnaire.url(project.id)}
                    label={t('dashboard.actions.questionnaire', { name })}
                    disabled={archived}
                  >
                    <ArrowIcon />
                  </RowLink>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
    </div>
  );
}
