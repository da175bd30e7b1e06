import { screen, waitFor, within } from '@testing-library/react';
import { type Definition } from '@fragewerk/engine/core';
import { http, HttpResponse, type RequestHandler } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { makeProject, renderApp } from '../../test/render-app.tsx';

/*
 * The questionnaire screens on the fixture catalogue's brief (tests/fixtures/catalogue/): the
 * navigation, a list step and a form step come from whatever definition the project has, with
 * that definition's checks and German messages – no shipped wording is needed here.
 */

const brief: Definition = await loadFixtureQuestionnaire('fixture-brief');
const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;

/** A fixture-brief project as the server sends it: its own steps only, its own progress. */
const briefProject = (answers: Partial<Project> = {}): Project => makeProject(answers, brief);

const open = (slug: string, handlers: RequestHandler[] = []) =>
  renderApp(step(slug), {
    current: brief,
    checksOf: brief,
    handlers: [
      http.get(`*/api/projects/${id}`, () => HttpResponse.json({ data: briefProject() })),
      ...handlers,
    ],
  });

describe('the questionnaire of a fixture project', () => {
  it('lists the fixture’s two stages and the step of the current one', async () => {
    await open('ideen');
    await screen.findByRole('heading', { level: 1, name: 'Welche Ideen bringen Sie mit?' });
    const stages = screen.getByRole('navigation', { name: 'Etappen des Fragebogens' });
    expect(
      within(stages)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('Sammeln'), expect.stringContaining('Planen')]);
    expect(screen.queryByText('Business Insights')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Weiter: Rahmen' })).toBeInTheDocument();
  });

  it('adds an entry to the list step through the API', async () => {
    let posted: unknown;
    const { user } = await open('ideen', [
      http.post(`*/api/projects/${id}/ideas`, async ({ request }) => {
        posted = await request.json();
        return HttpResponse.json(
          {
            data: { ...(posted as object), id: '11111111-0000-4000-8000-000000000001', version: 1 },
          },
          { status: 201 },
        );
      }),
    ]);
    await user.click(await screen.findByRole('button', { name: 'Idee hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neue Idee' });
    await user.type(within(editor).getByLabelText(/Was ist Ihre Idee\?/), 'Wochenmarkt');
    await user.selectOptions(within(editor).getByLabelText(/Wie wichtig/), 'Hoch');
    await user.click(within(editor).getByRole('button', { name: 'Hinzufügen' }));
    await waitFor(() => expect(posted).toMatchObject({ idea: 'Wochenmarkt', priority: 'high' }));
  });

  it('shows the fixture’s German message on the form step', async () => {
    const { user } = await open('rahmen');
    await screen.findByRole('heading', { level: 1, name: 'Womit planen wir?' });
    await user.type(screen.getByLabelText(/Wie viele Personen/), '51');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText(/Teamgröße darf höchstens 50 sein\./)).toBeInTheDocument();
    expect(screen.getByText(/Ansprechperson ist ein Pflichtfeld/)).toBeInTheDocument();
  });
});
