import { api } from '../../lib/api.ts';
import { handleErrorsLocally } from '../../lib/handled-errors.ts';

/** The export of the account's data: a plain GET the browser downloads with its session cookie. */
export const accountExportUrl = (userId: string) => `/api/user/${userId}/export`;

export const accountDataApi = api.injectEndpoints({
  endpoints: (build) => ({
    /** DELETE /user/{id}: the account with all its projects, after its password. */
    deleteAccount: build.mutation<unknown, { id: string; password: string }>({
      query: ({ id, password }) => ({ url: `/user/${id}`, method: 'DELETE', body: { password } }),
    }),
  }),
});

// A wrong password shows at its field, too many guesses in the overlay: no toast for either.
handleErrorsLocally('deleteAccount', [422, 429]);

export const { useDeleteAccountMutation } = accountDataApi;
