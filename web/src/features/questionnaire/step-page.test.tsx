import { screen, waitFor, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

/*
 * On the fixture catalogue's fixture-widgets: two stages of three steps each, so a stage has a
 * sub-navigation, a step that is not its stage's first and a partly answered step.
 */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');
const widgetsProject = (overrides: Parameters<typeof makeProject>[0] = {}) =>
  makeProject(overrides, widgets);

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;

/** The steps in questionnaire order: slug, sub-navigation title, heading. */
const order = [
  ['mitbewerber', 'Mitbewerber', 'Wer bietet Ähnliches an?'],
  ['kontakte', 'Kontakte', 'Wer redet mit?'],
  ['personen', 'Personen', 'Für wen machen wir das?'],
  ['profil', 'Profil', 'Wer wäre Ihre Marke als Mensch?'],
  ['skala', 'Skala', 'Rund oder eckig?'],
  ['leitsatz', 'Leitsatz', 'Wofür stehen Sie?'],
] as const;

async function openStep(slug: string, project = widgetsProject(), handlers: RequestHandler[] = []) {
  const app = await renderApp(step(slug), {
    current: widgets,
    checksOf: widgets,
    handlers: [api.get(`/projects/${id}`, project), ...handlers],
  });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const footerOf = (title: string) => screen.getByRole('navigation', { name: title });

describe('questionnaire navigation', () => {
  it('shows the stage tabs with the current stage marked', async () => {
    await openStep('skala');
    const stages = screen.getByRole('navigation', { name: 'Etappen des Fragebogens' });
    const tabs = within(stages).getAllByRole('link');
    expect(tabs).toHaveLength(2);
    expect(tabs[0]).toHaveAccessibleName('1 Listen');
    expect(tabs[1]).toHaveAccessibleName('2 Formulare');
    expect(within(stages).getByRole('link', { name: '1 Listen' })).toHaveAttribute(
      'href',
      step('mitbewerber'),
    );
    // The current stage is highlighted (also on a step that is not the stage's first).
    expect(within(stages).getByRole('link', { name: '2 Formulare' })).toHaveClass('is-active');
    expect(within(stages).getByRole('link', { name: '1 Listen' })).not.toHaveClass('is-active');
    expect(within(stages).getByRole('link', { name: '2 Formulare' })).toHaveAttribute(
      'href',
      step('profil'),
    );
  });

  it.each([
    ['mitbewerber', ['Mitbewerber', 'Kontakte', 'Personen']],
    ['personen', ['Mitbewerber', 'Kontakte', 'Personen']],
    ['skala', ['Profil', 'Skala', 'Leitsatz']],
  ])('shows the sub-navigation of the stage of %s', async (slug, titles) => {
    await openStep(slug);
    const steps = screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
    expect(
      within(steps)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(titles);
  });

  it('marks the current step in the sub-navigation and moves between steps', async () => {
    const { user, router } = await openStep('mitbewerber');
    const steps = screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
    expect(within(steps).getByRole('link', { name: 'Mitbewerber' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(steps).getByRole('link', { name: 'Personen' }));
    expect(router.state.location.pathname).toBe(step('personen'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Für wen machen wir das?' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Personen – Fragewerk');
  });

  it.each(order.map(([slug, title, heading], index) => [slug, title, heading, index] as const))(
    'links %s to its neighbours in step order',
    async (slug, title, heading, index) => {
      await openStep(slug);
      expect(screen.getByRole('heading', { level: 1, name: heading })).toBeInTheDocument();
      expect(document.title).toBe(`${title} – Fragewerk`);
      const footer = footerOf(title);
      const links = within(footer).getAllByRole('link');
      const previous = order[index - 1];
      const next = order[index + 1];
      const expected = [
        ...(previous ? [[`Zurück: ${previous[1]}`, step(previous[0])]] : []),
        ...(next ? [[`Weiter: ${next[1]}`, step(next[0])]] : []),
      ];
      expect(links.map((link) => [link.textContent, link.getAttribute('href')])).toEqual(expected);
    },
  );

  it('follows the footer link to the next step and scrolls to the top', async () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    const { user, router } = await openStep('personen');
    await screen.findByRole('button', { name: 'Person hinzufügen' });
    await user.click(within(footerOf('Personen')).getByRole('link', { name: 'Weiter: Profil' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(step('profil')));
    // Once the next step shows, not on the click: a step that asks before it is left keeps its
    // place while asking.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
    expect(
      screen
        .getByRole('navigation', { name: 'Etappen des Fragebogens' })
        .querySelector('[aria-current="true"]'),
    ).toHaveTextContent('2 Formulare');
  });

  it("shows 'Freigeben' on the last step while not approved", async () => {
    await openStep('leitsatz');
    const main = screen.getByRole('region', { name: 'Wofür stehen Sie?' });
    expect(within(main).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
  });

  it("shows no step 'Freigeben' on other steps", async () => {
    await openStep('skala');
    const main = screen.getByRole('region', { name: 'Rund oder eckig?' });
    expect(within(main).queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
    // The project bar still offers it.
    expect(screen.getAllByRole('button', { name: 'Freigeben' })).toHaveLength(1);
  });

  it("shows no 'Freigeben' on the last step once approved", async () => {
    await openStep('leitsatz', widgetsProject({ is_approved: true }));
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it('shows the help text of the step beside it', async () => {
    await openStep('kontakte');
    const help = screen.getByRole('complementary', { name: 'Kontakte' });
    expect(help.textContent?.trim().length).toBeGreaterThan(0);
  });

  it('leads /fragebogen to the first step', async () => {
    const { router } = await renderApp(`/projekte/${id}/fragebogen`, {
      current: widgets,
      checksOf: widgets,
      handlers: [api.get(`/projects/${id}`, widgetsProject())],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(step('mitbewerber')));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wer bietet Ähnliches an?' }),
    ).toBeInTheDocument();
  });
});

describe('progress in the navigation (docs/product.md#fortschritt)', () => {
  const rival = (n: number, version = 1) => ({
    id: `c0000000-0000-4000-8000-00000000000${n}`,
    version,
    name: `Mitbewerber ${n}`,
    explanation: 'Gleiche Region',
    importance: 3,
  });
  const contact = (n: number, isExternal: boolean, type: string) => ({
    id: `90000000-0000-4000-8000-00000000000${n}`,
    version: 1,
    is_external: isExternal,
    type,
    expectations: 'Pünktliche Auskunft',
    importance: 4,
  });
  const stages = () => screen.getByRole('navigation', { name: 'Etappen des Fragebogens' });
  const steps = () => screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
  const tab = (name: string) => within(stages()).getByRole('link', { name });
  const stepLink = (name: string) => within(steps()).getByRole('link', { name });

  it('counts the complete steps per stage („1/3“) and marks complete steps and steps to check', async () => {
    const project = widgetsProject({
      rivals: [rival(1)],
      contacts: [contact(1, false, 'management')],
      statement: { mission_statement: 'Gutes Holz', version: 3 },
    });
    const { user } = await openStep('personen', {
      ...project,
      progress: {
        ...project.progress,
        steps: {
          ...project.progress.steps,
          statement: { state: 'review', invalid: [{ version: 3 }] },
        },
      },
    });
    expect(tab('1 Listen')).toHaveAccessibleDescription('1 von 3 Schritten vollständig');
    expect(tab('1 Listen')).toHaveTextContent('1/3');
    expect(tab('2 Formulare')).toHaveAccessibleDescription('0 von 3 Schritten vollständig');
    expect(stepLink('Personen')).not.toHaveAccessibleDescription();
    expect(stepLink('Mitbewerber')).toHaveAccessibleDescription('vollständig');
    // An internal contact only, the external group still empty: started, no mark.
    expect(stepLink('Kontakte')).not.toHaveAccessibleDescription();

    await user.click(tab('2 Formulare'));
    expect(await screen.findByRole('link', { name: 'Leitsatz' })).toHaveAccessibleDescription(
      'bitte prüfen',
    );
  });

  it('follows a save at once: a deleted entry takes the check mark away', async () => {
    const { user } = await openStep('mitbewerber', widgetsProject({ rivals: [rival(1)] }), [
      api.delete(`/projects/${id}/rivals/${rival(1).id}`, () => [200, null]),
    ]);
    expect(stepLink('Mitbewerber')).toHaveAccessibleDescription('vollständig');
    expect(tab('1 Listen')).toHaveTextContent('1/3');
    await user.click(await screen.findByRole('button', { name: /Löschen/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Wirklich löschen?' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    await waitFor(() => expect(stepLink('Mitbewerber')).not.toHaveAccessibleDescription());
    expect(tab('1 Listen')).toHaveTextContent('0/3');
  });
});
