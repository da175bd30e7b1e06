import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, renderApp } from '../../test/render-app.tsx';
import { invitations, noContent, ownerHandlers, recordRequests } from './agency-fixtures.ts';

const ALREADY_MEMBER = 'Diese Person ist schon Mitglied Ihrer Agentur.';
const TOO_MANY =
  'Sie haben in der letzten Stunde schon 20 Einladungen verschickt. Bitte warten Sie 5 Minuten und versuchen Sie es dann erneut.';

/** The section „Einladungen“. */
const section = () => screen.getByRole('region', { name: 'Einladungen' }) as HTMLElement;

describe('agency screen, invitations', () => {
  it('lists the open invitations with role and „gültig bis“ in German', async () => {
    await renderApp('/agentur', { handlers: ownerHandlers() });
    const list = await within(section()).findByRole('list', { name: 'Offene Einladungen' });
    const [row] = within(list).getAllByRole('listitem');
    expect(row).toHaveTextContent('lea@agentur-nord.de');
    expect(row).toHaveTextContent('Mitglied · gültig bis 27. November 2026');
  });

  it('invites with address and role (Mitglied unless chosen) and says so', async () => {
    const bodies: unknown[] = [];
    const created = {
      id: '3e1f0c1e-0000-4000-8000-0000000000c2',
      email: 'max@agentur-nord.de',
      role: 'owner',
      created_at: '2026-11-21T09:00:00Z',
      expires_at: '2026-11-28T09:00:00Z',
    };
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.post('/agency/invitations', (body) => {
          bodies.push(body);
          return [201, created];
        }),
      ],
    });
    const email = within(section()).getByLabelText(/^E-Mail/);
    const role = within(section()).getByLabelText('Rolle');
    expect(role).toHaveDisplayValue('Mitglied');
    await user.type(email, ' max@agentur-nord.de ');
    await user.selectOptions(role, 'Inhaberin oder Inhaber');
    await user.click(within(section()).getByRole('button', { name: 'Einladen' }));
    expect(
      await screen.findByText('Einladung an max@agentur-nord.de gesendet'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ email: 'max@agentur-nord.de', role: 'owner' }]);
    // Ready for the next one.
    expect(email).toHaveValue('');
    expect(role).toHaveDisplayValue('Mitglied');
  });

  it('sends nothing without a valid address and says why at the field', async () => {
    const requests = recordRequests();
    const { user } = await renderApp('/agentur', { handlers: ownerHandlers() });
    const email = within(section()).getByLabelText(/^E-Mail/);
    await user.click(within(section()).getByRole('button', { name: 'Einladen' }));
    expect(within(section()).getByText('Bitte geben Sie eine E-Mail-Adresse ein.')).toBeVisible();
    expect(email).toHaveFocus();
    await user.type(email, 'max-at-agentur');
    await user.keyboard('{Enter}');
    expect(
      within(section()).getByText('Bitte geben Sie eine gültige E-Mail-Adresse ein.'),
    ).toBeVisible();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.startsWith('POST'))).toEqual([]);
  });

  it('shows the server’s 422 at the address, without an error toast', async () => {
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.post('/agency/invitations', () => [
          422,
          { message: 'Bitte prüfen Sie Ihre Eingaben.', errors: { email: [ALREADY_MEMBER] } },
        ]),
      ],
    });
    const email = within(section()).getByLabelText(/^E-Mail/);
    await user.type(email, 'tom@agentur-nord.de{Enter}');
    expect(await within(section()).findByText(ALREADY_MEMBER)).toBeInTheDocument();
    expect(email).toHaveAttribute('aria-invalid', 'true');
    expect(email).toHaveValue('tom@agentur-nord.de');
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).toBeNull();
  });

  it('shows the limit’s 429 at the address, without an error toast', async () => {
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.post('/agency/invitations', () => [429, { message: TOO_MANY }]),
      ],
    });
    await user.type(within(section()).getByLabelText(/^E-Mail/), 'max@agentur-nord.de{Enter}');
    expect(await within(section()).findByText(TOO_MANY)).toBeInTheDocument();
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).toBeNull();
  });

  it('revokes an invitation with „Zurückziehen“', async () => {
    const deleted: string[] = [];
    const [invitation] = invitations as [(typeof invitations)[0]];
    const { user } = await renderApp('/agentur', {
      handlers: [...ownerHandlers(), noContent(`/agency/invitations/${invitation.id}`, deleted)],
    });
    await user.click(
      await within(section()).findByRole('button', {
        name: 'Einladung an lea@agentur-nord.de zurückziehen',
      }),
    );
    expect(
      await screen.findByText('Einladung an lea@agentur-nord.de zurückgezogen'),
    ).toBeInTheDocument();
    expect(deleted).toEqual([`/api/agency/invitations/${invitation.id}`]);
    expect(within(section()).getByRole('heading', { name: 'Offene Einladungen' })).toHaveFocus();
  });
});
