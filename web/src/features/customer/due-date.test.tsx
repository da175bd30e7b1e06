import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, definition, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const stepPath = `/projekte/${id}/fragebogen/${definition.steps[0]!.meta.slug}`;
const welcomePath = `/projekte/${id}/willkommen`;

/** The project as a customer with the share link gets it: without the edit token. */
const asCustomer = (path: string, overrides: Partial<Project>) =>
  renderApp(path, {
    user: null,
    editToken: 'geheimes-token',
    handlers: [api.get(`/projects/${id}`, makeProject({ edit_token: undefined, ...overrides }))],
  });

/** The bar above every project screen, with customer and project name. */
const projectBar = () =>
  screen.getByText('Relaunch 2027', { selector: '.project-bar-name' }).parentElement!;

// Today is 1 December 2026 (local noon: the same day in every time zone).
const today = new Date(2026, 11, 1, 12, 0);

afterEach(() => vi.useRealTimers());

describe('the due date („Abgabe bis“, docs/product.md#abgabe-und-erinnerungen)', () => {
  it('stands above the questionnaire for the customer, as a German date', async () => {
    vi.useFakeTimers({ now: today, toFake: ['Date'] });
    await asCustomer(stepPath, { due_date: '2026-12-04' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(projectBar()).getByText('Abgabe bis 4. Dezember 2026')).toBeInTheDocument();
  });

  it('says „Abgabe war am …“ once the day has passed', async () => {
    vi.useFakeTimers({ now: today, toFake: ['Date'] });
    await asCustomer(stepPath, { due_date: '2026-11-30' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(projectBar()).getByText('Abgabe war am 30. November 2026')).toBeInTheDocument();
    expect(screen.queryByText(/Abgabe bis/)).not.toBeInTheDocument();
  });

  it('is still „Abgabe bis“ on the day itself', async () => {
    vi.useFakeTimers({ now: today, toFake: ['Date'] });
    await asCustomer(stepPath, { due_date: '2026-12-01' });
    await screen.findByRole('heading', { level: 1 });
    expect(within(projectBar()).getByText('Abgabe bis 1. Dezember 2026')).toBeInTheDocument();
  });

  it('stands on the start page among what to expect', async () => {
    vi.useFakeTimers({ now: today, toFake: ['Date'] });
    await asCustomer(welcomePath, { due_date: '2026-12-04' });
    const page = await screen.findByRole('region', { name: /^Willkommen zum Fragebogen/ });
    const term = within(page).getByText('Abgabe bis', { selector: 'dt' });
    expect(term.nextSibling?.textContent).toBe('4. Dezember 2026');
  });

  it('on the start page says when it was, once passed', async () => {
    vi.useFakeTimers({ now: today, toFake: ['Date'] });
    await asCustomer(welcomePath, { due_date: '2026-11-30' });
    const page = await screen.findByRole('region', { name: /^Willkommen zum Fragebogen/ });
    const term = within(page).getByText('Abgabe war am', { selector: 'dt' });
    expect(term.nextSibling?.textContent).toBe('30. November 2026');
  });

  it('shows nothing without a due date, and nothing once the project is approved', async () => {
    await asCustomer(welcomePath, {});
    const page = await screen.findByRole('region', { name: /^Willkommen zum Fragebogen/ });
    expect(within(page).queryByText(/Abgabe/)).not.toBeInTheDocument();
    expect(within(projectBar()).queryByText(/Abgabe/)).not.toBeInTheDocument();
  });

  it('members see it in the header too (not once approved)', async () => {
    vi.useFakeTimers({ now: today, toFake: ['Date'] });
    const { unmount } = await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject({ due_date: '2026-12-04' }))],
    });
    await screen.findByRole('heading', { level: 1 });
    expect(within(projectBar()).getByText('Abgabe bis 4. Dezember 2026')).toBeInTheDocument();
    unmount();
    await renderApp(stepPath, {
      handlers: [
        api.get(`/projects/${id}`, makeProject({ due_date: '2026-12-04', is_approved: true })),
      ],
    });
    await screen.findByRole('heading', { level: 1 });
    expect(within(projectBar()).queryByText(/Abgabe/)).not.toBeInTheDocument();
  });
});
