import { screen, waitFor, within } from '@testing-library/react';
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

  it('shows each project’s progress as a bar with „5 von 8 Schritten“ and the time since the last change', async () => {
    const twoHoursAgo = new Date(Date.now() - 2 * 3600 * 1000 - 60_000).toISOString();
    const projects = [
      {
        ...makeProject({ id: 'a', project_name: 'Relaunch', updated_at: twoHoursAgo }),
        progress: { complete: 5, total: 8 },
      },
      {
        ...makeProject({ id: 'b', project_name: 'Shop', is_approved: true }),
        progress: { complete: 8, total: 8 },
      },
    ];
    await renderApp('/dashboard', { handlers: [api.get('/projects', projects)] });
    const table = await screen.findByRole('table', { name: 'Aktive Projekte' });
    const relaunch = within(table).getByRole('progressbar', { name: 'Fortschritt von Relaunch' });
    expect(relaunch).toHaveAttribute('aria-valuenow', '5');
    expect(relaunch).toHaveAttribute('aria-valuemax', '8');
    expect(relaunch).toHaveAttribute('aria-valuetext', '5 von 8 Schritten');
    const row = relaunch.closest('tr')!;
    expect(within(row).getByText('5 von 8 Schritten')).toBeInTheDocument();
    expect(within(row).getByText('vor 2 Stunden')).toBeInTheDocument();
    expect(row.querySelector('time')).toHaveAttribute('datetime', twoHoursAgo);
    expect(
      within(table).getByRole('progressbar', { name: 'Fortschritt von Shop' }),
    ).toHaveAttribute('aria-valuetext', '8 von 8 Schritten');
  });

  it('shows the empty state', async () => {
    await renderApp('/dashboard', { handlers: [api.get('/projects', [])] });
    expect(await screen.findByText('Sie haben keine aktiven Projekte')).toBeInTheDocument();
  });

  it('shows an unverified account only the notice', async () => {
    await renderApp('/dashboard', { user: { ...verifiedUser, verified: false } });
    expect(screen.getByText(/noch nicht verifiziert/)).toBeInTheDocument();
    // A full page load to the server's page, not a route of the app.
    expect(screen.getByRole('link', { name: 'Aktivierungslink erneut senden' })).toHaveAttribute(
      'href',
      '/aktivierung-erneut-senden',
    );
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Projekte' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Abmelden' })).toBeInTheDocument();
  });

  it("hides the welcome box with 'Danke, nicht mehr anzeigen', saving the whole user", async () => {
    const bodies: unknown[] = [];
    const hidden = { ...verifiedUser, show_welcome_box: false };
    const { user } = await renderApp('/dashboard', {
      handlers: [
        api.get('/projects', []),
        api.get('/user/current', hidden),
        api.patch(`/user/${verifiedUser.id}`, (body) => {
          bodies.push(body);
          return [200, hidden];
        }),
      ],
    });
    expect(screen.getByRole('heading', { name: 'Willkommen bei Fragewerk!' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Danke, nicht mehr anzeigen' }));
    await waitFor(() =>
      expect(
        screen.queryByRole('heading', { name: 'Willkommen bei Fragewerk!' }),
      ).not.toBeInTheDocument(),
    );
    // Focus moves on to the projects the box stood above, not to the page.
    await waitFor(() =>
      expect(screen.getByRole('heading', { name: 'Aktive Projekte' })).toHaveFocus(),
    );
    expect(bodies).toEqual([
      {
        company: verifiedUser.company,
        email: verifiedUser.email,
        contact_name: verifiedUser.contact_name,
        contact_email: verifiedUser.contact_email,
        show_welcome_box: false,
      },
    ]);
  });

  it('shows no welcome box when the user has hidden it', async () => {
    await renderApp('/dashboard', {
      user: { ...verifiedUser, show_welcome_box: false },
      handlers: [api.get('/projects', [])],
    });
    await screen.findByText('Sie haben keine aktiven Projekte');
    expect(
      screen.queryByRole('button', { name: 'Danke, nicht mehr anzeigen' }),
    ).not.toBeInTheDocument();
  });

  it("opens 'Neues Projekt' from the welcome box, locks the body and closes on Escape", async () => {
    const { user } = await renderApp('/dashboard', { handlers: [api.get('/projects', [])] });
    const opener = screen.getByRole('button', { name: 'Neues Projekt anlegen' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    expect(within(dialog).getByLabelText(/Projektname/)).toHaveFocus();
    expect(document.body).toHaveClass('overlay-open');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('overlay-open');
    expect(opener).toHaveFocus();
  });

  it('closes the dialog with Abbrechen', async () => {
    const { user } = await renderApp('/dashboard', { handlers: [api.get('/projects', [])] });
    const opener = screen.getByRole('button', { name: 'Neues Projekt' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('overlay-open');
    expect(opener).toHaveFocus();
  });

  it('shows the required messages on Enter with empty fields, focuses the first and sends nothing', async () => {
    const bodies: unknown[] = [];
    const { user } = await renderApp('/dashboard', {
      handlers: [
        api.get('/projects', []),
        api.post('/projects/create', (body) => {
          bodies.push(body);
          return [201, makeProject()];
        }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Neues Projekt' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    await user.keyboard('{Enter}');
    expect(await within(dialog).findByText('Projektname ist ein Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByText('Kundenname ist ein Pflichtfeld')).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/Projektname/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('dialog', { name: 'Neues Projekt' })).toBeInTheDocument();
    expect(bodies).toEqual([]);
    // docs/product.md#formulare-absenden-und-fehler: the button stays usable; a press with a
    // remaining error leads to that field.
    await user.type(within(dialog).getByLabelText(/Projektname/), 'Website');
    const submit = within(dialog).getByRole('button', { name: 'Projekt anlegen' });
    expect(submit).toBeEnabled();
    await user.click(submit);
    expect(within(dialog).getByLabelText(/Kundenname/)).toHaveFocus();
    expect(bodies).toEqual([]);
  });

  it('creates a project and goes to its settings', async () => {
    const created = makeProject({
      id: 'neu',
      project_name: 'Website',
      customer_firm: 'Bäckerei Roth',
    });
    const bodies: unknown[] = [];
    const { user, router } = await renderApp('/dashboard', {
      handlers: [
        api.get('/projects', []),
        api.get('/projects/neu', created),
        api.post('/projects/create', (body) => {
          bodies.push(body);
          return [201, created];
        }),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Neues Projekt' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    // The catalogue's first questionnaire is preselected once the catalogue is there.
    expect(await within(dialog).findByRole('radio', { name: /Fixture-Briefing/ })).toBeChecked();
    await user.type(within(dialog).getByLabelText(/Projektname/), '  Website ');
    await user.type(within(dialog).getByLabelText(/Kundenname/), 'Bäckerei Roth{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/projekte/neu/einstellungen'));
    expect(bodies).toEqual([
      { project_name: 'Website', customer_firm: 'Bäckerei Roth', questionnaire: 'fixture-brief' },
    ]);
    expect(
      await screen.findByRole('heading', { name: 'Projekteinstellungen' }),
    ).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(document.body).not.toHaveClass('overlay-open');
  });

  it('shows a 422 from the server at the field and keeps the dialog open', async () => {
    const { user } = await renderApp('/dashboard', {
      handlers: [
        api.get('/projects', []),
        api.post('/projects/create', () => [
          422,
          { message: 'Ungültige Eingabe', errors: { project_name: ['Projektname ist zu lang'] } },
        ]),
      ],
    });
    await user.click(screen.getByRole('button', { name: 'Neues Projekt' }));
    const dialog = screen.getByRole('dialog', { name: 'Neues Projekt' });
    await user.type(within(dialog).getByLabelText(/Projektname/), 'Website');
    await user.type(within(dialog).getByLabelText(/Kundenname/), 'Roth');
    await user.click(within(dialog).getByRole('button', { name: 'Projekt anlegen' }));
    expect(await within(dialog).findByText('Projektname ist zu lang')).toBeInTheDocument();
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
    await waitFor(() => expect(within(dialog).getByLabelText(/Projektname/)).toHaveFocus());
  });
});
