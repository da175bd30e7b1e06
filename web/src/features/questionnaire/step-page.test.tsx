import { screen, waitFor, within } from '@testing-library/react';
import type { RequestHandler } from 'msw';
import { describe, expect, it, vi } from 'vitest';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;

/** The steps in questionnaire order: slug, sub-navigation title, heading. */
const order = [
  ['stakeholder', 'Stakeholder-Analyse', 'Wer redet mit?'],
  ['wettbewerber', 'Wettbewerber-Analyse', 'Wer steht noch auf dem Platz?'],
  ['ziele', 'Ziele', 'Wohin soll die Reise gehen?'],
  ['markenpersoenlichkeit', 'Markenpersönlichkeit', 'Wer und wenn ja, wie viele?'],
  ['polaritaetenprofil', 'Polaritätenprofil', 'Rund oder eckig?'],
  ['markenpositionierung', 'Markenpositionierung', 'Wofür steht Ihre Marke?'],
  ['userstories', 'User Stories', 'Was wollen Ihre Nutzerinnen und Nutzer erreichen?'],
  ['personas', 'Personas', 'Wer kommt auf die Party?'],
] as const;

async function openStep(slug: string, project = makeProject(), handlers: RequestHandler[] = []) {
  const app = await renderApp(step(slug), {
    handlers: [api.get(`/projects/${id}`, project), ...handlers],
  });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

const footerOf = (title: string) => screen.getByRole('navigation', { name: title });

describe('questionnaire navigation', () => {
  it('shows the three stage tabs with the current stage marked', async () => {
    await openStep('markenpositionierung');
    const stages = screen.getByRole('navigation', { name: 'Etappen des Fragebogens' });
    const tabs = within(stages).getAllByRole('link');
    expect(tabs).toHaveLength(3);
    expect(tabs[0]).toHaveAccessibleName('1 Business Insights');
    expect(tabs[1]).toHaveAccessibleName('2 Brand Insights');
    expect(tabs[2]).toHaveAccessibleName('3 User Insights');
    expect(within(stages).getByRole('link', { name: '1 Business Insights' })).toHaveAttribute(
      'href',
      step('stakeholder'),
    );
    // The current stage is highlighted (also on a step that is not the stage's first).
    expect(within(stages).getByRole('link', { name: '2 Brand Insights' })).toHaveClass('is-active');
    expect(within(stages).getByRole('link', { name: '1 Business Insights' })).not.toHaveClass(
      'is-active',
    );
    expect(within(stages).getByRole('link', { name: '3 User Insights' })).toHaveAttribute(
      'href',
      step('userstories'),
    );
  });

  it.each([
    ['stakeholder', ['Stakeholder-Analyse', 'Wettbewerber-Analyse', 'Ziele']],
    ['polaritaetenprofil', ['Markenpersönlichkeit', 'Polaritätenprofil', 'Markenpositionierung']],
    ['personas', ['User Stories', 'Personas']],
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
    const { user, router } = await openStep('stakeholder');
    const steps = screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
    expect(within(steps).getByRole('link', { name: 'Stakeholder-Analyse' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    await user.click(within(steps).getByRole('link', { name: 'Ziele' }));
    expect(router.state.location.pathname).toBe(step('ziele'));
    expect(
      screen.getByRole('heading', { level: 1, name: 'Wohin soll die Reise gehen?' }),
    ).toBeInTheDocument();
    expect(document.title).toBe('Ziele – Fragewerk');
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
    const { user, router } = await openStep('markenpositionierung');
    await screen.findByRole('button', { name: 'Speichern' });
    await user.click(
      within(footerOf('Markenpositionierung')).getByRole('link', { name: 'Weiter: User Stories' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(step('userstories')));
    // Once the next step shows, not on the click: a step that asks before it is left keeps its
    // place while asking.
    await waitFor(() => expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' }));
    expect(
      screen
        .getByRole('navigation', { name: 'Etappen des Fragebogens' })
        .querySelector('[aria-current="true"]'),
    ).toHaveTextContent('3 User Insights');
  });

  it("shows 'Freigeben' on the last step while not approved", async () => {
    await openStep('personas');
    const main = screen.getByRole('region', { name: 'Wer kommt auf die Party?' });
    expect(within(main).getByRole('button', { name: 'Freigeben' })).toBeInTheDocument();
  });

  it("shows no step 'Freigeben' on other steps", async () => {
    await openStep('userstories');
    const main = screen.getByRole('region', {
      name: 'Was wollen Ihre Nutzerinnen und Nutzer erreichen?',
    });
    expect(within(main).queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
    // The project bar still offers it.
    expect(screen.getAllByRole('button', { name: 'Freigeben' })).toHaveLength(1);
  });

  it("shows no 'Freigeben' on the last step once approved", async () => {
    await openStep('personas', makeProject({ is_approved: true }));
    expect(screen.queryByRole('button', { name: 'Freigeben' })).not.toBeInTheDocument();
  });

  it('shows the help text of the step beside it', async () => {
    await openStep('wettbewerber');
    const help = screen.getByRole('complementary', { name: 'Wettbewerber-Analyse' });
    expect(help.textContent?.trim().length).toBeGreaterThan(0);
  });

  it('leads /fragebogen to the first step', async () => {
    const { router } = await renderApp(`/projekte/${id}/fragebogen`, {
      handlers: [api.get(`/projects/${id}`, makeProject())],
    });
    await waitFor(() => expect(router.state.location.pathname).toBe(step('stakeholder')));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Wer redet mit?' }),
    ).toBeInTheDocument();
  });
});

describe('progress in the navigation (docs/product.md#fortschritt)', () => {
  const competitor = (n: number, version = 1) => ({
    id: `c0000000-0000-4000-8000-00000000000${n}`,
    version,
    name: `Wettbewerber ${n}`,
    explanation: 'Gleiche Region',
    importance: 3,
  });
  const goal = (n: number, type: string, key: string) => ({
    id: `90000000-0000-4000-8000-00000000000${n}`,
    version: 1,
    type,
    goal: key,
    goal_definition: 'messbar',
  });
  const stages = () => screen.getByRole('navigation', { name: 'Etappen des Fragebogens' });
  const steps = () => screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
  const tab = (name: string) => within(stages()).getByRole('link', { name });
  const stepLink = (name: string) => within(steps()).getByRole('link', { name });

  it('counts the complete steps per stage („1/3“) and marks complete steps and steps to check', async () => {
    const project = makeProject({
      competitors: [competitor(1)],
      goals: [goal(1, 'company', 'increase_revenue')],
      brandpositioning: { mission_statement: 'Gutes Holz', version: 3 },
    });
    const { user } = await openStep('stakeholder', {
      ...project,
      progress: {
        ...project.progress,
        steps: {
          ...project.progress.steps,
          brandpositioning: { state: 'review', invalid: [{ version: 3 }] },
        },
      },
    });
    expect(tab('1 Business Insights')).toHaveAccessibleDescription('1 von 3 Schritten vollständig');
    expect(tab('1 Business Insights')).toHaveTextContent('1/3');
    expect(tab('2 Brand Insights')).toHaveAccessibleDescription('0 von 3 Schritten vollständig');
    expect(tab('3 User Insights')).toHaveAccessibleDescription('0 von 2 Schritten vollständig');
    expect(stepLink('Stakeholder-Analyse')).not.toHaveAccessibleDescription();
    expect(stepLink('Wettbewerber-Analyse')).toHaveAccessibleDescription('vollständig');
    // One company goal of three groups: started, no mark.
    expect(stepLink('Ziele')).not.toHaveAccessibleDescription();

    await user.click(tab('2 Brand Insights'));
    expect(
      await screen.findByRole('link', { name: 'Markenpositionierung' }),
    ).toHaveAccessibleDescription('bitte prüfen');
  });

  it('follows a save at once: a deleted entry takes the check mark away', async () => {
    const { user } = await openStep('wettbewerber', makeProject({ competitors: [competitor(1)] }), [
      api.delete(`/projects/${id}/competitors/${competitor(1).id}`, () => [200, null]),
    ]);
    expect(stepLink('Wettbewerber-Analyse')).toHaveAccessibleDescription('vollständig');
    expect(tab('1 Business Insights')).toHaveTextContent('1/3');
    await user.click(await screen.findByRole('button', { name: /Löschen/ }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Wirklich löschen?' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    await waitFor(() => expect(stepLink('Wettbewerber-Analyse')).not.toHaveAccessibleDescription());
    expect(tab('1 Business Insights')).toHaveTextContent('0/3');
  });
});
