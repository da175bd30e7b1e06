import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, makeProject, renderApp, verifiedUser } from '../../test/render-app.tsx';

describe('routes and layout', () => {
  it("shows '404 - Nicht gefunden' for an unknown path", async () => {
    const { user, router } = await renderApp('/gibt-es-nicht', {
      handlers: [api.get('/projects', [])],
    });
    expect(
      screen.getByRole('heading', { level: 1, name: '404 - Nicht gefunden' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Nicht gefunden – Fragewerk');
    await user.click(
      within(screen.getByRole('main')).getByRole('link', { name: 'Zur Startseite' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
  });

  it('shows the 404 page for an unknown questionnaire step', async () => {
    const id = '7b2e0c1e-0000-4000-8000-000000000002';
    await renderApp(`/projekte/${id}/fragebogen/unbekannt`, {
      handlers: [api.get(`/projects/${id}`, makeProject())],
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: '404 - Nicht gefunden' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Nicht gefunden – Fragewerk');
  });

  it('shows Projekte, Account and Abmelden to a verified user', async () => {
    const { user, router } = await renderApp('/impressum', {
      handlers: [api.get('/projects', [])],
    });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(within(nav).getByRole('link', { name: 'Projekte' })).toHaveAttribute(
      'href',
      '/dashboard',
    );
    expect(within(nav).getByRole('link', { name: 'Account' })).toHaveAttribute('href', '/account');
    expect(within(nav).getByRole('link', { name: 'Abmelden' })).toHaveAttribute('href', '/logout');
    await user.click(within(nav).getByRole('link', { name: 'Account' }));
    expect(router.state.location.pathname).toBe('/account');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Accounteinstellungen' }),
    ).toBeInTheDocument();
  });

  it('shows an unverified user only Abmelden', async () => {
    await renderApp('/impressum', { user: { ...verifiedUser, verified: false } });
    const nav = screen.getByRole('navigation', { name: 'Hauptnavigation' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Abmelden']);
  });

  it('shows an anonymous visitor no menu, but the logo and the legal links', async () => {
    await renderApp('/impressum', { user: null });
    expect(screen.queryByRole('navigation', { name: 'Hauptnavigation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abmelden' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Zur Startseite' })).toHaveAttribute('href', '/');
    const legal = screen.getByRole('navigation', { name: 'Rechtliches' });
    expect(within(legal).getByRole('link', { name: 'Impressum' })).toHaveAttribute(
      'href',
      '/impressum',
    );
    expect(within(legal).getByRole('link', { name: 'Datenschutz' })).toHaveAttribute(
      'href',
      '/datenschutz',
    );
    // Outside a project the footer names no contact person.
    expect(screen.queryByText(/Ihre Ansprechperson/)).not.toBeInTheDocument();
  });

  it("sends '/' to the dashboard when logged in", async () => {
    const { router, leaveTo } = await renderApp('/', { handlers: [api.get('/projects', [])] });
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.getByRole('heading', { level: 1, name: 'Projekte' })).toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
  });

  it("sends '/' to the login page when not logged in", async () => {
    const { leaveTo } = await renderApp('/', { user: null });
    expect(leaveTo).toHaveBeenCalledWith('/login');
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  });

  it('sends /dashboard to the login page when not logged in', async () => {
    const { leaveTo } = await renderApp('/dashboard', { user: null });
    expect(leaveTo).toHaveBeenCalledWith('/login?weiter=%2Fdashboard');
    expect(screen.queryByRole('heading', { name: 'Projekte' })).not.toBeInTheDocument();
  });

  it('leaves for the server pages /login and /logout', async () => {
    const login = await renderApp('/login', { user: null });
    expect(login.leaveTo).toHaveBeenCalledWith('/login');
    login.unmount();
    const logout = await renderApp('/logout');
    expect(logout.leaveTo).toHaveBeenCalledWith('/logout');
  });

  it('renders the Impressum', async () => {
    await renderApp('/impressum', { user: null });
    expect(screen.getByRole('heading', { level: 1, name: 'Impressum' })).toBeInTheDocument();
    expect(document.title).toBe('Impressum – Fragewerk');
  });

  it('renders the Datenschutz page', async () => {
    const { user } = await renderApp('/impressum', {
      user: null,
      handlers: [
        api.get('/legal/datenschutz', {
          html: '<p>Verantwortlich: Agentur Nord</p>',
          placeholder: false,
        }),
      ],
    });
    await user.click(screen.getByRole('link', { name: 'Datenschutz' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Datenschutz' })).toBeInTheDocument();
    expect(await screen.findByText('Verantwortlich: Agentur Nord')).toBeInTheDocument();
    expect(document.title).toBe('Datenschutz – Fragewerk');
  });
});
