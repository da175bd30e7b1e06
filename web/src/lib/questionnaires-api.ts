import type { OfferedQuestionnaireJson } from '@fragewerk/schemas/types';
import { api, unwrap } from './api.ts';

/** A questionnaire of the catalogue a new project may ask (`schemas/api/offered-questionnaire`). */
export type OfferedQuestionnaire = OfferedQuestionnaireJson;

export const questionnairesApi = api.injectEndpoints({
  endpoints: (build) => ({
    // The catalogue changes only with a restart of the server: read once per page.
    getQuestionnaires: build.query<OfferedQuestionnaire[], void>({
      query: () => '/questionnaires',
      transformResponse: unwrap<OfferedQuestionnaire[]>,
      keepUnusedDataFor: 3600,
    }),
  }),
});

export const { useGetQuestionnairesQuery } = questionnairesApi;
