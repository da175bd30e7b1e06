import type { AccountForm, PasswordChangeForm, UserJson } from '@fragewerk/schemas/types';
import { api, unwrap } from './api.ts';
import { handleErrorsLocally } from './handled-errors.ts';

/** The logged-in user (`schemas/api/user.schema.json`). */
export type CurrentUser = UserJson;

/** What PATCH /user/{id} may change: fields of the account form. */
export type UserChanges = Partial<AccountForm>;

export const userApi = api.injectEndpoints({
  endpoints: (build) => ({
    getCurrentUser: build.query<CurrentUser | null, void>({
      query: () => '/user/current',
      transformResponse: unwrap<CurrentUser | null>,
      providesTags: ['User'],
    }),
    updateUser: build.mutation<CurrentUser, { id: string; changes: UserChanges }>({
      query: ({ id, changes }) => ({ url: `/user/${id}`, method: 'PATCH', body: changes }),
      transformResponse: unwrap<CurrentUser>,
      invalidatesTags: ['User', 'Project'],
    }),
    changePassword: build.mutation<unknown, { id: string; change: PasswordChangeForm }>({
      query: ({ id, change }) => ({
        url: `/user/${id}/change-password`,
        method: 'PATCH',
        body: change,
      }),
    }),
  }),
});

// 429: too many password guesses or mails for a new address; the message shows at its field.
handleErrorsLocally('updateUser', [422, 429]);
handleErrorsLocally('changePassword', [401, 422]);

export const { useGetCurrentUserQuery, useUpdateUserMutation, useChangePasswordMutation } = userApi;

/**
 * The logged-in user from the cache (loaded before the app renders), or null. Read without a
 * subscription of its own: the boot's request holds the one that keeps the entry (and refetches it
 * when `User` is invalidated); a subscription per component cost the first render a subscribing
 * effect and store update for each of them.
 */
export function useCurrentUser(): CurrentUser | null {
  return userApi.endpoints.getCurrentUser.useQueryState().data ?? null;
}
