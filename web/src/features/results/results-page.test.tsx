import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import { projectsApi } from '../../lib/projects-api.ts';
import { questionnaireApi } from '../../lib/questionnaire-api.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const resultsPath = `/projekte/${id}/ergebnisse`;
const stakeholder = {
  id: 's1',
  version: 1,
  is_external: false,
  type: 'management',
  importance: 4,
  expectations: 'Klare Ziele',
};
const project = makeProject({ stakeholders: [stakeholder] });

/** The stakeholders' part of the results view. */
const stakeholdersPart = async () =>
  (await screen.findByRole('heading', { name: 'Stakeholder', level: 3 })).closest('section')!;

describe('the results page', () => {
  it('shows the steps as the server rendered them and makes the others from the project', async () => {
    await renderApp(resultsPath, {
      handlers: [
        api.get(`/projects/${id}`, project),
        api.get(`/projects/${id}/results`, {
          steps: {
            stakeholders:
              '<h3 id="result-stakeholders">Stakeholder</h3><p class="result-line">Vom Server</p>',
          },
        }),
      ],
    });
    const part = await stakeholdersPart();
    expect(within(part).getByText('Vom Server')).toBeInTheDocument();
    expect(within(part).queryByText(/Klare Ziele/)).not.toBeInTheDocument();
    // Competitors: none from the server, none in the project – the empty text, made here.
    const competitors = screen.getByRole('heading', { name: 'Wettbewerber', level: 3 });
    expect(
      within(competitors.closest('section')!).getByText(
        'Zu diesem Abschnitt wurden keine Angaben gemacht.',
      ),
    ).toBeInTheDocument();
  });

  it('makes every step itself when the server cannot render them, without an error toast', async () => {
    await renderApp(resultsPath, {
      handlers: [
        api.get(`/projects/${id}`, project),
        http.get(`*/api/projects/${id}/results`, () =>
          HttpResponse.json({ message: 'Interner Fehler' }, { status: 500 }),
        ),
      ],
    });
    const part = await stakeholdersPart();
    expect(within(part).getByRole('heading', { name: 'Geschäftsführung' })).toBeInTheDocument();
    expect(within(part).getByText(/Klare Ziele/)).toBeInTheDocument();
    expect(within(part).getByRole('img', { name: '4 von 5 Sternen' })).toBeInTheDocument();
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });

  it('drops the cached results when an answer changes', async () => {
    const { store } = await renderApp('/dashboard', {
      handlers: [
        api.get('/projects', []),
        api.get(`/projects/${id}/results`, { steps: {} }),
        api.patch(`/projects/${id}/stakeholders/s1`, () => [200, { ...stakeholder, version: 2 }]),
      ],
    });
    const cached = () => projectsApi.endpoints.getResults.select(id)(store.getState()).data;
    await store.dispatch(projectsApi.endpoints.getResults.initiate(id, { subscribe: false }));
    expect(cached()).toEqual({ steps: {} });
    await store.dispatch(
      questionnaireApi.endpoints.updateItem.initiate({
        projectId: id,
        kind: 'stakeholders',
        id: 's1',
        version: 1,
        base: stakeholder,
        data: { ...stakeholder, importance: 5 },
      }),
    );
    await waitFor(() => expect(cached()).toBeUndefined());
  });
});
