import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { loadFixtureQuestionnaire } from '../../test/fixture-catalogue.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

/*
 * On the list step „Mitbewerber“ of the fixture catalogue's fixture-widgets: its stage has two
 * more steps, so a stage tab, the sub-navigation and the footer each lead elsewhere.
 */
const widgets = await loadFixtureQuestionnaire('fixture-widgets');
const widgetsProject = (overrides: Parameters<typeof makeProject>[0] = {}) =>
  makeProject(overrides, widgets);
/** Renders the app on fixture-widgets: its definition and its checks. */
const render = (path: string, options: Parameters<typeof renderApp>[1] = {}) =>
  renderApp(path, { current: widgets, checksOf: widgets, ...options });

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const step = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;

const rival = (itemId: string, name: string) => ({
  id: itemId,
  version: 1,
  name,
  explanation: `${name} ist nah`,
  importance: 3,
});
const three = [
  rival('11111111-0000-4000-8000-000000000001', 'Backhaus Müller'),
  rival('11111111-0000-4000-8000-000000000002', 'Brotzeit'),
  rival('11111111-0000-4000-8000-000000000003', 'Kornkammer'),
];

/** Answers GET /projects/{id} with the next of `projects` each time (the last one repeats). */
const projectSequence = (...projects: Project[]) => {
  let calls = 0;
  return http.get(`*/api/projects/${id}`, () =>
    HttpResponse.json({ data: projects[Math.min(calls++, projects.length - 1)] }),
  );
};

async function openRivals(extra: Parameters<typeof renderApp>[1] = {}) {
  const app = await render(step('mitbewerber'), {
    ...extra,
    handlers: [...(extra.handlers ?? []), api.get(`/projects/${id}`, widgetsProject())],
  });
  await screen.findByRole('heading', { level: 1, name: 'Wer bietet Ähnliches an?' });
  return app;
}

const titles = () =>
  within(screen.getByRole('list', { name: 'Mitbewerber' }))
    .queryAllByRole('heading', { level: 4 })
    .map((heading) => heading.textContent);

describe('list step: leaving with unsaved input', () => {
  it('asks before a stage tab, the sub-navigation or a footer link drops a typed new entry', async () => {
    const { user, router } = await openRivals();
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    const editor = screen.getByRole('region', { name: 'Neuer Mitbewerber' });
    await user.type(within(editor).getByLabelText(/Wie heißt der Mitbewerber\?/), 'Backhaus');

    const ways = [
      () =>
        within(screen.getByRole('navigation', { name: 'Etappen des Fragebogens' })).getByRole(
          'link',
          { name: '2 Formulare' },
        ),
      () =>
        within(screen.getByRole('navigation', { name: 'Schritte dieser Etappe' })).getByRole(
          'link',
          { name: 'Kontakte' },
        ),
      () => screen.getByRole('link', { name: 'Weiter: Kontakte' }),
    ];
    for (const link of ways) {
      await user.click(link());
      const dialog = await screen.findByRole('dialog', { name: 'Seite wirklich verlassen?' });
      expect(
        within(dialog).getByText(
          'Die vorgenommenen Änderungen werden möglicherweise nicht gespeichert.',
        ),
      ).toBeInTheDocument();
      await user.click(within(dialog).getByRole('button', { name: 'Abbrechen' }));
      expect(router.state.location.pathname).toBe(step('mitbewerber'));
      expect(screen.getByLabelText(/Wie heißt der Mitbewerber\?/)).toHaveValue('Backhaus');
    }

    await user.click(ways[1]!());
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Seite wirklich verlassen?' })).getByRole(
        'button',
        { name: 'Ja, verlassen' },
      ),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe(step('kontakte')));
  }, 20_000);

  it('leaves without asking when the open editor holds nothing typed', async () => {
    const { user, router } = await openRivals();
    await user.click(screen.getByRole('button', { name: 'Mitbewerber hinzufügen' }));
    await user.click(screen.getByRole('link', { name: 'Weiter: Kontakte' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(step('kontakte')));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('asks above a changed edit overlay, which stays open with its input', async () => {
    const { user, router } = await render(step('mitbewerber'), {
      handlers: [api.get(`/projects/${id}`, widgetsProject({ rivals: three }))],
    });
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Brotzeit' }));
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber\?/), ' & Co');
    // Back, or any navigation while the overlay covers the links
    await router.navigate(step('kontakte'));
    const leave = await screen.findByRole('dialog', { name: 'Seite wirklich verlassen?' });
    await user.keyboard('{Escape}');
    expect(leave).not.toBeInTheDocument();
    const overlay = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber\?/)).toHaveValue(
      'Brotzeit & Co',
    );
    expect(router.state.location.pathname).toBe(step('mitbewerber'));
  });
});

describe('list step: entries changed by someone else', () => {
  it('keeps the overlay with what was typed when the entry was deleted meanwhile, says so once, and saves it as a new entry', async () => {
    const [first, second, third] = three;
    let posted: unknown;
    const { user } = await render(step('mitbewerber'), {
      handlers: [
        projectSequence(
          widgetsProject({ rivals: three }),
          widgetsProject({ rivals: [first!, third!] }),
        ),
        api.patch(`/projects/${id}/rivals/${second!.id}`, () => [
          404,
          { message: 'Eintrag nicht gefunden' },
        ]),
        http.post(`*/api/projects/${id}/rivals`, async ({ request }) => {
          posted = await request.json();
          return HttpResponse.json(
            {
              data: {
                ...(posted as object),
                id: '11111111-0000-4000-8000-000000000009',
                version: 1,
              },
            },
            { status: 201 },
          );
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Bearbeiten: Brotzeit' }));
    await user.type(screen.getByLabelText(/Wie heißt der Mitbewerber\?/), ' & Co');
    await user.click(screen.getByRole('button', { name: 'Speichern' }));

    const toasts = screen.getByRole('alert');
    expect(
      await within(toasts).findByText('Der Eintrag wurde inzwischen gelöscht.'),
    ).toBeInTheDocument();
    expect(toasts.children).toHaveLength(1);
    expect(within(toasts).queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
    const overlay = screen.getByRole('dialog', { name: 'Mitbewerber bearbeiten' });
    expect(
      within(overlay).getByText(/Sie können sie als neuen Eintrag speichern/),
    ).toBeInTheDocument();
    expect(within(overlay).getByLabelText(/Wie heißt der Mitbewerber\?/)).toHaveValue(
      'Brotzeit & Co',
    );
    // Behind it, the list is as stored now.
    await waitFor(() => expect(titles()).toEqual(['Backhaus Müller', 'Kornkammer']));

    await user.click(within(overlay).getByRole('button', { name: 'Als neuen Eintrag speichern' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(posted).toMatchObject({ name: 'Brotzeit & Co' });
    expect(posted).not.toHaveProperty('id');
  });

  it('puts a refused delete back in its place and says so', async () => {
    const { user } = await render(step('mitbewerber'), {
      handlers: [
        api.get(`/projects/${id}`, widgetsProject({ rivals: three })),
        api.delete(`/projects/${id}/rivals/${three[1]!.id}`, () => [
          403,
          { message: 'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.' },
        ]),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Löschen: Brotzeit' }));
    await user.click(
      within(screen.getByRole('dialog', { name: 'Wirklich löschen?' })).getByRole('button', {
        name: 'Löschen',
      }),
    );
    const toasts = screen.getByRole('alert');
    expect(
      await within(toasts).findByText(
        'Der Eintrag konnte nicht gelöscht werden und steht wieder in der Liste.',
      ),
    ).toBeInTheDocument();
    // The entry comes back with the refusal; the step's lazy parts (the „geprüft“ mark, the
    // Rückfragen) may render in between.
    await waitFor(() => expect(titles()).toEqual(['Backhaus Müller', 'Brotzeit', 'Kornkammer']));
    expect(toasts.children).toHaveLength(1);
  });

  it('keeps an entry gone that was deleted meanwhile, without a message', async () => {
    let deleted = false;
    const { user } = await render(step('mitbewerber'), {
      handlers: [
        api.get(`/projects/${id}`, widgetsProject({ rivals: three })),
        api.delete(`/projects/${id}/rivals/${three[0]!.id}`, () => {
          deleted = true;
          return [404, { message: 'Eintrag nicht gefunden' }];
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Löschen: Backhaus Müller' }));
    // The confirmation focuses Abbrechen; Tab leads to Löschen.
    await user.tab();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(deleted).toBe(true));
    // The answer to the request settles the list a render later; under load that render can
    // come after the request was seen here.
    await waitFor(() => expect(titles()).toEqual(['Brotzeit', 'Kornkammer']));
    expect(screen.getByRole('alert')).toBeEmptyDOMElement();
  });
});

describe('list step: order', () => {
  /** The rivals step with three entries; `orders` collects every order the server receives. */
  async function renderOrders() {
    const orders: unknown[] = [];
    const rendered = await render(step('mitbewerber'), {
      handlers: [
        api.get(`/projects/${id}`, widgetsProject({ rivals: three })),
        http.put(`*/api/projects/${id}/rivals/order`, async ({ request }) => {
          orders.push(await request.json());
          return HttpResponse.json({ data: [] });
        }),
      ],
    });
    return { ...rendered, orders };
  }

  it.each([
    // Leaving used to clear the pending timer, and the order was never sent at all.
    {
      when: 'the step is left',
      leave: (user: UserEvent) =>
        user.click(screen.getByRole('link', { name: 'Weiter: Kontakte' })),
      timeout: 1000,
    },
    // Well before the debounce's 500 ms: the page is gone by then.
    {
      when: 'the page goes away (reload, closed tab)',
      leave: () => void window.dispatchEvent(new PageTransitionEvent('pagehide')),
      timeout: 300,
    },
  ])('sends a pending order at once when $when', async ({ leave, timeout }) => {
    const { user, orders } = await renderOrders();
    await user.click(await screen.findByRole('button', { name: 'Nach unten: Backhaus Müller' }));
    await leave(user);
    await waitFor(
      () => expect(orders).toEqual([{ order: [three[1]!.id, three[0]!.id, three[2]!.id] }]),
      { timeout },
    );
    await new Promise((resolve) => setTimeout(resolve, 600));
    expect(orders).toHaveLength(1);
  });

  it('saves once, 500 ms after the last move, while the step stays open', async () => {
    const { orders } = await renderOrders();
    // No pauses between the pointer events: on a loaded machine user-event's pauses let the
    // 500 ms pass between the two moves, and then two saves would be right.
    const quick = userEvent.setup({ delay: null });
    await quick.click(await screen.findByRole('button', { name: 'Nach unten: Backhaus Müller' }));
    await waitFor(() => expect(titles()).toEqual(['Brotzeit', 'Backhaus Müller', 'Kornkammer']));
    await quick.click(screen.getByRole('button', { name: 'Nach unten: Backhaus Müller' }));
    expect(orders).toEqual([]);
    await waitFor(
      () => expect(orders).toEqual([{ order: [three[1]!.id, three[2]!.id, three[0]!.id] }]),
      { timeout: 3000 },
    );
  });
});
