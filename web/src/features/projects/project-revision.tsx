import type { CompiledChecks } from '@fragewerk/engine/core';
import { EngineChecksProvider } from '@fragewerk/engine/react';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyChecks, revisionChecksUrl } from '../../app/boot.ts';
import { Spinner } from '../../components/spinner.tsx';
import { ProjectDefinitionContext, useDefinition } from '../../hooks/use-definition.ts';
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
 * on the current revision – every running one, most approved ones – needs nothing more than the
 * definition loaded at boot; an approved project on an older revision loads that revision and its
 * checks, and every screen inside renders and validates with them.
 */
export function ProjectRevision({ project, children }: { project: Project; children: ReactNode }) {
  const { t } = useTranslation();
  const current = useDefinition();
  const id = project.definition_revision?.id;
  const own = Boolean(id && current.revision && id !== current.revision.id);
  const { data, isError } = useGetRevisionDefinitionQuery(id ?? '', { skip: !own });
  if (!own) return children;
  if (!data)
    return isError ? (
      <section className="page page-narrow">
        <p className="notice notice-warning" role="alert">
          {t('errors.generic')}
        </p>
      </section>
    ) : (
      <Spinner fullScreen />
    );
  return (
    <ProjectDefinitionContext.Provider value={data}>
      <EngineChecksProvider checks={checksOf(id!)}>{children}</EngineChecksProvider>
    </ProjectDefinitionContext.Provider>
  );
}
