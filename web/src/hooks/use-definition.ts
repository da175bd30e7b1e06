import type { Definition } from '@fragewerk/engine/core';
import { useGetDefinitionQuery } from '../lib/config-api.ts';

/** The questionnaire definition, loaded before the app renders. */
export function useDefinition(): Definition {
  const { data } = useGetDefinitionQuery();
  if (!data) throw new Error('Die Definition wurde vor dem Start nicht geladen.');
  return data;
}
