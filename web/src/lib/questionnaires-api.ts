import { api, unwrap } from './api.ts';

/** A questionnaire of the catalogue a new project may ask (GET /api/questionnaires). */
export interface OfferedQuestionnaire {
  id: string;
  title: string;
  description: string;
  /** How many steps it has. */
  steps: number;
  /** Roughly how long the customer needs, in minutes (rounded to five). */
  minutes: number;
}

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
