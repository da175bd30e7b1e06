import type { Definition } from '@fragewerk/engine/core';
import type { ThunkDispatch, UnknownAction } from '@reduxjs/toolkit';
import { createContext, use, useContext } from 'react';
import { useDispatch } from 'react-redux';
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

/** The load of the current definition after the boot, shared by every component waiting for it. */
let loadingCurrent: Promise<unknown> | undefined;

/**
 * The current definition (the brand briefing's, with the platform's forms) – loaded before the
 * app renders, except under a share link, which boots with its project's questionnaire only
 * (docs/architecture.md#katalog). Where it is `needed` and not loaded yet, it is loaded now and the
 * component suspends until it is there; else undefined until then.
 */
function useCurrent(needed: boolean): Definition | undefined {
  // Without a subscription of its own, like useCurrentUser: the boot's (or this) request keeps it.
  const { data } = configApi.endpoints.getDefinition.useQueryState();
  const dispatch = useDispatch<ThunkDispatch<unknown, unknown, UnknownAction>>();
  if (data || !needed) return data;
  loadingCurrent ??= dispatch(configApi.endpoints.getDefinition.initiate())
    .unwrap()
    .finally(() => (loadingCurrent = undefined));
  use(loadingCurrent);
  throw new Error('Die Definition konnte nicht geladen werden.');
}

/** The current definition – whatever project is on screen (loaded first where it is not yet). */
export function useCurrentDefinition(): Definition {
  return useCurrent(true)!;
}

/** The current definition when it is loaded already (undefined under a share link until then). */
export function useLoadedCurrentDefinition(): Definition | undefined {
  return useCurrent(false);
}

/**
 * The questionnaire as the screens show it: inside a project its revision without the steps
 * switched off for it – navigation, progress, approval, results and print see only these –, else
 * the current definition.
 */
export function useDefinition(): Definition {
  const project = useContext(ProjectDefinitionContext);
  const current = useCurrent(!project);
  return project ? project.shown : current!;
}

/**
 * The project's revision with every step, also the switched-off ones: for the settings that
 * switch them (and for validators, which must know every step).
 */
export function useFullDefinition(): Definition {
  const project = useContext(ProjectDefinitionContext);
  const current = useCurrent(!project);
  return project ? project.full : current!;
}
