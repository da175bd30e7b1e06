import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, members, renderApp, verifiedUser } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const settingsPath = `/projekte/${id}/einstellungen`;

/** A server holding one project: GET answers its current state, PATCH changes it. */
function projectServer(initial: Partial<Project> = {}) {
  let project = makeProject(initial);
  const patches: unknown[] = [];
  const handlers = [
    http.get(`*/api/projects/${id}`, () => HttpResponse.json({ data: project })),
    api.patch(`/projects/${id}`, (body) => {
      patches.push(body);
      project = { ...project, ...(body as Partial<Project>), version: project.version + 1 };
      return [200, project];
    }),
    api.get('/projects', []),
  ];
  return { handlers, patches, current: () => project };
}

async function openSettings(initial: Partial<Project> = {}) {
  const server = projectServer(initial);
  const app = await renderApp(settingsPath, { handlers: server.handlers });
  await screen.findByRole('heading', { name: 'Projekteinstellungen' });
  return { ...app, server };
}

describe('project settings', () => {
  it('shows the project name, dates, the link to the project and the prefilled form', async () => {
    await openSettings();
    // One title: the project bar names the project, the page does not repeat it.
    expect(screen.getAllByText('Relaunch 2027')).toEqual([
      screen.getByText('Relaunch 2027', { selector: '.project-bar-name' }),
    ]);
    expect(screen.getByRole('link', { name: 'Projekt ansehen' })).toHaveAttribute(
      'href',
      `/projekte/${id}/fragebogen`,
    );
    expect(screen.getByText(/Erstellt am 21\. November 2026/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Projektname/)).toHaveValue('Relaunch 2027');
    expect(screen.getByLabelText(/^Kundenname/)).toHaveValue('Tischlerei Berger');
    expect(screen.getByLabelText('Ergebnisansicht für Kunden freigeben?')).not.toBeChecked();
    expect(screen.getByLabelText('Projekt freigegeben?')).not.toBeChecked();
    expect(document.title).toBe('Projekteinstellungen – Fragewerk');
    // No Freigeben button and no settings icon on the settings page itself.
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it('shows the share link and copies it to the clipboard', async () => {
    const { user } = await openSettings();
    const link = screen.getByLabelText('Link zum Fragebogen');
    expect(link).toHaveValue(
      `${window.location.origin}/share/geheimes-token/projekte/${id}/fragebogen`,
    );
    expect(link).toHaveAccessibleDescription(/Wer diesen Link hat/);
    const writeText = vi.spyOn(navigator.clipboard, 'writeText').mockResolvedValue(undefined);
    await user.click(screen.getByRole('button', { name: 'Link kopieren' }));
    expect(writeText).toHaveBeenCalledWith(
      `${window.location.origin}/share/geheimes-token/projekte/${id}/fragebogen`,
    );
    expect(
      await screen.findByText('Der Link wurde in die Zwischenablage kopiert'),
    ).toBeInTheDocument();
    // The notice goes away by itself after 1300 ms.
    await waitFor(
      () =>
        expect(
          screen.queryByText('Der Link wurde in die Zwischenablage kopiert'),
        ).not.toBeInTheDocument(),
      { timeout: 2500 },
    );
  });

  it('renames the project with its version and shows the saved message', async () => {
    const { user, server } = await openSettings();
    const name = screen.getByLabelText(/^Projektname/);
    await user.clear(name);
    await user.type(name, 'Relaunch 2028');
    await user.click(
      screen.getByRole('checkbox', { name: 'Ergebnisansicht für Kunden freigeben?' }),
    );
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(server.patches).toEqual([
      {
        project_name: 'Relaunch 2028',
        customer_firm: 'Tischlerei Berger',
        is_niceview_enabled: true,
        is_approved: false,
        responsible: verifiedUser.id,
        hidden_steps: [],
        due_date: null,
        reminders_enabled: true,
        version: 1,
      },
    ]);
    await waitFor(() =>
      expect(
        screen.getByText('Relaunch 2028', { selector: '.project-bar-name' }),
      ).toBeInTheDocument(),
    );
    expect(name).toHaveValue('Relaunch 2028');
  });

  it('hands the project to another member as „Verantwortlich“, sent with the settings', async () => {
    const { user, server } = await openSettings();
    const select = screen.getByRole('combobox', { name: 'Verantwortlich' });
    expect(select).toHaveAccessibleDescription(
      /Ansprechperson Ihrer Kundin oder Ihres Kunden.*bekommt die Mails zu diesem Projekt/,
    );
    await waitFor(() =>
      expect(
        within(select)
          .getAllByRole('option')
          .map((option) => option.textContent),
      ).toEqual(['Jana Kühn', 'Ole Brandt']),
    );
    expect(select).toHaveValue(verifiedUser.id);
    await user.selectOptions(select, 'Ole Brandt');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(server.patches).toEqual([expect.objectContaining({ responsible: members[1]!.id })]);
    expect(select).toHaveValue(members[1]!.id);
  });

  it("shows the server's 422 at the field without an error toast", async () => {
    const { user } = await renderApp(settingsPath, {
      handlers: [
        api.patch(`/projects/${id}`, () => [
          422,
          { message: 'Ungültige Eingabe', errors: { customer_firm: ['Kundenname ist zu lang'] } },
        ]),
        ...projectServer().handlers,
      ],
    });
    await user.type(await screen.findByLabelText(/^Kundenname/), ' GmbH');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Kundenname ist zu lang')).toBeInTheDocument();
    expect(screen.getByLabelText(/^Kundenname/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
    expect(screen.queryByText('Daten wurden gespeichert')).not.toBeInTheDocument();
  });

  it('requires the project name; Speichern stays enabled, leads to the field and sends nothing', async () => {
    const { user, server } = await openSettings();
    await user.clear(screen.getByLabelText(/^Projektname/));
    await user.tab();
    expect(screen.getByText('Projektname ist ein Pflichtfeld')).toBeInTheDocument();
    const save = screen.getByRole('button', { name: 'Speichern' });
    expect(save).toBeEnabled();
    await user.click(save);
    expect(screen.getByLabelText(/^Projektname/)).toHaveFocus();
    expect(server.patches).toEqual([]);
  });

  it('archives the project; the archived project offers Reaktivieren and a disabled form', async () => {
    const { user, server } = await openSettings();
    await user.click(screen.getByRole('button', { name: 'Archivieren' }));
    expect(await screen.findByRole('button', { name: 'Reaktivieren' })).toBeInTheDocument();
    expect(server.patches).toEqual([{ is_archived: true }]);
    expect(screen.getByText(/Dieses Projekt ist archiviert/)).toBeInTheDocument();
    expect(screen.getByLabelText(/^Projektname/)).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
  });

  it('shows an archived project with all inputs and Speichern disabled, and reactivates it', async () => {
    const { user, server } = await openSettings({ is_archived: true });
    expect(screen.getByRole('button', { name: 'Reaktivieren' })).toBeEnabled();
    expect(screen.queryByRole('button', { name: 'Archivieren' })).not.toBeInTheDocument();
    for (const input of [
      screen.getByLabelText(/^Projektname/),
      screen.getByLabelText(/^Kundenname/),
      screen.getByLabelText('Ergebnisansicht für Kunden freigeben?'),
      screen.getByLabelText('Projekt freigegeben?'),
      screen.getByLabelText('Link zum Fragebogen'),
    ])
      expect(input).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Link kopieren' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Neuen Link erzeugen' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Speichern' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Reaktivieren' }));
    expect(await screen.findByRole('button', { name: 'Archivieren' })).toBeInTheDocument();
    expect(server.patches).toEqual([{ is_archived: false }]);
    expect(screen.getByLabelText(/^Projektname/)).toBeEnabled();
  });

  it("deletes after 'Projekt wirklich löschen?' and returns to the dashboard", async () => {
    const deleted = vi.fn();
    const { user, router } = await renderApp(settingsPath, {
      handlers: [
        ...projectServer().handlers,
        api.delete(`/projects/${id}`, () => {
          deleted();
          return [200, null];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt wirklich löschen?' });
    expect(within(dialog).getByText(/nicht rückgängig gemacht werden/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Löschen' }));
    expect(await screen.findByText('Projekt gelöscht!')).toBeInTheDocument();
    expect(deleted).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(settingsPath);
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'), {
      timeout: 2500,
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Projekte' })).toBeInTheDocument();
  });

  it('does not delete when the confirmation is cancelled', async () => {
    const deleted = vi.fn();
    const { user } = await renderApp(settingsPath, {
      handlers: [
        ...projectServer().handlers,
        api.delete(`/projects/${id}`, () => {
          deleted();
          return [200, null];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Löschen' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt wirklich löschen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(deleted).not.toHaveBeenCalled();
  });

  it("asks before 'Neuen Link erzeugen' and shows the new link", async () => {
    const server = projectServer();
    const renewed = vi.fn();
    const { user } = await renderApp(settingsPath, {
      handlers: [
        api.put(`/projects/${id}/edit-token`, () => {
          renewed();
          return [200, { ...server.current(), edit_token: 'neues-token' }];
        }),
        http.get(`*/api/projects/${id}`, () =>
          HttpResponse.json({
            data: {
              ...server.current(),
              edit_token: renewed.mock.calls.length ? 'neues-token' : 'geheimes-token',
            },
          }),
        ),
        ...server.handlers,
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Neuen Link erzeugen' }));
    const dialog = screen.getByRole('dialog', { name: 'Neuen Link erzeugen?' });
    expect(renewed).not.toHaveBeenCalled();
    await user.click(within(dialog).getByRole('button', { name: 'Neuen Link erzeugen' }));
    expect(
      await screen.findByText('Ein neuer Link wurde erzeugt. Der alte Link ist ungültig.'),
    ).toBeInTheDocument();
    expect(renewed).toHaveBeenCalledTimes(1);
    await waitFor(() =>
      expect(screen.getByLabelText('Link zum Fragebogen')).toHaveValue(
        `${window.location.origin}/share/neues-token/projekte/${id}/fragebogen`,
      ),
    );
  });

  it('keeps the link when the regeneration is cancelled', async () => {
    const renewed = vi.fn();
    const { user } = await renderApp(settingsPath, {
      handlers: [
        api.put(`/projects/${id}/edit-token`, () => {
          renewed();
          return [200, makeProject()];
        }),
        ...projectServer().handlers,
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Neuen Link erzeugen' }));
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(renewed).not.toHaveBeenCalled();
  });

  it("asks 'Seite wirklich verlassen?' when leaving with unsaved changes; Abbrechen stays", async () => {
    const { user, router } = await openSettings();
    await user.type(screen.getByLabelText(/^Kundenname/), ' GmbH');
    await user.click(screen.getByRole('link', { name: 'Zurück zur Übersicht' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seite wirklich verlassen?' });
    expect(
      within(dialog).getByText(
        'Die vorgenommenen Änderungen werden möglicherweise nicht gespeichert.',
      ),
    ).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(settingsPath);
    expect(screen.getByLabelText(/^Kundenname/)).toHaveValue('Tischlerei Berger GmbH');
  });

  it("leaves with 'Ja, verlassen'", async () => {
    const { user, router } = await openSettings();
    await user.type(screen.getByLabelText(/^Kundenname/), ' GmbH');
    await user.click(screen.getByRole('link', { name: 'Zurück zur Übersicht' }));
    const dialog = await screen.findByRole('dialog', { name: 'Seite wirklich verlassen?' });
    await user.click(within(dialog).getByRole('button', { name: 'Ja, verlassen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('leaves without asking when nothing changed', async () => {
    const { user, router } = await openSettings();
    await user.click(screen.getByRole('link', { name: 'Zurück zur Übersicht' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('sends a visitor with only a share token to /login', async () => {
    const { leaveTo } = await renderApp(settingsPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, makeProject({ edit_token: undefined }))],
    });
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith(`/login?weiter=${encodeURIComponent(settingsPath)}`),
    );
    expect(screen.queryByLabelText('Link zum Fragebogen')).not.toBeInTheDocument();
  });
});
