import type { ProjectQuestionJson } from '@fragewerk/schemas/types';
import { api, unwrap } from '../../lib/api.ts';
import { handleErrorsLocally } from '../../lib/handled-errors.ts';

/** A Rückfrage of the agency on a step, with its replies (`schemas/api/project-question.schema.json`). */
export type ProjectQuestion = ProjectQuestionJson;

/** A reply to a Rückfrage, by the customer or a member. */
export type QuestionReply = ProjectQuestion['replies'][number];

/**
 * One 'Question' tag per project: asking, replying or resolving in one project reloads only its
 * list. The changes themselves (`question-changes-api.ts`) load with the questions' block: the
 * share link's first load carries the list alone, for the navigation's badges.
 */
export const questionsApi = api.enhanceEndpoints({ addTagTypes: ['Question'] }).injectEndpoints({
  endpoints: (build) => ({
    getProjectQuestions: build.query<ProjectQuestion[], string>({
      query: (projectId) => `/projects/${projectId}/questions`,
      transformResponse: unwrap<ProjectQuestion[]>,
      providesTags: (_result, _error, projectId) => [{ type: 'Question', id: projectId }],
    }),
  }),
});

// A list that failed to load shows no badges, and the block says so itself: no toast on every step.
handleErrorsLocally('getProjectQuestions', ['all']);

export const { useGetProjectQuestionsQuery } = questionsApi;

/** The number of open (not resolved) Rückfragen per step key. */
export function openQuestionCounts(questions: readonly ProjectQuestion[] = []) {
  const counts: Record<string, number> = {};
  for (const question of questions)
    if (!question.resolved_at) counts[question.step] = (counts[question.step] ?? 0) + 1;
  return counts;
}
