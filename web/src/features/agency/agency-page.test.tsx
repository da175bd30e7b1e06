import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, renderApp, verifiedUser } from '../../test/render-app.tsx';
import { agency, members, noContent, ownerHandlers, recordRequests } from './agency-fixtures.ts';

const [jana, tom, unnamed] = members as [
  (typeof members)[0],
  (typeof members)[0],
  (typeof members)[0],
];

const LAST_OWNER =
  'Die Agentur braucht mindestens eine Inhaberin oder einen Inhaber. Ernennen Sie zuerst ein anderes Mitglied dazu.';

const member = { ...verifiedUser, agency_role: 'member' as const };

/** The member list's entries. */
const rows = () =>
  within(screen.getByRole('list', { name: 'Mitglieder' })).getAllByRole('listitem');

/** The entry of the member named `name`. */
const rowOf = (name: string) => rows().find((row) => row.textContent?.includes(name))!;

describe('agency screen, members', () => {
  it('shows an owner all three sections under the level-1 heading „Agentur“', async () => {
    await renderApp('/agentur', { handlers: ownerHandlers() });
    expect(screen.getByRole('heading', { level: 1, name: 'Agentur' })).toBeInTheDocument();
    expect(document.title).toBe('Agentur – Fragewerk');
    for (const name of ['Mitglieder', 'Einladungen', 'Erscheinungsbild'])
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    await waitFor(() => expect(rows()).toHaveLength(3));
    expect(await screen.findByText('lea@agentur-nord.de')).toBeInTheDocument();
    expect(await screen.findByLabelText(/^Name der Agentur/)).toHaveValue(agency.name);
  });

  it('lists name or address, the address, the role and „Sie“ for oneself', async () => {
    await renderApp('/agentur', { handlers: ownerHandlers() });
    await waitFor(() => expect(rows()).toHaveLength(3));
    const self = rowOf('Jana Kühn');
    expect(self).toHaveTextContent(jana.email);
    expect(within(self).getByText('Sie')).toBeInTheDocument();
    expect(within(self).getByRole('combobox', { name: 'Rolle von Jana Kühn' })).toHaveDisplayValue(
      'Inhaberin oder Inhaber',
    );
    // Removing oneself would delete one's own account: not from this list.
    expect(within(self).queryByRole('button', { name: /entfernen/ })).toBeNull();
    expect(within(rowOf('Tom Berg')).queryByText('Sie')).toBeNull();
    expect(
      within(rowOf(unnamed.email)).getByRole('combobox', { name: `Rolle von ${unnamed.email}` }),
    ).toHaveDisplayValue('Mitglied');
  });

  it('changes a role with a PATCH of the member', async () => {
    const bodies: unknown[] = [];
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.get('/user/current', verifiedUser),
        api.patch(`/agency/members/${tom.id}`, (body) => {
          bodies.push(body);
          return [200, { ...tom, role: 'owner' }];
        }),
      ],
    });
    const select = await screen.findByRole('combobox', { name: 'Rolle von Tom Berg' });
    await user.selectOptions(select, 'Inhaberin oder Inhaber');
    expect(
      await screen.findByText('Die Rolle von Tom Berg ist jetzt „Inhaberin oder Inhaber“.'),
    ).toBeInTheDocument();
    expect(bodies).toEqual([{ role: 'owner' }]);
  });

  it('shows the server’s message when the last owner would be demoted, and keeps the role', async () => {
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.patch(`/agency/members/${jana.id}`, () => [409, { message: LAST_OWNER }]),
      ],
    });
    const select = await screen.findByRole('combobox', { name: 'Rolle von Jana Kühn' });
    await user.selectOptions(select, 'Mitglied');
    expect(await screen.findByText(LAST_OWNER)).toHaveAttribute('role', 'alert');
    expect(select).toHaveDisplayValue('Inhaberin oder Inhaber');
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).toBeNull();
  });

  it('removes a member only after the confirmation, which says what happens', async () => {
    const deleted: string[] = [];
    const { user } = await renderApp('/agentur', {
      handlers: [...ownerHandlers(), noContent(`/agency/members/${tom.id}`, deleted)],
    });
    const remove = await screen.findByRole('button', { name: 'Tom Berg entfernen' });
    await user.click(remove);
    const dialog = screen.getByRole('dialog', { name: 'Tom Berg entfernen?' });
    expect(dialog).toHaveTextContent(/Zugang von Tom Berg endet sofort/);
    expect(dialog).toHaveTextContent(/bleiben bei der Agentur/);
    // The safe answer has the focus; Escape closes without removing anyone.
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(remove).toHaveFocus();
    expect(deleted).toEqual([]);

    await user.click(remove);
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText('Tom Berg wurde aus der Agentur entfernt.')).toBeInTheDocument();
    expect(deleted).toEqual([`/api/agency/members/${tom.id}`]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(screen.getByRole('heading', { level: 2, name: 'Mitglieder' })).toHaveFocus();
  });

  it('shows the server’s message when the last owner would be removed', async () => {
    const owners = [jana, { ...tom, role: 'owner' as const }];
    const { user } = await renderApp('/agentur', {
      handlers: [
        ...ownerHandlers(),
        api.get('/agency/members', owners),
        api.delete(`/agency/members/${tom.id}`, () => [409, { message: LAST_OWNER }]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Tom Berg entfernen' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Entfernen' }));
    expect(await screen.findByText(LAST_OWNER)).toHaveAttribute('role', 'alert');
    expect(screen.queryByRole('dialog')).toBeNull();
  });

  it('shows a member the agency’s name and the list read-only, without the owners’ sections or their requests', async () => {
    const requests = recordRequests();
    await renderApp('/agentur', {
      user: member,
      handlers: [
        api.get('/agency/members', members),
        api.get('/agency', { ...agency, name: 'Studio Morgenrot' }),
      ],
    });
    await waitFor(() => expect(rows()).toHaveLength(3));
    // The agency's name as its owners set it, not the person's own company field.
    expect(await screen.findByText('Studio Morgenrot')).toHaveClass('subtitle');
    expect(rowOf('Tom Berg')).toHaveTextContent('Mitglied');
    expect(rowOf('Jana Kühn')).toHaveTextContent('Inhaberin oder Inhaber');
    expect(screen.queryByRole('combobox')).toBeNull();
    expect(screen.queryByRole('button', { name: /entfernen/ })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Einladungen' })).toBeNull();
    expect(screen.queryByRole('heading', { name: 'Erscheinungsbild' })).toBeNull();
    expect(requests.filter((request) => request.includes('/api/agency')).sort()).toEqual([
      'GET /api/agency',
      'GET /api/agency/members',
    ]);
  });

  it('is linked as „Agentur“ in the header, between Projekte and Account', async () => {
    const { user, router } = await renderApp('/impressum', { handlers: ownerHandlers() });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Projekte', 'Agentur', 'Account', 'Abmelden']);
    await user.click(within(nav).getByRole('link', { name: 'Agentur' }));
    expect(router.state.location.pathname).toBe('/agentur');
    expect(await screen.findByRole('heading', { level: 1, name: 'Agentur' })).toBeInTheDocument();
  });

  it('shows an unverified account only the notice', async () => {
    const requests = recordRequests();
    await renderApp('/agentur', { user: { ...verifiedUser, verified: false } });
    expect(screen.getByRole('heading', { level: 1, name: 'Agentur' })).toBeInTheDocument();
    expect(screen.getByText(/Aktivierungslink erneut senden/)).toBeInTheDocument();
    expect(requests.filter((request) => request.includes('/api/agency'))).toEqual([]);
  });
});
