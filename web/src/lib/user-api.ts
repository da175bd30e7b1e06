import { api, unwrap } from './api.ts';
import { handleErrorsLocally } from './handled-errors.ts';

/** The user as docs/product.md#daten describes it. */
export interface CurrentUser {
  id: string;
  company: string;
  email: string;
  contact_name: string | null;
  contact_email: string | null;
  verified: boolean;
  show_welcome_box: boolean;
  created_at: string;
  updated_at: string;
}

export type UserChanges = Partial<
  Pick<CurrentUser, 'company' | 'email' | 'contact_name' | 'contact_email' | 'show_welcome_box'>
>;

export interface PasswordChange {
  old_password: string;
  new_password: string;
  confirm_password: string;
}

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
    changePassword: build.mutation<unknown, { id: string; change: PasswordChange }>({
      query: ({ id, change }) => ({
        url: `/user/${id}/change-password`,
        method: 'PATCH',
        body: change,
      }),
    }),
  }),
});

handleErrorsLocally('updateUser', [422]);
handleErrorsLocally('changePassword', [401, 422]);

export const { useGetCurrentUserQuery, useUpdateUserMutation, useChangePasswordMutation } = userApi;

/** The logged-in user from the cache (loaded before the app renders), or null. */
export function useCurrentUser(): CurrentUser | null {
  return useGetCurrentUserQuery().data ?? null;
}
