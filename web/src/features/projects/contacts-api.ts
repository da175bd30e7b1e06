import type { CustomerContactJson, CustomerInvitationForm } from '@fragewerk/schemas/types';
import { api, unwrap } from '../../lib/api.ts';
import { handleErrorsLocally } from '../../lib/handled-errors.ts';

/** A customer contact of a project (`schemas/api/customer-contact.schema.json`). */
export type ProjectContact = CustomerContactJson;

/** An invitation by mail (`schemas/forms/customer-invitation`); the server adds a new address. */
export type ContactInvitation = CustomerInvitationForm;

/** The longest personal message the server takes in an invitation. */
export const INVITATION_MESSAGE_MAX = 2000;

// One 'Contact' tag per project: adding, removing or inviting in one project reloads only its list.
const contactsApiBase = api.enhanceEndpoints({ addTagTypes: ['Contact'] });

export const contactsApi = contactsApiBase.injectEndpoints({
  endpoints: (build) => ({
    getProjectContacts: build.query<ProjectContact[], string>({
      query: (projectId) => `/projects/${projectId}/customer-contacts`,
      transformResponse: unwrap<ProjectContact[]>,
      providesTags: (_result, _error, projectId) => [{ type: 'Contact', id: projectId }],
    }),
    removeProjectContact: build.mutation<unknown, { projectId: string; contactId: string }>({
      query: ({ projectId, contactId }) => ({
        url: `/projects/${projectId}/customer-contacts/${contactId}`,
        method: 'DELETE',
      }),
      invalidatesTags: (_result, error, { projectId }) =>
        error ? [] : [{ type: 'Contact', id: projectId }],
    }),
    // The invitation adds the contact (when new) and sets its `invited_at`: the list reloads.
    inviteProjectContact: build.mutation<
      ProjectContact,
      { projectId: string; invitation: ContactInvitation }
    >({
      query: ({ projectId, invitation }) => ({
        url: `/projects/${projectId}/invitations`,
        method: 'POST',
        body: invitation,
      }),
      transformResponse: unwrap<ProjectContact>,
      invalidatesTags: (result, _error, { projectId }) =>
        result ? [{ type: 'Contact', id: projectId }] : [],
    }),
    // „Jetzt erinnern“: one reminder now to every contact who has not opted out.
    sendReminders: build.mutation<{ sent: number }, string>({
      query: (projectId) => ({ url: `/projects/${projectId}/reminders`, method: 'POST' }),
      transformResponse: unwrap<{ sent: number }>,
    }),
  }),
});

// The dialogs show field errors (422) and the invitation limit (429) themselves.
handleErrorsLocally('inviteProjectContact', [422, 429]);
/** Refusals of „Jetzt erinnern“ the API explains in German (nothing open, no contact, too many). */
export const REMINDER_REFUSALS = [400, 403, 404, 409, 422, 429];
handleErrorsLocally('sendReminders', REMINDER_REFUSALS);

export const {
  useGetProjectContactsQuery,
  useRemoveProjectContactMutation,
  useInviteProjectContactMutation,
  useSendRemindersMutation,
} = contactsApi;
