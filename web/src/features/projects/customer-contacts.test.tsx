import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, renderApp, server as msw } from '../../test/render-app.tsx';
import type { ContactInvitation, ProjectContact } from './contacts-api.ts';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const settingsPath = `/projekte/${id}/einstellungen`;

const jana: ProjectContact = {
  id: '9c4e0c1e-0000-4000-8000-0000000000a1',
  name: 'Jana Kühn',
  email: 'jana@tischlerei-berger.de',
  invited_at: '2026-11-28T09:00:00Z',
  created_at: '2026-11-27T09:00:00Z',
  reminders_off: false,
};
const paul: ProjectContact = {
  id: '9c4e0c1e-0000-4000-8000-0000000000a2',
  name: 'Paul Berger',
  email: 'paul@tischlerei-berger.de',
  invited_at: null,
  created_at: '2026-11-27T10:00:00Z',
  reminders_off: false,
};

const INVITED_NOW = '2026-11-29T08:00:00Z';
const ALREADY_THERE = 'Diese Adresse steht schon bei den Kontakten.';

/**
 * A server holding one project and its contacts: GET lists them, an invitation adds the person (or
 * marks the known address invited), DELETE takes one out. Records what was sent.
 */
function contactsServer(initial: ProjectContact[], project: Partial<Project> = {}) {
  let contacts = [...initial];
  const invitations: unknown[] = [];
  const deleted: string[] = [];
  const patches: unknown[] = [];
  const handlers = [
    http.get(`*/api/projects/${id}`, () => HttpResponse.json({ data: makeProject(project) })),
    api.get('/projects', []),
    api.patch(`/projects/${id}`, (body) => {
      patches.push(body);
      return [200, makeProject(project)];
    }),
    http.get(`*/api/projects/${id}/customer-contacts`, () => HttpResponse.json({ data: contacts })),
    api.post(`/projects/${id}/invitations`, (body) => {
      invitations.push(body);
      const { name, email } = body as ContactInvitation;
      const known = contacts.find((contact) => contact.email === email);
      const invited: ProjectContact = known
        ? { ...known, invited_at: INVITED_NOW }
        : {
            id: '9c4e0c1e-0000-4000-8000-0000000000a3',
            name,
            email,
            invited_at: INVITED_NOW,
            created_at: INVITED_NOW,
            reminders_off: false,
          };
      contacts = known
        ? contacts.map((contact) => (contact.id === known.id ? invited : contact))
        : [...contacts, invited];
      return [201, invited];
    }),
    http.delete(`*/api/projects/${id}/customer-contacts/:contactId`, ({ params }) => {
      deleted.push(String(params.contactId));
      contacts = contacts.filter((contact) => contact.id !== params.contactId);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, invitations, deleted, patches };
}

/** The section „Kundschaft“. */
const section = () => screen.getByRole('region', { name: 'Kundschaft' });
const rows = () => within(within(section()).getByRole('list')).getAllByRole('listitem');
const inviteDialog = () => screen.getByRole('dialog', { name: 'Per Mail einladen' });

async function openSettings(contacts: ProjectContact[], project: Partial<Project> = {}) {
  const server = contactsServer(contacts, project);
  const app = await renderApp(settingsPath, { handlers: server.handlers });
  await screen.findByRole('heading', { name: 'Projekteinstellungen' });
  return { ...app, server };
}

describe('project settings, customer contacts („Kundschaft“)', () => {
  it('lists the contacts with their address and whether (and when) they were invited', async () => {
    await openSettings([jana, paul]);
    await within(section()).findByText('Jana Kühn');
    const [first, second] = rows();
    expect(first).toHaveTextContent('jana@tischlerei-berger.de');
    expect(first).toHaveTextContent('Eingeladen am 28. November 2026');
    expect(second).toHaveTextContent('Paul Berger');
    expect(second).toHaveTextContent('paul@tischlerei-berger.de');
    expect(second).toHaveTextContent('Noch nicht eingeladen');
    expect(rows()).toHaveLength(2);
    // Beside the settings form, not inside it: its buttons never submit the settings.
    expect(section().closest('form')).toBeNull();
  });

  it('says how to start when there are no contacts yet', async () => {
    await openSettings([]);
    expect(
      await within(section()).findByText(
        'Noch keine Kontakte. Laden Sie Ihre Kundin oder Ihren Kunden per Mail ein – die Mail enthält den Link zum Fragebogen.',
      ),
    ).toBeInTheDocument();
    expect(within(section()).queryByRole('list')).not.toBeInTheDocument();
  });

  it('invites a new person by mail without a message, closes, says so and lists them', async () => {
    const { user, server } = await openSettings([jana]);
    await within(section()).findByText('Jana Kühn');
    await user.click(within(section()).getByRole('button', { name: 'Per Mail einladen' }));
    const dialog = inviteDialog();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('');
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAttribute('type', 'email');
    expect(within(dialog).getByLabelText('Persönliche Nachricht (optional)')).toHaveAttribute(
      'maxLength',
      '2000',
    );
    await user.type(within(dialog).getByLabelText(/^Name/), 'Paul Berger');
    await user.type(within(dialog).getByLabelText(/^E-Mail/), ' paul@tischlerei-berger.de ');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(
      await screen.findByText('Die Einladung an paul@tischlerei-berger.de ist unterwegs.'),
    ).toBeInTheDocument();
    expect(server.invitations).toEqual([
      { name: 'Paul Berger', email: 'paul@tischlerei-berger.de' },
    ]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The list is read again: the new person stands there, invited today.
    await waitFor(() => expect(rows()).toHaveLength(2));
    expect(rows()[1]).toHaveTextContent('Paul Berger');
    expect(rows()[1]).toHaveTextContent('Eingeladen am 29. November 2026');
    // Nothing of the settings form was sent.
    expect(server.patches).toEqual([]);
  });

  it('invites a listed contact with the dialog prefilled, with the personal message', async () => {
    const { user, server } = await openSettings([jana, paul]);
    await within(section()).findByText('Paul Berger');
    await user.click(within(section()).getByRole('button', { name: 'Paul Berger einladen' }));
    const dialog = inviteDialog();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Paul Berger');
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveValue('paul@tischlerei-berger.de');
    await user.type(
      within(dialog).getByLabelText('Persönliche Nachricht (optional)'),
      'Hallo Paul, hier ist der Fragebogen.',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(
      await screen.findByText('Die Einladung an paul@tischlerei-berger.de ist unterwegs.'),
    ).toBeInTheDocument();
    expect(server.invitations).toEqual([
      {
        name: 'Paul Berger',
        email: 'paul@tischlerei-berger.de',
        message: 'Hallo Paul, hier ist der Fragebogen.',
      },
    ]);
    await waitFor(() => expect(rows()[1]).toHaveTextContent('Eingeladen am 29. November 2026'));
    expect(rows()).toHaveLength(2);
  });

  it('sends nothing without name and address and says why at the fields (the server’s schema and messages)', async () => {
    const { user, server } = await openSettings([]);
    await user.click(await within(section()).findByRole('button', { name: 'Per Mail einladen' }));
    const dialog = inviteDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(within(dialog).getByLabelText(/^Name/)).toHaveAccessibleDescription(
      'Name ist ein Pflichtfeld',
    );
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAccessibleDescription(
      'E-Mail ist ein Pflichtfeld',
    );
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'paul@');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAccessibleDescription(
      'E-Mail muss eine gültige E-Mail-Adresse sein.',
    );
    expect(server.invitations).toEqual([]);
  });

  it('shows the server’s 422 at the field and keeps the dialog open, without the error toast', async () => {
    const { user } = await openSettings([jana]);
    const sent: unknown[] = [];
    msw.use(
      api.post(`/projects/${id}/invitations`, (body) => {
        sent.push(body);
        return [
          422,
          { message: 'Die Angaben sind nicht gültig.', errors: { email: [ALREADY_THERE] } },
        ];
      }),
    );
    await user.click(await within(section()).findByRole('button', { name: 'Per Mail einladen' }));
    const dialog = inviteDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Jana Kühn');
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'jana@tischlerei-berger.de');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    await waitFor(() =>
      expect(within(dialog).getByLabelText(/^E-Mail/)).toHaveAccessibleDescription(ALREADY_THERE),
    );
    expect(sent).toHaveLength(1);
    expect(inviteDialog()).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Name/)).toHaveValue('Jana Kühn');
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
    // Changing the address clears its message.
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'x');
    expect(within(dialog).queryByText(ALREADY_THERE)).not.toBeInTheDocument();
  });

  it('shows the server’s 429 in the dialog and keeps it open', async () => {
    const tooMany =
      'Sie haben in der letzten Stunde schon viele Einladungen verschickt. Bitte versuchen Sie es später erneut.';
    const { user } = await openSettings([]);
    msw.use(api.post(`/projects/${id}/invitations`, () => [429, { message: tooMany }]));
    await user.click(await within(section()).findByRole('button', { name: 'Per Mail einladen' }));
    const dialog = inviteDialog();
    await user.type(within(dialog).getByLabelText(/^Name/), 'Paul Berger');
    await user.type(within(dialog).getByLabelText(/^E-Mail/), 'paul@tischlerei-berger.de');
    await user.click(within(dialog).getByRole('button', { name: 'Einladung senden' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(tooMany);
    expect(inviteDialog()).toBeInTheDocument();
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
  });

  it('closes the dialog on „Abbrechen“ without sending', async () => {
    const { user, server } = await openSettings([paul]);
    await user.click(
      await within(section()).findByRole('button', { name: 'Paul Berger einladen' }),
    );
    await user.click(within(inviteDialog()).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(server.invitations).toEqual([]);
  });

  it('removes a contact: DELETE, and the row goes', async () => {
    const { user, server } = await openSettings([jana, paul]);
    await within(section()).findByText('Jana Kühn');
    await user.click(within(section()).getByRole('button', { name: 'Jana Kühn entfernen' }));
    await waitFor(() => expect(rows()).toHaveLength(1));
    expect(server.deleted).toEqual([jana.id]);
    expect(rows()[0]).toHaveTextContent('Paul Berger');
    expect(within(section()).queryByText('Jana Kühn')).not.toBeInTheDocument();
  });

  it('lists the contacts of an archived project, but nobody can be invited or removed', async () => {
    await openSettings([jana], { is_archived: true });
    await within(section()).findByText('Jana Kühn');
    expect(within(section()).getByRole('button', { name: 'Per Mail einladen' })).toBeDisabled();
    expect(within(section()).getByRole('button', { name: 'Jana Kühn einladen' })).toBeDisabled();
    expect(within(section()).getByRole('button', { name: 'Jana Kühn entfernen' })).toBeDisabled();
  });
});
