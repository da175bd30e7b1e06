import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

/** The fixture catalogue's fixture-widgets: stages „Listen“ and „Formulare“ of three steps each. */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;
/** Kontakte complete: one contact in each of its two groups. */
const contact = (n: number, isExternal: boolean, type: string) => ({
  id: `e0000000-0000-4000-8000-00000000000${n}`,
  version: 1,
  is_external: isExternal,
  type,
  expectations: 'Nah',
  importance: 3,
});
const contacts = [contact(1, false, 'management'), contact(2, true, 'press')];

async function openStep(slug: string, overrides: Partial<Project> = {}) {
  const app = await renderApp(step(slug), {
    current: widgets,
    checksOf: widgets,
    handlers: [api.get(`/projects/${id}`, makeProject(overrides, widgets))],
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
  it('names the step and its place: „Schritt 2 von 6 · Kontakte“, closed', async () => {
    await openStep('kontakte', { contacts });
    expect(picker()).toHaveAccessibleName('Schritt 2 von 6 · Kontakte');
    expect(picker()).toHaveAccessibleDescription('vollständig');
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
    expect(
      screen.queryByRole('navigation', { name: 'Alle Schritte des Fragebogens' }),
    ).not.toBeInTheDocument();
  });

  it('opens every step by stage with its state in words, and goes to the chosen one', async () => {
    const { user, router } = await openStep('kontakte', { contacts });
    await user.click(picker());
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    const list = screen.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
    expect(picker()).toHaveAttribute('aria-controls', list.id);
    const links = within(list).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual([
      'Mitbewerbernoch leer',
      'Kontakte✓vollständig',
      'Personennoch leer',
      'Profilnoch leer',
      'Skalanoch leer',
      'Leitsatznoch leer',
      'Über diesen Fragebogen',
    ]);
    expect(within(list).getByRole('link', { name: /^Kontakte/ })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(list).getByText('1 von 3 Schritten vollständig')).toBeInTheDocument();
    expect(within(list).getByText('Listen')).toBeInTheDocument();

    await user.click(within(list).getByRole('link', { name: /^Leitsatz/ }));
    expect(router.state.location.pathname).toBe(step('leitsatz'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Wofür stehen Sie?' }));
    expect(picker()).toHaveAccessibleName('Schritt 6 von 6 · Leitsatz');
    expect(picker()).toHaveAttribute('aria-expanded', 'false');
  });

  it('works by keyboard: Enter opens, Tab reaches the steps, Escape closes onto the button', async () => {
    const { user } = await openStep('personen');
    picker().focus();
    await user.keyboard('{Enter}');
    expect(picker()).toHaveAttribute('aria-expanded', 'true');
    await user.tab();
    expect(document.activeElement).toHaveTextContent('Mitbewerber');
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
    await openStep('leitsatz');
    for (const button of screen.getAllByRole('button', { name: 'Freigeben' }))
      expect(button).toHaveClass('button-secondary');
  });
});
