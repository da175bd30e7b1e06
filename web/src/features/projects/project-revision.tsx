import { type CompiledChecks, visibleDefinition } from '@fragewerk/engine/core';
import { EngineChecksProvider } from '@fragewerk/engine/react';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChecks, revisionChecksUrl } from '../../lib/checks.ts';
import { Spinner } from '../../components/spinner.tsx';
import {
  ProjectDefinitionContext,
  useLoadedCurrentDefinition,
} from '../../hooks/use-definition.ts';
import { useGetRevisionDefinitionQuery } from '../../lib/config-api.ts';
import type { Project } from '../../lib/projects-api.ts';

/** The checks of each revision, loaded once per page (a promise React may read again and again). */
const checksByRevision = new Map<string, Promise<CompiledChecks>>();
const checksOf = (id: string) => {
  let checks = checksByRevision.get(id);
  if (!checks) checksByRevision.set(id, (checks = lazyChecks(revisionChecksUrl(id))));
  return checks;
};

/**
 * Shows a project with the definition revision it is on (docs/architecture.md#revisionen): a project
 * on the current revision of the brand briefing needs nothing more than the definition loaded at
 * boot; a project of another questionnaire of the catalogue, one on an older revision, and every
 * project opened with a share link (whose boot loads only its revision) render and validate with
 * their own revision and its checks. The one place where a project's
 * steps are decided: every screen inside gets the revision without the steps switched off for this
 * project (`hidden_steps`, docs/product.md#projekteinstellungen) from `useDefinition`, the settings
 * the whole revision from `useFullDefinition`.
 */
export function ProjectRevision({ project, children }: { project: Project; children: ReactNode }) {
  const { t } = useTranslation();
  const current = useLoadedCurrentDefinition();
  const id = project.definition_revision?.id;
  // A current definition without a revision (as in component tests) stands for every project.
  const own = Boolean(id && (!current || (current.revision && id !== current.revision.id)));
  const { data, isError } = useGetRevisionDefinitionQuery(id ?? '', { skip: !own });
  const full = own ? data : current;
  const hidden = project.hidden_steps;
  // visibleDefinition gives the same object for the same keys: consumers' memos stay valid.
  const definitions = useMemo(
    () => (full ? { full, shown: visibleDefinition(full, hidden) } : undefined),
    [full, hidden],
  );
  if (!definitions)
    return isError ? (
      <section className="page page-narrow">
        <p className="notice notice-warning" role="alert">
          {t('errors.generic')}
        </p>
      </section>
    ) : (
      <Spinner fullScreen />
    );
  const inside = (
    <ProjectDefinitionContext.Provider value={definitions}>
      {children}
    </ProjectDefinitionContext.Provider>
  );
  return own ? (
    <EngineChecksProvider checks={checksOf(id!)}>{inside}</EngineChecksProvider>
  ) : (
    inside
  );
}
