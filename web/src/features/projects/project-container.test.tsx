import { screen, waitFor, within } from '@testing-library/react';
import { delay, http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const stepPath = `/projekte/${id}/fragebogen/ideen`;
/** The first step's heading in the harness's questionnaire (the fixture catalogue's brief). */
const heading = 'Welche Ideen bringen Sie mit?';
/** The project as a customer with the share link gets it: without the edit token. */
const forCustomer = (overrides: Partial<Project> = {}) =>
  makeProject({ edit_token: undefined, ...overrides });

/** Every step answered: an entry in the list, a value in the form. */
const entry = (n: number, fields: Record<string, unknown>) => ({
  id: `e0000000-0000-4000-8000-00000000000${n}`,
  version: 1,
  ...fields,
});
const idea = entry(1, { idea: 'Wochenmarkt', priority: 'high' });
const answered: Partial<Project> = {
  ideas: [idea],
  frame: { contact: 'Jana Kühn', version: 1 },
};

describe('project container', () => {
  it('shows a spinner while the project loads', async () => {
    await renderApp(stepPath, {
      handlers: [
        http.get(`*/api/projects/${id}`, async () => {
          await delay(150);
          return HttpResponse.json({ data: makeProject() });
        }),
      ],
    });
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
    expect(screen.queryByText('Wird geladen …')).not.toBeInTheDocument();
  });

  it("shows 'Projekt nicht gefunden' with a sign-in link on 404", async () => {
    await renderApp(stepPath, {
      handlers: [
        api.get(`/projects/${id}`, { message: 'Projekt nicht gefunden', errors: {} }, 404),
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Projekt nicht gefunden' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/existiert nicht oder ist nicht öffentlich/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Anmelden' })).toHaveAttribute('href', '/login');
    // A failed load shows no error toast.
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
  });

  it("shows 'Projekt nicht gefunden' to a customer whose token is not valid (403)", async () => {
    await renderApp(stepPath, {
      user: null,
      editToken: 'falsch',
      handlers: [api.get(`/projects/${id}`, { message: 'Keine Berechtigung' }, 403)],
    });
    expect(
      await screen.findByRole('heading', { name: 'Projekt nicht gefunden' }),
    ).toBeInTheDocument();
  });

  it("shows the server's archived message on 403", async () => {
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, { message: 'Das Projekt wurde archiviert.' }, 403)],
    });
    expect(await screen.findByText('Das Projekt wurde archiviert.')).toBeInTheDocument();
    expect(
      screen.queryByRole('heading', { name: 'Projekt nicht gefunden' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
  });

  it('shows an archived project on the questionnaire route only as archived', async () => {
    await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject({ is_archived: true }))],
    });
    expect(await screen.findByText('Das Projekt wurde archiviert.')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: heading })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it('shows the owner the project bar with the settings icon link', async () => {
    await renderApp(stepPath, { handlers: [api.get(`/projects/${id}`, makeProject())] });
    await screen.findByRole('heading', { name: heading });
    expect(screen.getByText('Tischlerei Berger')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Projekteinstellungen' })).toHaveAttribute(
      'href',
      `/projekte/${id}/einstellungen`,
    );
  });

  it('shows a customer with the share link no settings icon and no header menu', async () => {
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, forCustomer())],
    });
    await screen.findByRole('heading', { name: heading });
    expect(screen.queryByRole('link', { name: 'Projekteinstellungen' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Abmelden' })).not.toBeInTheDocument();
  });

  it('sends the project request with the edit token of the share link', async () => {
    const tokens: (string | null)[] = [];
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [
        http.get(`*/api/projects/${id}`, ({ request }) => {
          tokens.push(request.headers.get('X-Edit-Token'));
          return HttpResponse.json({ data: forCustomer() });
        }),
      ],
    });
    await screen.findByRole('heading', { name: heading });
    expect(tokens).toEqual(['geheimes-token']);
  });

  it('sends a visitor with neither login nor token to /login', async () => {
    const { leaveTo } = await renderApp('/projekte/x/fragebogen', {
      user: null,
      // The footer asks for the project's contact person even so; the server refuses.
      handlers: [api.get('/projects/x', { message: 'Keine Berechtigung' }, 401)],
    });
    expect(leaveTo).toHaveBeenCalledWith('/login?weiter=%2Fprojekte%2Fx%2Ffragebogen');
    expect(screen.getByText('Wird geladen …')).toBeInTheDocument();
  });

  it('redirects /projekte/{id} to the first step', async () => {
    const { router } = await renderApp(`/projekte/${id}`, {
      handlers: [api.get(`/projects/${id}`, makeProject())],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(stepPath));
    expect(await screen.findByRole('heading', { name: heading })).toBeInTheDocument();
  });

  it("approves after 'Projekt Freigeben?' and shows 'Projekt freigegeben!'", async () => {
    let project = makeProject(answered);
    const approve = vi.fn();
    const { user } = await renderApp(stepPath, {
      handlers: [
        http.get(`*/api/projects/${id}`, () => HttpResponse.json({ data: project })),
        api.put(`/projects/${id}/approve`, () => {
          approve();
          project = { ...project, is_approved: true, approved_at: '2026-11-22T10:00:00Z' };
          return [200, project];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    expect(
      within(dialog).getByText(
        'Nach der Freigabe sind keine Änderungen am Fragebogen mehr möglich.',
      ),
    ).toBeInTheDocument();
    expect(approve).not.toHaveBeenCalled();
    // Every step is complete: nothing to list.
    expect(within(dialog).queryByRole('list')).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Freigeben' }));
    expect(await screen.findByText('Projekt freigegeben!')).toBeInTheDocument();
    expect(approve).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(
      await screen.findByText(
        'Der Fragebogen wurde freigegeben. Er kann vom Kunden nicht mehr editiert werden.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it("lists the incomplete steps with links and still approves ('Trotzdem freigeben')", async () => {
    const approve = vi.fn();
    const project = makeProject({ ...answered, frame: { version: 0 } });
    const { user, router } = await renderApp(stepPath, {
      handlers: [
        api.get(`/projects/${id}`, {
          ...project,
          progress: {
            ...project.progress,
            steps: {
              ...project.progress.steps,
              ideas: {
                state: 'review',
                invalid: [{ id: idea.id, version: 1 }],
              },
            },
          },
        }),
        api.put(`/projects/${id}/approve`, () => {
          approve();
          return [200, makeProject({ ...answered, is_approved: true })];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    let dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    expect(
      within(dialog).getByText('Diese Schritte sind noch nicht vollständig:'),
    ).toBeInTheDocument();
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Ideen (bitte prüfen)', 'Rahmen (noch leer)']);
    expect(within(dialog).getByRole('link', { name: 'Rahmen' })).toHaveAttribute(
      'href',
      `/projekte/${id}/fragebogen/rahmen`,
    );
    expect(within(dialog).queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();

    // Enter on a link follows it and approves nothing; the question closes.
    within(dialog).getByRole('link', { name: 'Rahmen' }).focus();
    await user.keyboard('{Enter}');
    await waitFor(() =>
      expect(router.state.location.pathname).toBe(`/projekte/${id}/fragebogen/rahmen`),
    );
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(approve).not.toHaveBeenCalled();

    await user.click(screen.getAllByRole('button', { name: 'Freigeben' })[0]!);
    dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    await user.click(within(dialog).getByRole('button', { name: 'Trotzdem freigeben' }));
    expect(await screen.findByText('Projekt freigegeben!')).toBeInTheDocument();
    expect(approve).toHaveBeenCalledTimes(1);
  });

  it('does not approve when the question is cancelled', async () => {
    const approve = vi.fn();
    const { user } = await renderApp(stepPath, {
      handlers: [
        api.get(`/projects/${id}`, makeProject()),
        api.put(`/projects/${id}/approve`, () => {
          approve();
          return [200, makeProject({ is_approved: true })];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(approve).not.toHaveBeenCalled();
  });

  it('tells the owner of an approved project that the customer can no longer edit it', async () => {
    await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject({ is_approved: true }))],
    });
    expect(
      await screen.findByText(
        'Der Fragebogen wurde freigegeben. Er kann vom Kunden nicht mehr editiert werden.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it('tells a customer that an approved project can no longer be edited', async () => {
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, forCustomer({ is_approved: true }))],
    });
    expect(
      await screen.findByText(
        'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(/von Ihrer Kundin/)).not.toBeInTheDocument();
  });

  it("shows the owner's contact person as a mailto link in the footer", async () => {
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, forCustomer())],
    });
    await screen.findByRole('heading', { name: heading });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/Ihre Ansprechperson/)).toBeInTheDocument();
    expect(within(footer).getByRole('link', { name: 'Jana Kühn' })).toHaveAttribute(
      'href',
      'mailto:jana@agentur-nord.de',
    );
  });

  it('shows the contact name without a link when the owner gave no e-mail', async () => {
    await renderApp(stepPath, {
      handlers: [
        api.get(
          `/projects/${id}`,
          makeProject({
            user: { company: 'Agentur Nord', contact_name: 'Jana Kühn', contact_email: null },
          }),
        ),
      ],
    });
    await screen.findByRole('heading', { name: heading });
    const footer = screen.getByRole('contentinfo');
    expect(within(footer).getByText(/Jana Kühn/)).toBeInTheDocument();
    expect(within(footer).queryByRole('link', { name: 'Jana Kühn' })).not.toBeInTheDocument();
  });
});
