import type { Definition, Presets } from '@fragewerk/engine/core';
import { api, unwrap } from './api.ts';

/** The definition and presets, fetched before the app renders (docs/product.md#daten). */
export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
    getPresets: build.query<{ questionnaire: Presets }, void>({
      query: () => '/config/presets',
      transformResponse: unwrap<{ questionnaire: Presets }>,
    }),
    getDefinition: build.query<Definition, void>({
      query: () => '/config/definition',
      transformResponse: unwrap<Definition>,
    }),
  }),
});

export const { useGetDefinitionQuery } = configApi;
