import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, definition, makeProject, renderApp } from '../../test/render-app.tsx';
import type { StepReview } from './review-api.ts';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const first = definition.steps[0]!;
const second = definition.steps[1]!;
const stepPath = `/projekte/${id}/fragebogen/${first.meta.slug}`;

const review = (step: string, name: string | null = 'Jana Kühn'): StepReview => ({
  step,
  reviewed_at: '2026-11-26T10:00:00Z',
  reviewed_by: name === null ? null : { name },
});

/**
 * A server holding one project whose marks change with PUT and DELETE …/reviews/{step}, as the API
 * does; records each call.
 */
function reviewServer(initial: Partial<Project> = {}) {
  let reviews: StepReview[] = [];
  const calls: string[] = [];
  const handlers = [
    http.get(`*/api/projects/${id}`, () =>
      HttpResponse.json({ data: makeProject({ reviews, ...initial }) }),
    ),
    http.put(`*/api/projects/${id}/reviews/:step`, ({ params }) => {
      const step = String(params.step);
      calls.push(`PUT ${step}`);
      const mark = review(step);
      reviews = [...reviews.filter((other) => other.step !== step), mark];
      return HttpResponse.json({ data: mark });
    }),
    http.delete(`*/api/projects/${id}/reviews/:step`, ({ params }) => {
      const step = String(params.step);
      calls.push(`DELETE ${step}`);
      reviews = reviews.filter((other) => other.step !== step);
      return new HttpResponse(null, { status: 204 });
    }),
  ];
  return { handlers, calls };
}

/** The sub-navigation's link of a step (the wide tabs; the compact list is closed). */
const stepTab = (title: string) =>
  within(screen.getByRole('navigation', { name: 'Schritte dieser Etappe' })).getByRole('link', {
    name: new RegExp(`^${title}`),
  });

describe('„geprüft“ on a step (docs/product.md#geprüft)', () => {
  it('a member marks a step and takes the mark away again: PUT, then DELETE …/reviews/{step}', async () => {
    const { handlers, calls } = reviewServer();
    const { user } = await renderApp(stepPath, { handlers });
    const mark = await screen.findByRole('button', { name: 'Als geprüft markieren' });
    expect(screen.getByText(/^Noch nicht geprüft/)).toBeInTheDocument();

    await user.click(mark);
    const unmark = await screen.findByRole('button', { name: 'Markierung entfernen' });
    expect(calls).toEqual([`PUT ${first.meta.key}`]);
    expect(screen.getByText('Geprüft ✓').parentElement).toHaveTextContent(
      'Geprüft ✓ von Jana Kühn am 26. November 2026',
    );
    // The same button, so the focus stays where the person clicked.
    expect(unmark).toBe(mark);
    expect(unmark).toHaveFocus();
    await waitFor(() => expect(stepTab(first.meta.title)).toHaveAccessibleDescription(/geprüft/));

    await user.click(unmark);
    expect(await screen.findByRole('button', { name: 'Als geprüft markieren' })).toHaveFocus();
    expect(calls).toEqual([`PUT ${first.meta.key}`, `DELETE ${first.meta.key}`]);
    await waitFor(() =>
      expect(stepTab(first.meta.title)).not.toHaveAccessibleDescription(/geprüft/),
    );
  });

  it('names no one when the marking member’s account is gone', async () => {
    await renderApp(stepPath, {
      handlers: [
        api.get(`/projects/${id}`, makeProject({ reviews: [review(first.meta.key, null)] })),
      ],
    });
    expect(await screen.findByText(/^am 26. November 2026$/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Markierung entfernen' })).toBeInTheDocument();
  });

  it('shows the API’s German reason when it refuses the mark', async () => {
    const reason = 'Dieser Schritt ist für das Projekt ausgeblendet.';
    const { user } = await renderApp(stepPath, {
      handlers: [
        api.get(`/projects/${id}`, makeProject()),
        api.put(`/projects/${id}/reviews/${first.meta.key}`, () => [422, { message: reason }]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Als geprüft markieren' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Als geprüft markieren' })).toBeInTheDocument();
  });

  it('a customer with the share link sees the marks in the navigation, but no toggle', async () => {
    const project = makeProject({
      edit_token: undefined,
      reviews: [review(first.meta.key)],
    });
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, project)],
    });
    await screen.findByRole('heading', { level: 1, name: first.meta.heading });
    const picker = screen.getByRole('button', { name: /^Schritt 1 von / });
    expect(picker).toHaveAccessibleDescription('noch leer, geprüft');
    expect(stepTab(first.meta.title)).toHaveAccessibleDescription('geprüft');
    expect(screen.queryByRole('button', { name: 'Als geprüft markieren' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Markierung entfernen' })).not.toBeInTheDocument();
  });

  it('lists „geprüft“ beside each step’s state in the compact navigation', async () => {
    const { user } = await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject({ reviews: [review(second.meta.key)] }))],
    });
    await screen.findByRole('heading', { level: 1, name: first.meta.heading });
    await user.click(screen.getByRole('button', { name: /^Schritt 1 von / }));
    const list = screen.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
    expect(
      within(list).getByRole('link', { name: new RegExp(`^${first.meta.title}`) }),
    ).toHaveTextContent(`${first.meta.title}noch leer`);
    expect(
      within(list).getByRole('link', { name: new RegExp(`^${second.meta.title}`) }),
    ).toHaveTextContent(`${second.meta.title}✓✓noch leer, geprüft`);
  });
});
