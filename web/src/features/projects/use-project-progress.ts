import { judgedDocuments, projectProgress, type ProjectProgress } from '@fragewerk/engine/core';
import { useMemo } from 'react';
import { useDefinition } from '../../hooks/use-definition.ts';
import type { Project } from '../../lib/projects-api.ts';

/**
 * The project's progress as the cache holds it now (docs/architecture.md#vollständigkeit): the
 * rule of the definition over the answers as saved – the cache takes every save's response – with
 * the API's verdict on which stored answers need a look. Computed again when a save changes the
 * cached project, never while typing.
 */
export function useProjectProgress(project: Project): ProjectProgress {
  const definition = useDefinition();
  return useMemo(
    () => projectProgress(definition, project, judgedDocuments(project.progress)),
    [definition, project],
  );
}
