import type { StepReviewJson } from '@fragewerk/schemas/types';
import { api, unwrap } from '../../lib/api.ts';
import { handleErrorsLocally } from '../../lib/handled-errors.ts';
import { projectsApi } from '../../lib/projects-api.ts';

/** A step a member marked „geprüft“ (`schemas/api/step-review.schema.json`). */
export type StepReview = StepReviewJson;

// The project holds its marks (`reviews`) and the figures the dashboard shows: both read again.
const changed = (projectId: string) => [
  { type: 'Project' as const, id: projectId },
  { type: 'Project' as const, id: 'LIST' },
];

/**
 * Shows the new state of a step's mark in the cached project at once, while the project is read
 * again (the invalidation): the toggle does not flip back for the time of that request.
 */
const showMark = (projectId: string, step: string, review: StepReview | undefined) =>
  projectsApi.util.updateQueryData('getProject', projectId, (project) => {
    project.reviews = [
      ...project.reviews.filter((mark) => mark.step !== step),
      ...(review ? [review] : []),
    ];
  });

/** The „geprüft“ marks of members (docs/product.md#geprüft): loaded with the member's toggle only. */
export const reviewApi = api.injectEndpoints({
  endpoints: (build) => ({
    markReviewed: build.mutation<StepReview, { projectId: string; step: string }>({
      query: ({ projectId, step }) => ({
        url: `/projects/${projectId}/reviews/${encodeURIComponent(step)}`,
        method: 'PUT',
      }),
      transformResponse: unwrap<StepReview>,
      async onQueryStarted({ projectId, step }, { dispatch, queryFulfilled }) {
        const { data } = await queryFulfilled.catch(() => ({ data: undefined }));
        if (data) dispatch(showMark(projectId, step, data));
      },
      invalidatesTags: (_result, error, { projectId }) => (error ? [] : changed(projectId)),
    }),
    unmarkReviewed: build.mutation<unknown, { projectId: string; step: string }>({
      query: ({ projectId, step }) => ({
        url: `/projects/${projectId}/reviews/${encodeURIComponent(step)}`,
        method: 'DELETE',
      }),
      async onQueryStarted({ projectId, step }, { dispatch, queryFulfilled }) {
        if (await queryFulfilled.then(() => true).catch(() => false))
          dispatch(showMark(projectId, step, undefined));
      },
      invalidatesTags: (_result, error, { projectId }) => (error ? [] : changed(projectId)),
    }),
  }),
});

/** Refusals with the server's reason (a step switched off, the project archived): the toggle says it. */
export const REVIEW_REFUSALS = [400, 403, 404, 409, 422, 429];
handleErrorsLocally('markReviewed', REVIEW_REFUSALS);
handleErrorsLocally('unmarkReviewed', REVIEW_REFUSALS);

export const { useMarkReviewedMutation, useUnmarkReviewedMutation } = reviewApi;
