import type { ProjectQuestionForm } from '@fragewerk/schemas/types';
import { unwrap } from '../../lib/api.ts';
import { handleErrorsLocally } from '../../lib/handled-errors.ts';
import { type ProjectQuestion, questionsApi } from './questions-api.ts';

/** A new Rückfrage (`schemas/forms/project-question`): the step, optionally one of its entries. */
export type NewQuestion = ProjectQuestionForm;

type Changed = { projectId: string };
const questionsOf = ({ projectId }: Changed) => [{ type: 'Question' as const, id: projectId }];

/**
 * Each change answers with the whole question: it goes into the cached list at once (the reply
 * shows while the list reloads), and the list reloads for what others changed meanwhile.
 */
function upsert(projectId: string, question: ProjectQuestion) {
  return questionsApi.util.updateQueryData('getProjectQuestions', projectId, (questions) => {
    const index = questions.findIndex((candidate) => candidate.id === question.id);
    if (index < 0) questions.push(question);
    else questions[index] = question;
  });
}

/** Asking (members), replying (both sides), resolving and reopening (members). */
export const questionChangesApi = questionsApi.injectEndpoints({
  endpoints: (build) => ({
    askQuestion: build.mutation<ProjectQuestion, Changed & { question: NewQuestion }>({
      query: ({ projectId, question }) => ({
        url: `/projects/${projectId}/questions`,
        method: 'POST',
        body: question,
      }),
      transformResponse: unwrap<ProjectQuestion>,
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(upsert(projectId, data));
      },
      invalidatesTags: (result, _error, changed) => (result ? questionsOf(changed) : []),
    }),
    replyToQuestion: build.mutation<
      ProjectQuestion,
      Changed & { questionId: string; text: string }
    >({
      query: ({ projectId, questionId, text }) => ({
        url: `/projects/${projectId}/questions/${questionId}/replies`,
        method: 'POST',
        body: { text },
      }),
      transformResponse: unwrap<ProjectQuestion>,
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(upsert(projectId, data));
      },
      // Also when refused: a question resolved meanwhile (409) shows as resolved.
      invalidatesTags: (_result, _error, changed) => questionsOf(changed),
    }),
    setQuestionResolved: build.mutation<
      ProjectQuestion,
      Changed & { questionId: string; resolved: boolean }
    >({
      query: ({ projectId, questionId, resolved }) => ({
        url: `/projects/${projectId}/questions/${questionId}`,
        method: 'PATCH',
        body: { resolved },
      }),
      transformResponse: unwrap<ProjectQuestion>,
      async onQueryStarted({ projectId }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(upsert(projectId, data));
      },
      invalidatesTags: (result, _error, changed) => (result ? questionsOf(changed) : []),
    }),
  }),
});

// The dialog and the reply box show refusals at their fields (422), a resolved question (409) and
// the limits (429) themselves.
handleErrorsLocally('askQuestion', [422, 429]);
handleErrorsLocally('replyToQuestion', [409, 422, 429]);

export const {
  useAskQuestionMutation,
  useReplyToQuestionMutation,
  useSetQuestionResolvedMutation,
} = questionChangesApi;
