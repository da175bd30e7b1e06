import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it } from 'vitest';
import { apiContext } from '../lib/api.ts';
import { createI18n } from '../lib/i18n.ts';
import { projectsApi } from '../lib/projects-api.ts';
import { api, definition, makeProject, server, verifiedUser } from '../test/render-app.tsx';
import { loadBootData } from './boot.ts';
import { createStore } from './store.ts';

const id = '7b2e0c1e-0000-4000-8000-000000000002';

/** The boot answers, and the paths the app asked for in order. */
function bootServer(user: unknown) {
  const asked: string[] = [];
  server.events.on('request:start', ({ request }) => {
    asked.push(new URL(request.url).pathname);
  });
  server.use(
    api.get('/config/presets', { questionnaire: definition.presets }),
    api.get('/config/definition', definition),
    api.get('/user/current', user),
    api.get(`/projects/${id}`, makeProject()),
  );
  return asked;
}

afterEach(() => server.events.removeAllListeners());

describe('loadBootData', () => {
  it('loads the definition and then the user, not the presets the definition carries', async () => {
    const asked = bootServer(verifiedUser);
    await loadBootData(createStore(createI18n()));
    expect(asked).toEqual(['/api/config/definition', '/api/user/current']);
  });

  it('loads the project of a project route after them, for the logged-in user', async () => {
    const asked = bootServer(verifiedUser);
    const store = createStore(createI18n());
    await loadBootData(store, id);
    expect(asked.at(-1)).toBe(`/api/projects/${id}`);
    expect(projectsApi.endpoints.getProject.select(id)(store.getState()).data?.id).toBe(id);
  });

  it("loads the server's results beside the project when the results view opens", async () => {
    const asked = bootServer(verifiedUser);
    server.use(api.get(`/projects/${id}/results`, { steps: {} }));
    const store = createStore(createI18n());
    await loadBootData(store, id, { results: true });
    expect(asked.slice(2).sort()).toEqual([`/api/projects/${id}`, `/api/projects/${id}/results`]);
    expect(projectsApi.endpoints.getResults.select(id)(store.getState()).data).toEqual({
      steps: {},
    });
  });

  it('loads the project for a customer with the share link', async () => {
    const asked = bootServer(null);
    apiContext.editToken = 'geheimes-token';
    await loadBootData(createStore(createI18n()), id);
    expect(asked).toContain(`/api/projects/${id}`);
  });

  it('does not ask for the project without a login or a share link', async () => {
    const asked = bootServer(null);
    await loadBootData(createStore(createI18n()), id);
    expect(asked).not.toContain(`/api/projects/${id}`);
  });

  it('starts the app also when the project cannot be read (the container shows it)', async () => {
    bootServer(verifiedUser);
    server.use(
      http.get(`*/api/projects/${id}`, () =>
        HttpResponse.json({ message: 'Projekt nicht gefunden', errors: {} }, { status: 404 }),
      ),
    );
    const store = createStore(createI18n());
    await expect(loadBootData(store, id)).resolves.toBeUndefined();
    expect(projectsApi.endpoints.getProject.select(id)(store.getState()).isError).toBe(true);
  });
});
