import type { AgencyInvitationJson, AgencyJson, AgencyMemberJson } from '@fragewerk/schemas/types';
import { api, unwrap } from '../../lib/api.ts';
import { handleErrorsLocally } from '../../lib/handled-errors.ts';

export type Agency = AgencyJson;
export type AgencyMember = AgencyMemberJson;
export type AgencyInvitation = AgencyInvitationJson;
export type AgencyRole = AgencyMemberJson['role'];

/** What PATCH /agency may change; `null` clears a colour or link (the product's own then). */
export interface AgencyChanges {
  name?: string;
  primary_color?: string | null;
  impressum_url?: string | null;
  privacy_url?: string | null;
}

/** The largest logo the server takes (docs/product.md#konstanten-und-grenzen): 1 MB. */
export const LOGO_MAX_BYTES = 1024 * 1024;

/** The image types the server takes as a logo (it checks the bytes too). */
export const LOGO_TYPES = ['image/png', 'image/jpeg', 'image/webp', 'image/svg+xml'] as const;

// The agency's own tags: its data, its members, its open invitations. The name, colour, logo and
// responsible members also show in every project (`agency`, `user`), so changes refresh those too.
const agencyApiBase = api.enhanceEndpoints({
  addTagTypes: ['Agency', 'AgencyMember', 'AgencyInvitation'],
});

export const agencyApi = agencyApiBase.injectEndpoints({
  endpoints: (build) => ({
    getAgency: build.query<Agency, void>({
      query: () => '/agency',
      transformResponse: unwrap<Agency>,
      providesTags: ['Agency'],
    }),
    updateAgency: build.mutation<Agency, AgencyChanges>({
      query: (changes) => ({ url: '/agency', method: 'PATCH', body: changes }),
      transformResponse: unwrap<Agency>,
      invalidatesTags: ['Agency', 'Project'],
    }),
    /**
     * The file as the raw body with its own Content-Type: fetchBaseQuery sends a Blob as it is
     * (it turns only plain objects into JSON); the CSRF header comes from `apiHeaders` as for
     * every other call.
     */
    uploadLogo: build.mutation<Agency, File>({
      query: (file) => ({
        url: '/agency/logo',
        method: 'PUT',
        body: file,
        headers: { 'Content-Type': file.type },
      }),
      transformResponse: unwrap<Agency>,
      invalidatesTags: ['Agency', 'Project'],
    }),
    removeLogo: build.mutation<Agency, void>({
      query: () => ({ url: '/agency/logo', method: 'DELETE' }),
      transformResponse: unwrap<Agency>,
      invalidatesTags: ['Agency', 'Project'],
    }),
    getMembers: build.query<AgencyMember[], void>({
      query: () => '/agency/members',
      transformResponse: unwrap<AgencyMember[]>,
      providesTags: ['AgencyMember'],
    }),
    changeMemberRole: build.mutation<AgencyMember, { id: string; role: AgencyRole }>({
      query: ({ id, role }) => ({ url: `/agency/members/${id}`, method: 'PATCH', body: { role } }),
      transformResponse: unwrap<AgencyMember>,
      // One's own role is also `agency_role` of the current user. A refusal changed nothing.
      invalidatesTags: (result) => (result ? ['AgencyMember', 'User'] : []),
    }),
    removeMember: build.mutation<unknown, string>({
      query: (id) => ({ url: `/agency/members/${id}`, method: 'DELETE' }),
      // Their projects moved to another member: the project lists name someone else.
      invalidatesTags: (_result, error) => (error ? [] : ['AgencyMember', 'Project']),
    }),
    getInvitations: build.query<AgencyInvitation[], void>({
      query: () => '/agency/invitations',
      transformResponse: unwrap<AgencyInvitation[]>,
      providesTags: ['AgencyInvitation'],
    }),
    invite: build.mutation<AgencyInvitation, { email: string; role: AgencyRole }>({
      query: (body) => ({ url: '/agency/invitations', method: 'POST', body }),
      transformResponse: unwrap<AgencyInvitation>,
      invalidatesTags: ['AgencyInvitation'],
    }),
    revokeInvitation: build.mutation<unknown, string>({
      query: (id) => ({ url: `/agency/invitations/${id}`, method: 'DELETE' }),
      invalidatesTags: ['AgencyInvitation'],
    }),
  }),
});

// Field errors show at their fields (the invitation limit's 429 at the address too); the last
// owner's 409 shows the server's sentence above the list; a refused logo (size, type, content)
// shows at the logo field.
handleErrorsLocally('updateAgency', [422]);
handleErrorsLocally('invite', [422, 429]);
handleErrorsLocally('changeMemberRole', [409]);
handleErrorsLocally('removeMember', [409]);
handleErrorsLocally('uploadLogo', [413, 415, 422]);

export const {
  useGetAgencyQuery,
  useUpdateAgencyMutation,
  useUploadLogoMutation,
  useRemoveLogoMutation,
  useGetMembersQuery,
  useChangeMemberRoleMutation,
  useRemoveMemberMutation,
  useGetInvitationsQuery,
  useInviteMutation,
  useRevokeInvitationMutation,
} = agencyApi;
