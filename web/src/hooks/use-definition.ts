import type { Definition } from '@fragewerk/engine/core';
import { createContext, useContext } from 'react';
import { configApi } from '../lib/config-api.ts';

/**
 * The questionnaire of the project on screen, set by the project container (null elsewhere):
 * `full` is the definition revision the project is on (an approved project stays on the revision
 * it was approved on, docs/architecture.md#revisionen); `shown` is that revision without the steps
 * the agency switched off for the project (`hidden_steps`, docs/product.md#projekteinstellungen).
 */
export interface ProjectDefinitions {
  full: Definition;
  shown: Definition;
}

export const ProjectDefinitionContext = createContext<ProjectDefinitions | null>(null);

/** The current definition, loaded before the app renders – whatever project is on screen. */
export function useCurrentDefinition(): Definition {
  // Without a subscription of its own, like useCurrentUser: the boot's request keeps the entry.
  const { data } = configApi.endpoints.getDefinition.useQueryState();
  if (!data) throw new Error('Die Definition wurde vor dem Start nicht geladen.');
  return data;
}

/**
 * The questionnaire as the screens show it: inside a project its revision without the steps
 * switched off for it – navigation, progress, approval, results and print see only these –, else
 * the current definition.
 */
export function useDefinition(): Definition {
  const project = useContext(ProjectDefinitionContext);
  const current = useCurrentDefinition();
  return project ? project.shown : current;
}

/**
 * The project's revision with every step, also the switched-off ones: for the settings that
 * switch them (and for validators, which must know every step).
 */
export function useFullDefinition(): Definition {
  const project = useContext(ProjectDefinitionContext);
  const current = useCurrentDefinition();
  return project ? project.full : current;
}
