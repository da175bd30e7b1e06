import { visibleDefinition } from '@fragewerk/engine/core';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';
import { briefingMinutes } from '@fragewerk/engine/core';

/*
 * Steps switched off for one project (docs/product.md#projekteinstellungen): the screens show the
 * questionnaire without them – navigation, „Schritt n von m“, approval, welcome page, results.
 * On the fixture catalogue's fixture-widgets: stages „Listen“ and „Formulare“ of three steps each.
 */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');
/** Renders the app on fixture-widgets: its definition and its checks. */
const render = (path: string, options: Parameters<typeof renderApp>[1] = {}) =>
  renderApp(path, { current: widgets, checksOf: widgets, ...options });

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;
/** Kontakte, the second step of „Listen“, switched off. */
const withoutContacts = { hidden_steps: ['contacts'] };
/** The whole of the last stage, „Formulare“, switched off. */
const withoutForms = { hidden_steps: ['profile', 'scale', 'statement'] };

async function openStep(slug: string, overrides: Partial<Project> = {}) {
  const app = await render(step(slug), {
    handlers: [api.get(`/projects/${id}`, makeProject(overrides, widgets))],
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
    const { user } = await openStep('mitbewerber', withoutContacts);
    expect(titlesIn(stageSteps())).toEqual(['Mitbewerber', 'Personen']);
    expect(within(stages()).getByRole('link', { name: '1 Listen' })).toHaveTextContent('0/2');
    expect(picker()).toHaveAccessibleName('Schritt 1 von 5 · Mitbewerber');
    const footer = screen.getByRole('navigation', { name: 'Mitbewerber' });
    expect(titlesIn(footer)).toEqual(['Weiter: Personen']);

    await user.click(within(footer).getByRole('link', { name: 'Weiter: Personen' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Für wen machen wir das?' }),
    ).toBeInTheDocument();
    expect(picker()).toHaveAccessibleName('Schritt 2 von 5 · Personen');
    expect(titlesIn(screen.getByRole('navigation', { name: 'Personen' }))).toEqual([
      'Zurück: Mitbewerber',
      'Weiter: Profil',
    ]);
    // The compact list of every step does not offer it either.
    await user.click(picker());
    const all = screen.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
    expect(within(all).queryByRole('link', { name: /Kontakte/ })).toBeNull();
  });

  it('shows „not found“ at its address', async () => {
    await openStep('kontakte', withoutContacts);
    expect(screen.getByRole('heading', { level: 1, name: '404 - Nicht gefunden' })).toBeVisible();
    expect(document.title).toBe('Nicht gefunden – Fragewerk');
  });

  it('drops a stage whose steps are all switched off; its last shown step is the last', async () => {
    await openStep('personen', withoutForms);
    expect(titlesIn(stages())).not.toContainEqual(expect.stringContaining('Formulare'));
    expect(within(stages()).getAllByRole('link')).toHaveLength(1);
    expect(picker()).toHaveAccessibleName('Schritt 3 von 3 · Personen');
    expect(titlesIn(screen.getByRole('navigation', { name: 'Personen' }))).toEqual([
      'Zurück: Kontakte',
    ]);
    // The last step offers Freigeben.
    const main = screen.getByRole('region', { name: 'Für wen machen wir das?' });
    expect(within(main).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
  });
});

describe('approving with a step switched off', () => {
  it('does not name it among the incomplete steps', async () => {
    // Nothing answered: every shown step is incomplete, the switched-off one is not listed.
    const { user } = await openStep('mitbewerber', withoutContacts);
    await user.click(screen.getByRole('button', { name: 'Freigeben' }));
    const dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    const listed = within(dialog)
      .getAllByRole('link')
      .map((link) => link.textContent);
    expect(listed).toHaveLength(5);
    expect(listed).toContain('Personen');
    expect(listed).not.toContain('Kontakte');
  });
});

describe('the welcome page with a step switched off', () => {
  it('counts and names only the shown steps and estimates their time', async () => {
    await render(`/projekte/${id}/fragebogen`, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [
        api.get(
          `/projects/${id}`,
          makeProject({ edit_token: undefined, ...withoutForms }, widgets),
        ),
      ],
    });
    const page = await screen.findByRole('region', {
      name: 'Willkommen zum Fragebogen „Relaunch 2027“',
    });
    const shown = visibleDefinition(widgets, withoutForms.hidden_steps);
    expect(briefingMinutes(shown)).toBeLessThan(briefingMinutes(widgets));
    expect(within(page).getByText(`etwa ${briefingMinutes(shown)} Minuten`)).toBeVisible();
    const fact = (term: string) => within(page).getByText(term, { selector: 'dt' }).nextSibling;
    expect(fact('Schritte')?.textContent).toBe('3');
    expect(fact('Etappen')?.textContent).toBe('1');
    expect(within(page).queryByText(/Formulare/)).toBeNull();
    expect(within(page).queryByText(/Leitsatz/)).toBeNull();
  });
});

describe('the results with a step switched off', () => {
  it('leave it out, also when the view makes the steps itself', async () => {
    await render(`/projekte/${id}/ergebnisse`, {
      handlers: [
        api.get(
          `/projects/${id}`,
          makeProject(
            {
              ...withoutContacts,
              contacts: [
                {
                  id: 'c1',
                  version: 1,
                  is_external: false,
                  type: 'management',
                  expectations: 'Pünktliche Auskunft',
                  importance: 3,
                },
              ],
            },
            widgets,
          ),
        ),
        api.get(`/projects/${id}/results`, { steps: {} }),
      ],
    });
    expect(await screen.findByRole('heading', { name: 'Mitbewerber', level: 3 })).toBeVisible();
    expect(screen.queryByRole('heading', { name: 'Kontakte', level: 3 })).toBeNull();
    expect(screen.queryByText(/Pünktliche Auskunft/)).toBeNull();
  });
});
