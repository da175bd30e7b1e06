import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api, definition, makeProject, renderApp } from '../../test/render-app.tsx';
import type { ActivityEntry } from './history-api.ts';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const historyPath = `/projekte/${id}/verlauf`;
const first = definition.steps[0]!;

const entry = (
  n: number,
  at: string,
  text: string,
  actor: ActivityEntry['actor'] = { kind: 'member', name: 'Jana Kühn' },
  step: string | null = null,
): ActivityEntry => ({
  id: `a0000000-0000-4000-8000-00000000000${n}`,
  at,
  actor,
  kind: 'step.saved',
  step,
  text,
});
const customer = { kind: 'customer', name: 'Die Kundschaft' } as const;

// Saturday, 28 November 2026, 11:00 in Germany.
const now = new Date('2026-11-28T10:00:00Z');
const newer = [
  entry(
    1,
    '2026-11-28T09:55:00Z',
    `Jana Kühn hat „${first.meta.title}“ geprüft.`,
    undefined,
    first.meta.key,
  ),
  entry(2, '2026-11-28T07:00:00Z', 'Die Kundschaft hat den Eintrag „Markt“ hinzugefügt.', customer),
  entry(3, '2026-11-27T20:00:00Z', 'Fragewerk hat Jana Kühn erinnert.', {
    kind: 'system',
    name: 'Fragewerk',
  }),
];
const older = [
  // 00:30 on Friday in Germany, still the 26th in UTC: „Gestern“.
  entry(4, '2026-11-26T23:30:00Z', 'Die Kundschaft hat eine Rückfrage beantwortet.', customer),
  entry(5, '2026-11-26T10:00:00Z', 'Jana Kühn hat Paul Berger eingeladen.'),
];

/** The API's pages: the newest three, then (`?before=` the last one's time) the older two. */
function historyServer() {
  const asked: (string | null)[] = [];
  const handler = http.get(`*/api/projects/${id}/activity`, ({ request }) => {
    const before = new URL(request.url).searchParams.get('before');
    asked.push(before);
    return HttpResponse.json(
      before ? { data: older, next: null } : { data: newer, next: newer.at(-1)!.at },
    );
  });
  return { handler, asked };
}

const dayHeadings = () =>
  screen.getAllByRole('heading', { level: 2 }).map((heading) => heading.textContent);

afterEach(() => vi.useRealTimers());

describe('„Verlauf“ (docs/product.md#verlauf)', () => {
  it('lists what happened, newest first, by German day, and loads older entries', async () => {
    vi.useFakeTimers({ now, toFake: ['Date'] });
    const server = historyServer();
    const { user } = await renderApp(historyPath, {
      handlers: [api.get(`/projects/${id}`, makeProject()), server.handler],
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Verlauf' })).toBeInTheDocument();
    await waitFor(() => expect(dayHeadings()).toEqual(['Heute', 'Gestern']));
    expect(document.title).toBe('Verlauf – Fragewerk');
    const today = screen.getByRole('region', { name: 'Heute' });
    const items = within(today).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('p')?.textContent)).toEqual([
      newer[0]!.text,
      newer[1]!.text,
    ]);
    // Today: how long ago, the full date and time on hover.
    const time = within(items[0]!).getByText('vor 5 Minuten');
    expect(time).toHaveAttribute('datetime', newer[0]!.at);
    expect(time).toHaveAttribute('title', '28. November 2026, 10:55 Uhr');
    expect(items[0]).toHaveTextContent('Agentur');
    expect(items[1]).toHaveTextContent('Kundschaft');
    // The step it concerns, as a link.
    expect(within(items[0]!).getByRole('link', { name: first.meta.title })).toHaveAttribute(
      'href',
      `/projekte/${id}/fragebogen/${first.meta.slug}`,
    );
    // Other days: the time of day.
    expect(
      within(screen.getByRole('region', { name: 'Gestern' })).getByText('21:00'),
    ).toBeVisible();

    await user.click(screen.getByRole('button', { name: 'Ältere laden' }));
    await waitFor(() =>
      expect(dayHeadings()).toEqual(['Heute', 'Gestern', 'Donnerstag, 26. November 2026']),
    );
    expect(server.asked).toEqual([null, newer.at(-1)!.at]);
    // Past midnight in Germany: with yesterday's entries.
    expect(within(screen.getByRole('region', { name: 'Gestern' })).getByText(older[0]!.text));
    // The last page: no more to load; the first of the older entries has the focus.
    expect(screen.queryByRole('button', { name: 'Ältere laden' })).not.toBeInTheDocument();
    await waitFor(() => expect(screen.getByText(older[0]!.text).closest('li')).toHaveFocus());
  });

  it('says so while nothing has happened', async () => {
    await renderApp(historyPath, { handlers: [api.get(`/projects/${id}`, makeProject())] });
    expect(await screen.findByText('Noch ist nichts geschehen.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ältere laden' })).not.toBeInTheDocument();
  });

  it('offers to try again when the history cannot be loaded', async () => {
    await renderApp(historyPath, {
      handlers: [
        api.get(`/projects/${id}`, makeProject()),
        api.get(`/projects/${id}/activity`, { message: 'Serverfehler' }, 500),
      ],
    });
    expect(await screen.findByText('Der Verlauf konnte nicht geladen werden.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Erneut versuchen' })).toBeInTheDocument();
  });

  it('is for members only: a share link leads to the login', async () => {
    const { leaveTo } = await renderApp(historyPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, makeProject({ edit_token: undefined }))],
    });
    await waitFor(() => expect(leaveTo).toHaveBeenCalled());
    expect(screen.queryByRole('heading', { name: 'Verlauf' })).not.toBeInTheDocument();
  });

  it('is linked from the project’s header for members, never for a customer', async () => {
    const stepPath = `/projekte/${id}/fragebogen/${first.meta.slug}`;
    const { unmount } = await renderApp(stepPath, {
      handlers: [api.get(`/projects/${id}`, makeProject())],
    });
    expect(await screen.findByRole('link', { name: 'Verlauf' })).toHaveAttribute(
      'href',
      historyPath,
    );
    unmount();
    await renderApp(stepPath, {
      user: null,
      editToken: 'geheimes-token',
      handlers: [api.get(`/projects/${id}`, makeProject({ edit_token: undefined }))],
    });
    await screen.findByRole('heading', { level: 1, name: first.meta.heading });
    expect(screen.queryByRole('link', { name: 'Verlauf' })).not.toBeInTheDocument();
  });
});
