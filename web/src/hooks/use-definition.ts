import type { Definition } from '@fragewerk/engine/core';
import { createContext, useContext } from 'react';
import { configApi } from '../lib/config-api.ts';

/**
 * The definition revision of the project on screen, where it is not the current one (an approved
 * project stays on the revision it was approved on, docs/architecture.md#revisionen). Set by the
 * project container; null elsewhere.
 */
export const ProjectDefinitionContext = createContext<Definition | null>(null);

/**
 * The questionnaire definition: the project's own revision inside a project that has one,
 * else the current definition, loaded before the app renders.
 */
export function useDefinition(): Definition {
  const project = useContext(ProjectDefinitionContext);
  // Without a subscription of its own, like useCurrentUser: the boot's request keeps the entry.
  const { data } = configApi.endpoints.getDefinition.useQueryState();
  if (project) return project;
  if (!data) throw new Error('Die Definition wurde vor dem Start nicht geladen.');
  return data;
}
