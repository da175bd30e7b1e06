import { Suspense, useRef, useState } from 'react';
import { PlusIcon } from '@fragewerk/engine/react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../components/spinner.tsx';
import { useDocumentTitle } from '../../hooks/use-document-title.ts';
import { useGetProjectsQuery } from '../../lib/projects-api.ts';
import { useCurrentUser } from '../../lib/user-api.ts';
import { useGetMembersQuery } from '../agency/agency-api.ts';
import { memberName } from '../agency/member-name.ts';
import { NotVerifiedNotice } from '../auth/not-verified-notice.tsx';
import { NewProjectDialog } from './new-project-dialog.tsx';
import { ProjectTable } from './project-table.tsx';
import { useMineOnly, ViewSwitch } from './view-switch.tsx';
import { WelcomeBox } from './welcome-box.tsx';
import './dashboard.css';
import { useScreenTexts } from '../../lib/screen-texts.ts';

/**
 * The agency's project list for a verified member, all or only their own („Meine Projekte“), with
 * the welcome box and the 'Neues Projekt' overlay.
 */
function Projects() {
  const { t } = useTranslation();
  const user = useCurrentUser()!;
  const { data: projects, isLoading } = useGetProjectsQuery();
  const { data: members } = useGetMembersQuery();
  const [mine, setMine] = useMineOnly();
  const [creating, setCreating] = useState(false);
  // Where attention goes once the welcome box is gone: the projects it stood above.
  const activeHeading = useRef<HTMLHeadingElement>(null);
  const names = new Map((members ?? []).map((member) => [member.id, memberName(member)]));
  const shown = (projects ?? []).filter((project) => !mine || project.responsible === user.id);
  const active = shown.filter((project) => !project.is_archived);
  const archived = shown.filter((project) => project.is_archived);

  return (
    <>
      {user.show_welcome_box ? (
        <WelcomeBox
          user={user}
          onCreate={() => setCreating(true)}
          onHidden={() => activeHeading.current?.focus()}
        />
      ) : null}
      <ViewSwitch mine={mine} onChange={setMine} />
      <div className="section-header">
        <h2 ref={activeHeading} tabIndex={-1}>
          {t('dashboard.active')}
        </h2>
        <button type="button" className="button" onClick={() => setCreating(true)}>
          <PlusIcon />
          {t('dashboard.newProject')}
        </button>
      </div>
      {isLoading ? (
        <Spinner />
      ) : active.length ? (
        <ProjectTable projects={active} caption={t('dashboard.active')} names={names} />
      ) : (
        <p className="empty">{t(mine ? 'dashboard.emptyMine' : 'dashboard.empty')}</p>
      )}
      {archived.length ? (
        <>
          <h2 className="section-title">{t('dashboard.archived')}</h2>
          <ProjectTable projects={archived} caption={t('dashboard.archived')} names={names} />
        </>
      ) : null}
      {creating ? (
        <Suspense fallback={null}>
          <NewProjectDialog onClose={() => setCreating(false)} />
        </Suspense>
      ) : null}
    </>
  );
}

/**
 * Dashboard ('Projekte'); an unverified user sees only the notice
 * (docs/product.md#rollen-und-rechte).
 */
export function DashboardPage() {
  const { t } = useScreenTexts();
  useDocumentTitle(t('routes.dashboard'));
  const user = useCurrentUser()!;
  return (
    <section className="page">
      <h1>{t('dashboard.title')}</h1>
      {user.verified ? <Projects /> : <NotVerifiedNotice />}
    </section>
  );
}
