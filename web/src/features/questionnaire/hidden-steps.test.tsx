import { visibleDefinition } from '@fragewerk/engine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, definition, makeProject, renderApp } from '../../test/render-app.tsx';
import { briefingMinutes } from '@fragewerk/engine/core';

/*
 * Steps switched off for one project (docs/product.md#projekteinstellungen): the screens show the
 * questionnaire without them – navigation, „Schritt n von m“, approval, welcome page, results.
 */

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;
/** Wettbewerber-Analyse, the second step of Business Insights, switched off. */
const withoutCompetitors = { hidden_steps: ['competitors'] };
/** The whole of User Insights switched off. */
const withoutUserInsights = { hidden_steps: ['userstories', 'personas'] };

async function openStep(slug: string, overrides: Partial<Project> = {}) {
  const app = await renderApp(step(slug), {
    handlers: [api.get(`/projects/${id}`, makeProject(overrides))],
  });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const stages = () => screen.getByRole('navigation', { name: 'Etappen des Fragebogens' });
const stageSteps = () => screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
const picker = () => screen.getByRole('button', { name: /^Schritt \d+ von \d+ · / });
const titlesIn = (element: HTMLElement) =>
  within(element)
    .getAllByRole('link')
    .map((link) => link.textContent);

describe('a questionnaire with a step switched off', () => {
  it('leaves it out of the stage, the stage figure, the footer and „Schritt n von m“', async () => {
    const { user } = await openStep('stakeholder', withoutCompetitors);
    expect(titlesIn(stageSteps())).toEqual(['Stakeholder-Analyse', 'Ziele']);
    expect(within(stages()).getByRole('link', { name: '1 Business Insights' })).toHaveTextContent(
      '0/2',
    );
    expect(picker()).toHaveAccessibleName('Schritt 1 von 7 · Stakeholder-Analyse');
    const footer = screen.getByRole('navigation', { name: 'Stakeholder-Analyse' });
    expect(titlesIn(footer)).toEqual(['Weiter: Ziele']);

    await user.click(within(footer).getByRole('link', { name: 'Weiter: Ziele' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wohin soll die Reise gehen?' }),
    ).toBeInTheDocument();
    expect(picker()).toHaveAccessibleName('Schritt 2 von 7 · Ziele');
    expect(titlesIn(screen.getByRole('navigation', { name: 'Ziele' }))).toEqual([
      'Zurück: Stakeholder-Analyse',
      'Weiter: Markenpersönlichkeit',
    ]);
    // The compact list of every step does not offer it either.
    await user.click(picker());
    const all = screen.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
    expect(within(all).queryByRole('link', { name: /Wettbewerber-Analyse/ })).toBeNull();
  });

  it('shows „not found“ at its address', async () => {
    await openStep('wettbewerber', withoutCompetitors);
    expect(screen.getByRole('heading', { level: 1, name: '404 - Nicht gefunden' })).toBeVisible();
    expect(document.title).toBe('Nicht gefunden – Fragewerk');
  });

  it('drops a stage whose steps are all switched off; its last shown step is the last', async () => {
    await openStep('markenpositionierung', withoutUserInsights);
    expect(titlesIn(stages())).not.toContainEqual(expect.stringContaining('User Insights'));
    expect(within(stages()).getAllByRole('link')).toHaveLength(2);
    expect(picker()).toHaveAccessibleName('Schritt 6 von 6 · Markenpositionierung');
    expect(titlesIn(screen.getByRole('navigation', { name: 'Markenpositionierung' }))).toEqual([
      'Zurück: Polaritätenprofil',
    ]);
    // The last step offers Freigeben.
    const main = screen.getByRole('region', { name: 'Wofür steht Ihre Marke?' });
    expect(within(main).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
  });
});

describe('approving with a step switched off', () => {
  it('does not name it among the incomplete steps', async () => {
    // Nothing answered: every shown step is incomplete, the switched-off one is not listed.
    const { user } = await openStep('stakeholder', withoutCompetitors);
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    const dialog = screen.getByRole('dialog', { name: 'Projekt Freigeben?' });
    const listed = within(dialog)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(listed).toHaveLength(7);
    expect(listed).toContain('Ziele');
    expect(listed).not.toContain('Wettbewerber-Analyse');
  });
});

describe('the welcome page with a step switched off', () => {
  it('counts and names only the shown steps and estimates their time', async () => {
    await renderApp(`/projekte/${id}/fragebogen`, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [
        api.get(`/projects/${id}`, makeProject({ edit_token: undefined, ...withoutUserInsights })),
      ],
    });
    const page = await screen.findByRole('region', {
      name: 'Willkommen zum Fragebogen „Relaunch 2027“',
    });
    const shown = visibleDefinition(definition, withoutUserInsights.hidden_steps);
    expect(briefingMinutes(shown)).toBeLessThan(briefingMinutes(definition));
    expect(within(page).getByText(`etwa ${briefingMinutes(shown)} Minuten`)).toBeVisible();
    expect(within(page).getByText('6')).toBeInTheDocument();
    expect(within(page).getByText('2')).toBeInTheDocument();
    expect(within(page).queryByText(/User Insights/)).toBeNull();
    expect(within(page).queryByText(/Personas/)).toBeNull();
  });
});

describe('the results with a step switched off', () => {
  it('leave it out, also when the view makes the steps itself', async () => {
    await renderApp(`/projekte/${id}/ergebnisse`, {
      handlers: [
        api.get(
          `/projects/${id}`,
          makeProject({
            ...withoutCompetitors,
            competitors: [{ id: 'c1', version: 1, name: 'Holz & Co', importance: 3 }],
          }),
        ),
        api.get(`/projects/${id}/results`, { steps: {} }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Stakeholder', level: 3 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Wettbewerber', level: 3 })).toBeNull();
    expect(screen.queryByText('Holz & Co')).toBeNull();
  });
});
