import type { Definition } from '@fragewerk/engine/core';
import { createContext, useContext } from 'react';
import { useGetDefinitionQuery } from '../lib/config-api.ts';

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
  const { data } = useGetDefinitionQuery();
  if (project) return project;
  if (!data) throw new Error('Die Definition wurde vor dem Start nicht geladen.');
  return data;
}
