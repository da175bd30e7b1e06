import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProject, members, renderApp, verifiedUser } from '../../test/render-app.tsx';

const ole = members[1]!;
const projects = [
  makeProject({ id: 'a', project_name: 'Relaunch', responsible: verifiedUser.id }),
  makeProject({ id: 'b', project_name: 'Shop', responsible: ole.id }),
  makeProject({ id: 'c', project_name: 'Alt', responsible: ole.id, is_archived: true }),
];
const rowNames = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell')[2]!.firstChild!.textContent);

/** „Alle“ / „Meine Projekte“ and who is responsible (docs/product.md#dashboard-projekte). */
describe('the dashboard’s view of the agency’s projects', () => {
  it('lists all projects with the responsible member’s name by default', async () => {
    await renderApp('/dashboard', { handlers: [api.get('/projects', projects)] });
    const active = await screen.findByRole('table', { name: 'Aktive Projekte' });
    expect(
      within(active).getByRole('columnheader', { name: 'Verantwortlich' }),
    ).toBeInTheDocument();
    const relaunch = within(active).getByText('Relaunch').closest('tr')!;
    expect(await within(relaunch).findByRole('cell', { name: 'Jana Kühn' })).toBeVisible();
    const shop = within(active).getByText('Shop').closest('tr')!;
    expect(within(shop).getByRole('cell', { name: 'Ole Brandt' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Alle' })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('table', { name: 'Archivierte Projekte' })).toBeInTheDocument();
  });

  it('„Meine Projekte“ shows only the person’s own and keeps the choice in the address', async () => {
    const { user, router } = await renderApp('/dashboard', {
      handlers: [api.get('/projects', projects)],
    });
    await screen.findByRole('table', { name: 'Aktive Projekte' });
    await user.click(screen.getByRole('button', { name: 'Meine Projekte' }));
    await waitFor(() => expect(router.state.location.search).toBe('?ansicht=meine'));
    expect(screen.getByRole('button', { name: 'Meine Projekte' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(rowNames(screen.getByRole('table', { name: 'Aktive Projekte' }))).toEqual(['Relaunch']);
    expect(screen.queryByRole('table', { name: 'Archivierte Projekte' })).not.toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Alle' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(rowNames(screen.getByRole('table', { name: 'Aktive Projekte' }))).toEqual([
      'Relaunch',
      'Shop',
    ]);
  });

  it('opens in „Meine Projekte“ from the address, with a friendly sentence when there are none', async () => {
    await renderApp('/dashboard?ansicht=meine', {
      handlers: [api.get('/projects', projects.slice(1))],
    });
    expect(
      await screen.findByText(
        'Sie sind noch für kein aktives Projekt verantwortlich. Unter „Alle“ finden Sie alle Projekte Ihrer Agentur.',
      ),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Meine Projekte' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
  });
});
