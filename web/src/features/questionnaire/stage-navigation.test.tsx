import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;
const competitor = { id: 'e0000000-0000-4000-8000-000000000001', version: 1 };

async function openStep(slug: string, overrides: Partial<Project> = {}) {
  const app = await renderApp(step(slug), {
    handlers: [api.get(`/projects/${id}`, makeProject(overrides))],
  });
  await screen.findByRole('heading', { level: 1 });
  return app;
}

/**
 * The narrow screens' one control. Both navigations are in the page; CSS shows this one below
 * 40rem instead of the tabs (the component tests load no CSS; the journey checks the widths).
 */
const picker = () => screen.getByRole('button', { name: /^Schritt \d+ von \d+ · / });

describe('the compact step navigation (docs/product.md#fragebogen)', () => {
  it('names the step and its place: „Schritt 2 von 8 · Wettbewerber-Analyse“, closed', async () => {
    await openStep('wettbewerber', {
      competitors: [{ ...competitor, name: 'Holz & Co', explanation: 'Nah', importance: 3 }],
    });
    expect(picker()).toHaveAccessibleName('Schritt 2 von 8 · Wettbewerber-Analyse');
    expect(picker()).toHaveAccessibleDescription('vollständig');
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('navigation', { name: 'Alle Schritte des Fragebogens' }),
    ).not.toBeInTheDocument();
  });

  it('opens every step by stage with its state in words, and goes to the chosen one', async () => {
    const { user, router } = await openStep('wettbewerber', {
      competitors: [{ ...competitor, name: 'Holz & Co', explanation: 'Nah', importance: 3 }],
    });
    await user.click(picker());
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
    expect(picker()).toHaveAttribute('aria-controls', list.id);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Stakeholder-Analysenoch leer',
      'Wettbewerber-Analyse✓vollständig',
      'Zielenoch leer',
      'Markenpersönlichkeitnoch leer',
      'Polaritätenprofilnoch leer',
      'Markenpositionierungnoch leer',
      'User Storiesnoch leer',
      'Personasnoch leer',
      'Über diesen Fragebogen',
    ]);
    expect(within(list).getByRole('link', { name: /^Wettbewerber-Analyse/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(list).getByText('1 von 3 Schritten vollständig')).toBeInTheDocument();
    expect(within(list).getByText('Business Insights')).toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: /^Personas/ }));
    expect(router.state.location.pathname).toBe(step('personas'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wer kommt auf die Party?' }));
    expect(picker()).toHaveAccessibleName('Schritt 8 von 8 · Personas');
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
  });

  it('works by keyboard: Enter opens, Tab reaches the steps, Escape closes onto the button', async () => {
    const { user } = await openStep('ziele');
    picker().focus();
    await user.keyboard('{Enter}');
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(document.activeElement).toHaveTextContent('Stakeholder-Analyse');
    await user.keyboard('{Escape}');
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
    expect(picker()).toHaveFocus();
    await user.keyboard(' ');
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    await user.click(picker());
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('„Freigeben“ before the questionnaire is complete', () => {
  it('is a secondary button until every step is complete', async () => {
    await openStep('personas');
    for (const button of screen.getAllByRole('button', { name: 'Freigeben' }))
      expect(button).toHaveClass('button-secondary');
  });
});
