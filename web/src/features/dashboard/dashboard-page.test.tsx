import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProject, renderApp, verifiedUser } from '../../test/render-app.tsx';

describe('dashboard', () => {
  it('lists active and archived projects with status labels; archived rows have disabled links', async () => {
    const projects = [
      makeProject({ id: 'a', project_name: 'Relaunch', customer_firm: 'Berger' }),
      makeProject({ id: 'b', project_name: 'Shop', customer_firm: 'Kunz', is_approved: true }),
      makeProject({ id: 'c', project_name: 'Alt', customer_firm: 'Meyer', is_archived: true }),
    ];
    await renderApp('/dashboard', { handlers: [api.get('/projects', projects)] });
    const active = await screen.findByRole('table', { name: 'Aktive Projekte' });
    expect(within(active).getByText('offen')).toBeInTheDocument();
    expect(within(active).getByText('abgeschlossen')).toBeInTheDocument();
    const archived = screen.getByRole('table', { name: 'Archivierte Projekte' });
    expect(within(archived).getByText('archiviert')).toBeInTheDocument();
    expect(within(archived).getByRole('link', { name: 'Ergebnisse von Alt' })).toHaveAttribute(
      'aria-disabled',
      'true',
    );
    expect(within(archived).getByRole('link', { name: 'Einstellungen von Alt' })).toHaveAttribute(
      'href',
      '/projekte/c/einstellungen',
    );
    expect(document.title).toBe('Projekte – Fragewerk');
  });

  it('shows the empty state', async () => {
    await renderApp('/dashboard', { handlers: [api.get('/projects', [])] });
    expect(await screen.findByText('Sie haben keine aktiven Projekte')).toBeInTheDocument();
  });

  it('shows an unverified account only the notice', async () => {
    await renderApp('/dashboard', { user: { ...verifiedUser, verified: false } });
    expect(screen.getByText(/noch nicht verifiziert/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Projekte' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
  });
});
