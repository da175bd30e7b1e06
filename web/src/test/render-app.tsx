import type { Definition } from '@fragewerk/engine/core';
import type { AgencyJson, AgencyMemberJson } from '@fragewerk/schemas/types';
import {
  compileChecks,
  judgedDocuments,
  projectProgress,
  visibleDefinition,
} from '@fragewerk/engine/core';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http, HttpResponse, type JsonBodyType, type RequestHandler } from 'msw';
import { setupServer } from 'msw/node';
import { UNSAFE_createMemoryHistory as createMemoryHistory } from 'react-router-dom';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import { preloadLazyComponents, readyChecks } from '@fragewerk/engine/react';
import { App } from '../app/app.tsx';
import { createAppRouter } from '../lib/app-router.tsx';
import { putBootData } from '../app/boot.ts';
import { routes } from '../app/router.tsx';
import { createStore } from '../state/store.ts';
import { apiContext } from '../lib/api.ts';
import { createI18n } from '../lib/i18n.ts';
import { navigation } from '../lib/navigation.ts';
import type { Project } from '../lib/projects-api.ts';
import type { OfferedQuestionnaire } from '../lib/questionnaires-api.ts';
import type { CurrentUser } from '../lib/user-api.ts';
import { loadFixtureQuestionnaire } from './fixture-catalogue.ts';

/**
 * The definition the tests run on: the fixture catalogue's brief (tests/fixtures/catalogue/), as
 * the server would send it. Not a shipped questionnaire, so rewording one breaks no web test.
 */
export const definition: Definition = await loadFixtureQuestionnaire('fixture-brief');

/** The checks the server would precompile, compiled here once. */
const checks = readyChecks(compileChecks(definition));
await preloadLazyComponents();

/** The API the component tests talk to: msw answers `fetch` in place of the server. */
export const server = setupServer(
  // The legal pages stand behind every other page's footer: the server's placeholder by default.
  http.get('*/api/legal/:kind', () =>
    HttpResponse.json({
      data: { html: '<p>Dieser Text ist ein Platzhalter.</p>', placeholder: true },
    }),
  ),
  // The agency's members name who is responsible for a project (dashboard, settings).
  http.get('*/api/agency/members', () => HttpResponse.json({ data: members })),
  // The catalogue the overlay „Neues Projekt“ offers.
  http.get('*/api/questionnaires', () => HttpResponse.json({ data: questionnaires })),
  // The settings page lists the project's customer contacts („Kundschaft“): none unless a test says.
  http.get('*/api/projects/:id/customer-contacts', () => HttpResponse.json({ data: [] })),
  // The Rückfragen of a project (badges, the block above a step): none unless a test says.
  http.get('*/api/projects/:id/questions', () => HttpResponse.json({ data: [] })),
  // The history („Verlauf“) of a project: nothing happened yet unless a test says.
  http.get('*/api/projects/:id/activity', () => HttpResponse.json({ data: [], next: null })),
);
beforeAll(() => server.listen({ onUnhandledRequest: 'error' }));
afterEach(() => {
  server.resetHandlers();
  apiContext.editToken = undefined;
});
afterAll(() => server.close());

/** The server's answer: `{data}` on success, the error body as it is otherwise. */
const reply = (status: number, data: unknown) =>
  HttpResponse.json((status < 300 ? { data } : data) as JsonBodyType, { status });

/** Answers `GET /api/<path>`, … the way the server does. `answer` gets the request body. */
export const api = {
  get: (path: string, data: unknown, status = 200) =>
    http.get(`*/api${path}`, () => reply(status, data)),
  patch: (path: string, answer: (body: unknown) => [number, unknown]) =>
    http.patch(`*/api${path}`, async ({ request }) => reply(...answer(await request.json()))),
  post: (path: string, answer: (body: unknown) => [number, unknown]) =>
    http.post(`*/api${path}`, async ({ request }) => reply(...answer(await request.json()))),
  put: (path: string, answer: () => [number, unknown]) =>
    http.put(`*/api${path}`, () => reply(...answer())),
  delete: (path: string, answer: () => [number, unknown]) =>
    http.delete(`*/api${path}`, () => reply(...answer())),
};

export const verifiedUser: CurrentUser = {
  id: '6a1f0c1e-0000-4000-8000-000000000001',
  company: 'Agentur Nord',
  email: 'jana@agentur-nord.de',
  contact_name: 'Jana Kühn',
  contact_email: 'jana@agentur-nord.de',
  agency_role: 'owner',
  verified: true,
  show_welcome_box: true,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-20T09:00:00Z',
};

/** The agency of `verifiedUser`, unbranded: the product's own look, the operator's legal pages. */
export const agency: AgencyJson = {
  id: '5c3d0c1e-0000-4000-8000-000000000003',
  name: 'Agentur Nord',
  primary_color: null,
  logo_url: null,
  impressum_url: null,
  privacy_url: null,
};

/** The catalogue as `GET /api/questionnaires` offers it: two of the fixture catalogue's questionnaires. */
export const questionnaires: OfferedQuestionnaire[] = [
  {
    id: 'fixture-brief',
    title: 'Fixture-Briefing',
    description: 'Ein kleiner Fragebogen für Tests: Ideen sammeln und den Rahmen abstecken.',
    steps: 2,
    minutes: 5,
  },
  {
    id: 'fixture-widgets',
    title: 'Fixture-Widgets',
    description:
      'Ein Fragebogen für Tests der Widgets: Listen mit Gruppen, Avataren und Links, Formulare mit Suche, Skala und Pflichtfeldern.',
    steps: 6,
    minutes: 15,
  },
];

/** The members of `agency` as `GET /api/agency/members` lists them: `verifiedUser` and a colleague. */
export const members: AgencyMemberJson[] = [
  {
    id: '6a1f0c1e-0000-4000-8000-000000000001',
    email: 'jana@agentur-nord.de',
    contact_name: 'Jana Kühn',
    role: 'owner',
    created_at: '2026-11-01T09:00:00Z',
  },
  {
    id: '6a1f0c1e-0000-4000-8000-000000000004',
    email: 'ole@agentur-nord.de',
    contact_name: 'Ole Brandt',
    role: 'member',
    created_at: '2026-11-02T09:00:00Z',
  },
];

/**
 * A project of questionnaire `of` (default: `definition`) as `GET /api/projects/{id}` returns it to
 * its owner, with no answers yet; its progress follows the answers (and the steps switched off) in
 * `overrides` unless they set one.
 */
export function makeProject(
  overrides: Partial<Project> = {},
  of: Definition = definition,
): Project {
  const steps = Object.fromEntries(
    of.steps.map((step) => [step.meta.key, step.meta.kind === 'list' ? [] : { version: 0 }]),
  );
  const answers = { ...steps, ...overrides };
  return {
    // Like the server: the figures count the steps the project shows.
    progress: {
      ...projectProgress(
        visibleDefinition(of, overrides.hidden_steps ?? []),
        answers,
        judgedDocuments(undefined),
      ),
      reviewed: overrides.reviews?.length ?? 0,
    },
    id: '7b2e0c1e-0000-4000-8000-000000000002',
    questionnaire: { id: of.id ?? 'fixture-brief', title: of.title },
    customer_firm: 'Tischlerei Berger',
    project_name: 'Relaunch 2027',
    is_approved: false,
    is_archived: false,
    is_niceview_enabled: false,
    version: 1,
    created_at: '2026-11-21T10:00:00Z',
    updated_at: '2026-11-21T10:00:00Z',
    definition_version: 1,
    definition_revision: { id: 'a'.repeat(64), label: 1 },
    approved_at: null,
    edit_token: 'geheimes-token',
    responsible: verifiedUser.id,
    hidden_steps: [],
    due_date: null,
    reminders_enabled: true,
    reviews: [],
    agency,
    user: {
      company: 'Agentur Nord',
      contact_name: 'Jana Kühn',
      contact_email: 'jana@agentur-nord.de',
    },
    ...steps,
    ...overrides,
  };
}

/**
 * Renders the whole app (real store, texts and routes) at `path`, with the definition and the
 * current user already loaded as at boot. Full page loads (`/login`) are recorded, not done.
 */
export async function renderApp(
  path: string,
  options: {
    user?: CurrentUser | null;
    handlers?: RequestHandler[];
    editToken?: string;
    /** The current definition as `/api/config/definition` gives it (default: `definition`). */
    current?: Definition;
    /** Whose checks the forms use (default: `definition`'s); another questionnaire's own. */
    checksOf?: Definition;
  } = {},
) {
  const { user = verifiedUser, handlers = [], editToken, current = definition } = options;
  const shownChecks = options.checksOf ? readyChecks(compileChecks(options.checksOf)) : checks;
  server.use(...handlers);
  apiContext.editToken = editToken;
  const i18n = createI18n();
  const store = createStore(i18n);
  putBootData(store, { definition: current, user });
  const leaveTo = vi.spyOn(navigation, 'leaveTo').mockImplementation(() => undefined);
  const router = createAppRouter(
    routes,
    createMemoryHistory({ initialEntries: [path], v5Compat: true }),
  );
  vi.spyOn(navigation, 'currentPath').mockImplementation(() => {
    const { pathname, search, hash } = router.state.location;
    return `${pathname}${search}${hash}`;
  });
  const view = render(<App store={store} i18n={i18n} router={router} checks={shownChecks} />);
  return { ...view, store, router, leaveTo, user: userEvent.setup() };
}
