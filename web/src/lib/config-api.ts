import type { Definition, Presets } from '@fragewerk/engine/core';
import { api, unwrap } from './api.ts';

/**
 * The definition and presets, fetched before the app renders (docs/product.md#daten), and a stored
 * revision of the definition for a project that is not on the current one.
 */
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
    /** A revision never changes its content: kept for the whole session once loaded. */
    getRevisionDefinition: build.query<Definition, string>({
      query: (id) => `/definitions/${id}`,
      transformResponse: unwrap<Definition>,
      keepUnusedDataFor: Number.POSITIVE_INFINITY,
    }),
  }),
});

export const { useGetDefinitionQuery, useGetRevisionDefinitionQuery } = configApi;
