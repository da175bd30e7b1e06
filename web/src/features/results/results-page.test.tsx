import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { projectsApi } from '../../lib/projects-api.ts';
import { questionnaireApi } from '../../lib/questionnaire-api.ts';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

/** The fixture catalogue's fixture-widgets: its list „Kontakte“ has cards with a star rating. */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');
/** Renders the app on fixture-widgets: its definition and its checks. */
const render = (path: string, options: Parameters<typeof renderApp>[1] = {}) =>
  renderApp(path, { current: widgets, checksOf: widgets, ...options });

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const resultsPath = `/projekte/${id}/ergebnisse`;
const contact = {
  id: 's1',
  version: 1,
  is_external: false,
  type: 'management',
  importance: 4,
  expectations: 'Klare Ziele',
};
const project = makeProject({ contacts: [contact] }, widgets);

/** The contacts' part of the results view. */
const contactsPart = async () =>
  (await screen.findByRole('heading', { name: 'Kontakte', level: 3 })).closest('section')!;

describe('the results page', () => {
  it('shows the steps as the server rendered them and makes the others from the project', async () => {
    await render(resultsPath, {
      handlers: [
        api.get(`/projects/${id}`, project),
        api.get(`/projects/${id}/results`, {
          steps: {
            contacts: '<h3 id="result-contacts">Kontakte</h3><p class="result-line">Vom Server</p>',
          },
        }),
      ],
    });
    const part = await contactsPart();
    expect(within(part).getByText('Vom Server')).toBeInTheDocument();
    expect(within(part).queryByText(/Klare Ziele/)).not.toBeInTheDocument();
    // Rivals: none from the server, none in the project – the empty text, made here.
    const rivals = screen.getByRole('heading', { name: 'Mitbewerber', level: 3 });
    expect(
      within(rivals.closest('section')!).getByText(
        'Zu diesem Abschnitt wurden keine Angaben gemacht.',
      ),
    ).toBeInTheDocument();
  });

  it('makes every step itself when the server cannot render them, without an error toast', async () => {
    await render(resultsPath, {
      handlers: [
        api.get(`/projects/${id}`, project),
        http.get(`*/api/projects/${id}/results`, () =>
          HttpResponse.json({ message: 'Interner Fehler' }, { status: 500 }),
        ),
      ],
    });
    const part = await contactsPart();
    expect(within(part).getByRole('heading', { name: 'Geschäftsführung' })).toBeInTheDocument();
    expect(within(part).getByText(/Klare Ziele/)).toBeInTheDocument();
    expect(within(part).getByRole('img', { name: '4 von 5 Sternen' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('drops the cached results when an answer changes', async () => {
    const { store } = await render('/dashboard', {
      handlers: [
        api.get('/projects', []),
        api.get(`/projects/${id}/results`, { steps: {} }),
        api.patch(`/projects/${id}/contacts/s1`, () => [200, { ...contact, version: 2 }]),
      ],
    });
    const cached = () => projectsApi.endpoints.getResults.select(id)(store.getState()).data;
    await store.dispatch(projectsApi.endpoints.getResults.initiate(id, { subscribe: false }));
    expect(cached()).toEqual({ steps: {} });
    await store.dispatch(
      questionnaireApi.endpoints.updateItem.initiate({
        projectId: id,
        kind: 'contacts',
        id: 's1',
        version: 1,
        base: contact,
        data: { ...contact, importance: 5 },
      }),
    );
    await waitFor(() => expect(cached()).toBeUndefined());
  });
});
