import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import { api, makeProject, renderApp } from '../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const settingsPath = `/projekte/${id}/einstellungen`;

/** Opens the settings page and clicks Archivieren, answered by `patch`. */
async function archiveWith(patch: RequestHandler) {
  const app = await renderApp(settingsPath, {
    handlers: [patch, api.get(`/projects/${id}`, makeProject())],
  });
  await app.user.click(await screen.findByRole('button', { name: 'Archivieren' }));
  return app;
}

describe('error toasts', () => {
  it("shows 'Es ist ein Fehler aufgetreten' when a change fails with 400", async () => {
    const { leaveTo } = await archiveWith(
      api.patch(`/projects/${id}`, () => [400, { message: 'Interner Fehler' }]),
    );
    const alert = screen.getByRole('alert');
    expect(await within(alert).findByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
    expect(within(alert).queryByText('Interner Fehler')).not.toBeInTheDocument();
    expect(leaveTo).not.toHaveBeenCalled();
    // The project stays active.
    expect(screen.getByRole('button', { name: 'Archivieren' })).toBeInTheDocument();
  });

  it('says in German that the server cannot be reached, never „Network Error“', async () => {
    await archiveWith(http.patch(`*/api/projects/${id}`, () => HttpResponse.error()));
    const alert = screen.getByRole('alert');
    expect(
      await within(alert).findByText(
        'Keine Verbindung zum Server. Bitte prüfen Sie Ihre Internetverbindung und versuchen Sie es noch einmal.',
      ),
    ).toBeInTheDocument();
    // The technical sentence in small print beside.
    expect(within(alert).getByText('Es ist ein Fehler aufgetreten').tagName).toBe('SMALL');
    expect(within(alert).queryByText('Network Error')).not.toBeInTheDocument();
  });

  it('says that the server had a problem on a 5xx and to try again later', async () => {
    await archiveWith(api.patch(`/projects/${id}`, () => [503, { message: 'antwortet nicht' }]));
    const alert = screen.getByRole('alert');
    expect(
      await within(alert).findByText(
        'Der Server hat gerade ein Problem. Bitte versuchen Sie es später noch einmal.',
      ),
    ).toBeInTheDocument();
    expect(within(alert).getByText('Es ist ein Fehler aufgetreten')).toBeInTheDocument();
  });

  it("shows the server's message on 401 and goes to /login, which returns here", async () => {
    const { leaveTo } = await archiveWith(
      api.patch(`/projects/${id}`, () => [401, { message: 'Ihre Sitzung ist abgelaufen.' }]),
    );
    expect(
      await within(screen.getByRole('alert')).findByText('Ihre Sitzung ist abgelaufen.'),
    ).toBeInTheDocument();
    expect(leaveTo).toHaveBeenCalledWith(`/login?weiter=${encodeURIComponent(settingsPath)}`);
  });

  it("shows 'Keine Berechtigung' on a 401 without message", async () => {
    const { leaveTo } = await archiveWith(api.patch(`/projects/${id}`, () => [401, {}]));
    expect(
      await within(screen.getByRole('alert')).findByText('Keine Berechtigung'),
    ).toBeInTheDocument();
    expect(leaveTo).toHaveBeenCalledWith(`/login?weiter=${encodeURIComponent(settingsPath)}`);
  });

  it('handles a 401 on a load the same way', async () => {
    const { leaveTo } = await renderApp('/dashboard', {
      handlers: [api.get('/projects', { message: 'Bitte melden Sie sich an.' }, 401)],
    });
    expect(
      await within(screen.getByRole('alert')).findByText('Bitte melden Sie sich an.'),
    ).toBeInTheDocument();
    expect(leaveTo).toHaveBeenCalledWith('/login?weiter=%2Fdashboard');
  });

  it('shows no toast when a load fails otherwise', async () => {
    let requested = false;
    await renderApp('/dashboard', {
      handlers: [
        http.get('*/api/projects', () => {
          requested = true;
          return HttpResponse.json({ message: 'Interner Fehler' }, { status: 500 });
        }),
      ],
    });
    await waitFor(() => expect(requested).toBe(true));
    await waitFor(() => expect(screen.queryByText('Wird geladen …')).not.toBeInTheDocument());
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('removes an error toast after 3 s', async () => {
    await archiveWith(api.patch(`/projects/${id}`, () => [400, {}]));
    const alert = screen.getByRole('alert');
    await within(alert).findByText('Es ist ein Fehler aufgetreten');
    await waitFor(() => expect(alert).toBeEmptyDOMElement(), { timeout: 4000 });
  });
});
