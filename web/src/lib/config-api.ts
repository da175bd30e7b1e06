import type { Definition } from '@fragewerk/engine/core';
import { api, unwrap } from './api.ts';

/**
 * The definition (with the presets), fetched before the app renders (docs/product.md#daten), and a
 * stored revision of the definition for a project that is not on the current one. The API's
 * `/config/presets` serves the same presets on their own; the app does not need it.
 */
export const configApi = api.injectEndpoints({
  endpoints: (build) => ({
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
