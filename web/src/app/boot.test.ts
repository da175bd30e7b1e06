import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api as rtkApi, apiContext } from '../lib/api.ts';
import { configApi } from '../lib/config-api.ts';
import { createI18n } from '../lib/i18n.ts';
import { projectsApi } from '../lib/projects-api.ts';
import { userApi } from '../lib/user-api.ts';
import { api, definition, makeProject, server, verifiedUser } from '../test/render-app.tsx';
import { loadBootData } from './boot.ts';
import { createStore } from '../state/store.ts';

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
  it('loads the definition and the user at once, not the presets the definition carries', async () => {
    const asked = bootServer(verifiedUser);
    const store = createStore(createI18n());
    await loadBootData(store);
    expect(asked.sort()).toEqual(['/api/config/definition', '/api/user/current']);
    expect(configApi.endpoints.getDefinition.select()(store.getState()).data).toEqual(definition);
    expect(userApi.endpoints.getCurrentUser.select()(store.getState()).data).toEqual(verifiedUser);
  });

  it('keeps the definition and the user for the session: an invalidated user is asked again', async () => {
    const asked = bootServer(verifiedUser);
    const store = createStore(createI18n());
    await loadBootData(store);
    store.dispatch(rtkApi.util.invalidateTags(['User']));
    await vi.waitFor(() =>
      expect(asked.filter((path) => path === '/api/user/current')).toHaveLength(2),
    );
    await vi.waitFor(() =>
      expect(userApi.endpoints.getCurrentUser.select()(store.getState()).status).toBe('fulfilled'),
    );
    expect(userApi.endpoints.getCurrentUser.select()(store.getState()).data).toEqual(verifiedUser);
    expect(configApi.endpoints.getDefinition.select()(store.getState()).data).toEqual(definition);
  });

  it('fails when the definition cannot be read (the app then shows its error)', async () => {
    bootServer(verifiedUser);
    server.use(http.get('*/api/config/definition', () => HttpResponse.json({}, { status: 500 })));
    await expect(loadBootData(createStore(createI18n()))).rejects.toThrow();
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

  it('boots a share link with its project’s revision only: user and project at once, then the revision', async () => {
    const asked = bootServer(null);
    const revision = { ...definition, revision: { id: 'b'.repeat(64), label: 1 } };
    server.use(
      api.get(`/projects/${id}`, makeProject({ definition_revision: revision.revision })),
      api.get(`/definitions/${'b'.repeat(64)}`, revision),
    );
    apiContext.editToken = 'geheimes-token';
    const store = createStore(createI18n());
    await loadBootData(store, id);
    expect(asked.slice(0, 2).sort()).toEqual([`/api/projects/${id}`, '/api/user/current']);
    expect(asked.slice(2)).toEqual([`/api/definitions/${'b'.repeat(64)}`]);
    // The current definition is not loaded for a customer.
    expect(asked).not.toContain('/api/config/definition');
    expect(
      configApi.endpoints.getRevisionDefinition.select('b'.repeat(64))(store.getState()).data,
    ).toEqual(revision);
    expect(configApi.endpoints.getDefinition.select()(store.getState()).isUninitialized).toBe(true);
  });

  it('boots a share link whose project cannot be read without any questionnaire (its notice needs none)', async () => {
    const asked = bootServer(null);
    server.use(
      http.get(`*/api/projects/${id}`, () =>
        HttpResponse.json({ message: 'Link ungültig', errors: {} }, { status: 410 }),
      ),
    );
    apiContext.editToken = 'geheimes-token';
    await expect(loadBootData(createStore(createI18n()), id)).resolves.toBeUndefined();
    expect(asked.sort()).toEqual([`/api/projects/${id}`, '/api/user/current']);
  });

  it('does not ask for the project without a login or a share link', async () => {
    const asked = bootServer(null);
    await loadBootData(createStore(createI18n()), id);
    expect(asked).not.toContain(`/api/projects/${id}`);
  });

  it('starts the app also when the project cannot be read (the container asks and shows it)', async () => {
    bootServer(verifiedUser);
    server.use(
      http.get(`*/api/projects/${id}`, () =>
        HttpResponse.json({ message: 'Projekt nicht gefunden', errors: {} }, { status: 404 }),
      ),
    );
    const store = createStore(createI18n());
    await expect(loadBootData(store, id, { results: true })).resolves.toBeUndefined();
    expect(projectsApi.endpoints.getProject.select(id)(store.getState()).isUninitialized).toBe(
      true,
    );
    expect(projectsApi.endpoints.getResults.select(id)(store.getState()).isUninitialized).toBe(
      true,
    );
  });
});
