import type { ActivityJson } from '@fragewerk/schemas/types';
import { api } from '../../lib/api.ts';

/**
 * One event of a project's history (`schemas/api/activity.schema.json`): `text` is the whole
 * German sentence („Anna Weber hat „Ziele“ bearbeitet.“), `step` the step's key, if any.
 */
export type ActivityEntry = ActivityJson;

/** A page of the history, newest first; `next` asks for the older ones (`?before=`), or null. */
export interface ActivityPage {
  data: ActivityEntry[];
  next: string | null;
}

/** The history („Verlauf“, docs/product.md#verlauf), members only, loaded page by page. */
export const historyApi = api.injectEndpoints({
  endpoints: (build) => ({
    getProjectActivity: build.infiniteQuery<ActivityPage, string, string | null>({
      infiniteQueryOptions: {
        initialPageParam: null,
        getNextPageParam: (lastPage) => lastPage.next,
      },
      query: ({ queryArg: projectId, pageParam: before }) =>
        before
          ? `/projects/${projectId}/activity?before=${encodeURIComponent(before)}`
          : `/projects/${projectId}/activity`,
    }),
  }),
});

export const { useGetProjectActivityInfiniteQuery } = historyApi;
