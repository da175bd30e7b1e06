import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, renderApp, server as msw } from '../../test/render-app.tsx';
import type { NewQuestion } from './question-changes-api.ts';
import type { ProjectQuestion } from './questions-api.ts';

/*
 * On the fixture catalogue's brief: the list step „Ideen“ (stage „Sammeln“) and the form step
 * „Rahmen“ (stage „Planen“, the last step).
 */
const id = '7b2e0c1e-0000-4000-8000-000000000002';
const stepPath = (slug: string) => `/projekte/${id}/fragebogen/${slug}`;
const ideasHeading = 'Welche Ideen bringen Sie mit?';
const frameHeading = 'Womit planen wir?';

const market = {
  id: 'e0000000-0000-4000-8000-000000000001',
  version: 1,
  idea: 'Wochenmarkt',
  priority: 'high',
};
const tasting = {
  id: 'e0000000-0000-4000-8000-000000000002',
  version: 1,
  idea: 'Verkostung',
  priority: 'high',
};

const ASKED_AT = '2026-11-27T09:00:00Z';
const NOW = '2026-11-28T10:00:00Z';

/** A Rückfrage as the server lists it: asked by Jana Kühn, open, no replies. */
const question = (overrides: Partial<ProjectQuestion> = {}): ProjectQuestion => ({
  id: 'a0000000-0000-4000-8000-000000000001',
  step: 'ideas',
  item: null,
  text: 'Wie oft wollen Sie auf dem Markt stehen?',
  author: { name: 'Jana Kühn' },
  created_at: ASKED_AT,
  resolved_at: null,
  resolved_by: null,
  replies: [],
  ...overrides,
});

/**
 * A server holding one project and its Rückfragen: GET lists them, POST asks (members) and
 * replies, PATCH resolves and reopens – each answering with the whole question, as the API does.
 * Records every body it was sent.
 */
function questionsServer(initial: ProjectQuestion[], project: Project) {
  let questions = [...initial];
  const asked: unknown[] = [];
  const replies: { questionId: string; body: unknown }[] = [];
  const patches: { questionId: string; body: unknown }[] = [];
  let next = 10;
  const change = (questionId: string, update: (found: ProjectQuestion) => ProjectQuestion) => {
    const found = questions.find((candidate) => candidate.id === questionId)!;
    const changed = update(found);
    questions = questions.map((candidate) => (candidate.id === questionId ? changed : candidate));
    return changed;
  };
  const handlers = [
    api.get(`/projects/${id}`, project),
    http.get(`*/api/projects/${id}/questions`, () => HttpResponse.json({ data: questions })),
    api.post(`/projects/${id}/questions`, (body) => {
      asked.push(body);
      const { step, item, text } = body as NewQuestion;
      const created = question({
        id: `a0000000-0000-4000-8000-0000000000${next++}`,
        step,
        item: item ?? null,
        text,
        created_at: NOW,
      });
      questions = [...questions, created];
      return [201, created];
    }),
    http.post(`*/api/projects/${id}/questions/:questionId/replies`, async ({ request, params }) => {
      const body = (await request.json()) as { text: string };
      const questionId = String(params.questionId);
      replies.push({ questionId, body });
      const customer = project.edit_token === undefined;
      const changed = change(questionId, (found) => ({
        ...found,
        replies: [
          ...found.replies,
          {
            id: `b0000000-0000-4000-8000-0000000000${next++}`,
            text: body.text,
            author_kind: customer ? 'customer' : 'member',
            author: customer ? null : { name: 'Jana Kühn' },
            created_at: NOW,
          },
        ],
      }));
      return HttpResponse.json({ data: changed }, { status: 201 });
    }),
    http.patch(`*/api/projects/${id}/questions/:questionId`, async ({ request, params }) => {
      const body = (await request.json()) as { resolved: boolean };
      const questionId = String(params.questionId);
      patches.push({ questionId, body });
      const changed = change(questionId, (found) => ({
        ...found,
        resolved_at: body.resolved ? NOW : null,
        resolved_by: body.resolved ? { name: 'Jana Kühn' } : null,
      }));
      return HttpResponse.json({ data: changed });
    }),
  ];
  return { handlers, asked, replies, patches };
}

/** The project as a customer with the share link gets it: without the edit token. */
const forCustomer = (overrides: Partial<Project> = {}) =>
  makeProject({ edit_token: undefined, ...overrides });

async function asMember(
  slug: string,
  questions: ProjectQuestion[] = [],
  project = makeProject({ ideas: [market, tasting] }),
) {
  const server = questionsServer(questions, project);
  const app = await renderApp(stepPath(slug), { handlers: server.handlers });
  await screen.findByRole('heading', { level: 1 });
  return { ...app, server };
}

async function asCustomer(
  slug: string,
  questions: ProjectQuestion[] = [],
  project = forCustomer({ ideas: [market, tasting] }),
) {
  const server = questionsServer(questions, project);
  const app = await renderApp(stepPath(slug), {
    user: null,
    editToken: 'geheimes-token',
    handlers: server.handlers,
  });
  await screen.findByRole('heading', { level: 1 });
  return { ...app, server };
}

/** The block „Rückfragen“ above the step's form. */
const block = () => screen.findByRole('region', { name: 'Rückfragen' });
/** The open Rückfragen (the first list of the block), each an article. */
const openQuestions = async () =>
  within(within(await block()).getAllByRole('list')[0]!).getAllByRole('article', {
    name: /^Rückfrage/,
  });
const askDialog = () => screen.getByRole('dialog', { name: 'Rückfrage stellen' });

describe('a member asks a Rückfrage („Rückfrage stellen“)', () => {
  it('on a list step about one entry: the dialog sends step, entry and the trimmed text', async () => {
    const { user, server } = await asMember('ideen');
    // No Rückfragen yet: the action alone, no block.
    expect(screen.queryByRole('region', { name: 'Rückfragen' })).not.toBeInTheDocument();
    await user.click(await screen.findByRole('button', { name: 'Rückfrage stellen' }));

    const dialog = askDialog();
    expect(within(dialog).getByText('Zum Schritt „Ideen“')).toBeVisible();
    const entry = within(dialog).getByRole('combobox', { name: 'Zu einem Eintrag (optional)' });
    expect(
      within(entry)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Zum ganzen Schritt', 'Wochenmarkt', 'Verkostung']);
    await user.selectOptions(entry, 'Wochenmarkt');
    await user.type(
      within(dialog).getByRole('textbox', { name: /Ihre Rückfrage/ }),
      '  Wie oft im Monat?  ',
    );
    await user.click(within(dialog).getByRole('button', { name: 'Rückfrage senden' }));

    await waitFor(() => expect(server.asked).toHaveLength(1));
    expect(server.asked[0]).toEqual({ step: 'ideas', item: market.id, text: 'Wie oft im Monat?' });
    expect(await screen.findByText('Die Rückfrage steht jetzt bei „Ideen“.')).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();

    const [asked] = await openQuestions();
    expect(asked).toHaveAccessibleName('Rückfrage von Jana Kühn am 28. November 2026');
    expect(within(asked!).getByText('Zum Eintrag „Wochenmarkt“')).toBeVisible();
    expect(within(asked!).getByText('Wie oft im Monat?')).toBeVisible();
    expect(within(asked!).getByText('Offen')).toBeVisible();
    // The lone action gave way to the block: its heading has the focus.
    await waitFor(() => expect(screen.getByRole('heading', { name: 'Rückfragen' })).toHaveFocus());
  });

  it('about the whole step: no entry in the body; a form step offers no entries', async () => {
    const { user, server } = await asMember('rahmen');
    await screen.findByRole('heading', { level: 1, name: frameHeading });
    await user.click(await screen.findByRole('button', { name: 'Rückfrage stellen' }));
    expect(within(askDialog()).queryByRole('combobox')).not.toBeInTheDocument();
    await user.type(within(askDialog()).getByRole('textbox'), 'Welches Budget gilt?');
    await user.click(within(askDialog()).getByRole('button', { name: 'Rückfrage senden' }));
    await waitFor(() =>
      expect(server.asked).toEqual([{ step: 'frame', text: 'Welches Budget gilt?' }]),
    );
    expect(await screen.findByText('Welches Budget gilt?')).toBeVisible();

    // With the block there, the dialog returns the focus to its „Rückfrage stellen“.
    const ask = within(await block()).getByRole('button', { name: 'Rückfrage stellen' });
    await user.click(ask);
    await user.type(within(askDialog()).getByRole('textbox'), 'Und der Zeitplan?');
    await user.click(within(askDialog()).getByRole('button', { name: 'Rückfrage senden' }));
    expect(await screen.findByText('Und der Zeitplan?')).toBeVisible();
    expect(ask).toHaveFocus();
  });

  it('refuses an empty Rückfrage at the field and sends nothing', async () => {
    const { user, server } = await asMember('ideen');
    await user.click(await screen.findByRole('button', { name: 'Rückfrage stellen' }));
    await user.type(within(askDialog()).getByRole('textbox'), '   ');
    await user.click(within(askDialog()).getByRole('button', { name: 'Rückfrage senden' }));
    const field = within(askDialog()).getByRole('textbox');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(field).toHaveAccessibleDescription(/Rückfrage ist ein Pflichtfeld/);
    expect(field).toHaveFocus();
    expect(server.asked).toEqual([]);
  });

  it('shows the server’s refusals in the dialog, which stays open', async () => {
    const { user } = await asMember('ideen', [], makeProject({ ideas: [market] }));
    const limit =
      'Zu viele Rückfragen in kurzer Zeit. Bitte versuchen Sie es in einer Stunde noch einmal.';
    let status = 422;
    // Used after the harness's handlers: msw asks the newest first.
    msw.use(
      api.post(`/projects/${id}/questions`, () =>
        status === 422
          ? [
              422,
              { message: 'Ungültige Eingabe', errors: { text: ['Die Rückfrage ist zu lang.'] } },
            ]
          : status === 429
            ? [429, { message: limit }]
            : [
                422,
                {
                  message: 'Ungültige Eingabe',
                  errors: { step: ['Diesen Schritt gibt es in diesem Projekt nicht.'] },
                },
              ],
      ),
    );
    await user.click(await screen.findByRole('button', { name: 'Rückfrage stellen' }));
    await user.type(within(askDialog()).getByRole('textbox'), 'Wie oft?');
    await user.click(within(askDialog()).getByRole('button', { name: 'Rückfrage senden' }));
    const field = within(askDialog()).getByRole('textbox');
    await waitFor(() => expect(field).toHaveAccessibleDescription(/Die Rückfrage ist zu lang\./));
    status = 429;
    await user.click(within(askDialog()).getByRole('button', { name: 'Rückfrage senden' }));
    expect(await within(askDialog()).findByRole('alert')).toHaveTextContent(limit);
    // A step the server refuses (switched off meanwhile) has no field: above the buttons.
    status = 0;
    await user.click(within(askDialog()).getByRole('button', { name: 'Rückfrage senden' }));
    await waitFor(() =>
      expect(within(askDialog()).getByRole('alert')).toHaveTextContent(
        'Diesen Schritt gibt es in diesem Projekt nicht.',
      ),
    );
    // No generic error toast beside the dialog's own words.
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
  });
});

describe('a member resolves and reopens', () => {
  it('„Als erledigt markieren“ folds the question away, „Wieder öffnen“ brings it back', async () => {
    const answered = question({
      replies: [
        {
          id: 'b0000000-0000-4000-8000-000000000001',
          text: 'Jeden Samstag.',
          author_kind: 'customer',
          author: null,
          created_at: NOW,
        },
      ],
    });
    const { user, server } = await asMember('ideen', [answered]);
    const [card] = await openQuestions();
    expect(within(card!).getByText('Beantwortet')).toBeVisible();
    expect(within(card!).getByText('Antwort der Kundschaft am 28. November 2026')).toBeVisible();
    expect(within(card!).getByText('Jeden Samstag.')).toBeVisible();

    await user.click(within(card!).getByRole('button', { name: 'Als erledigt markieren' }));
    await waitFor(() =>
      expect(server.patches).toEqual([{ questionId: answered.id, body: { resolved: true } }]),
    );
    expect(await screen.findByText('Die Rückfrage ist erledigt.')).toBeInTheDocument();
    const toggle = await within(await block()).findByRole('button', {
      name: '1 erledigte Rückfrage anzeigen',
    });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(within(await block()).queryByText('Jeden Samstag.')).not.toBeInTheDocument();
    // Focus does not fall to the page: the block's heading takes it.
    expect(screen.getByRole('heading', { name: 'Rückfragen' })).toHaveFocus();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveTextContent('Erledigte Rückfrage ausblenden');
    const resolved = within(await block()).getByRole('article');
    expect(within(resolved).getByText('Erledigt am 28. November 2026 von Jana Kühn')).toBeVisible();
    expect(within(resolved).getByText('Erledigt', { selector: '.question-state' })).toBeVisible();
    // A resolved question takes no replies.
    expect(within(resolved).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(resolved).queryByRole('button', { name: 'Antworten' })).not.toBeInTheDocument();

    await user.click(within(resolved).getByRole('button', { name: 'Wieder öffnen' }));
    await waitFor(() =>
      expect(server.patches.at(-1)).toEqual({
        questionId: answered.id,
        body: { resolved: false },
      }),
    );
    expect(await screen.findByText('Die Rückfrage ist wieder offen.')).toBeInTheDocument();
    await waitFor(() =>
      expect(
        within(screen.getByRole('region', { name: 'Rückfragen' })).queryByRole('button', {
          name: /erledigte Rückfrage/,
        }),
      ).not.toBeInTheDocument(),
    );
    const [reopened] = await openQuestions();
    expect(within(reopened!).getByRole('button', { name: 'Als erledigt markieren' })).toBeVisible();
  });

  it('replies behind „Antworten“; the reply shows with the member’s name', async () => {
    const { user, server } = await asMember('ideen', [question()]);
    const [card] = await openQuestions();
    expect(within(card!).queryByRole('textbox')).not.toBeInTheDocument();
    await user.click(within(card!).getByRole('button', { name: 'Antworten' }));
    await user.type(within(card!).getByRole('textbox', { name: 'Ihre Antwort' }), 'Noch offen?');
    await user.click(within(card!).getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() =>
      expect(server.replies).toEqual([
        { questionId: question().id, body: { text: 'Noch offen?' } },
      ]),
    );
    expect(
      await within(card!).findByText('Antwort von Jana Kühn am 28. November 2026'),
    ).toBeVisible();
    expect(within(card!).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card!).getByRole('button', { name: 'Antworten' })).toHaveFocus();
  });

  it('shows the many resolved ones folded with their number', async () => {
    const resolved = (n: number) =>
      question({
        id: `a0000000-0000-4000-8000-00000000010${n}`,
        text: `Erledigte Frage ${n}`,
        resolved_at: NOW,
        resolved_by: null,
      });
    await asMember('ideen', [resolved(1), resolved(2)]);
    const section = await block();
    expect(
      within(section).getByRole('button', { name: '2 erledigte Rückfragen anzeigen' }),
    ).toBeVisible();
    expect(within(section).queryByText('Erledigte Frage 1')).not.toBeInTheDocument();
    // Still the action above.
    expect(within(section).getByRole('button', { name: 'Rückfrage stellen' })).toBeVisible();
  });
});

describe('the customer and the Rückfragen (share link)', () => {
  it('sees them above the form and replies; no asking, no resolving', async () => {
    const onItem = question({ item: market.id });
    const elsewhere = question({ id: 'a0000000-0000-4000-8000-000000000002', step: 'frame' });
    const done = question({
      id: 'a0000000-0000-4000-8000-000000000003',
      text: 'Schon geklärt?',
      resolved_at: NOW,
      resolved_by: { name: 'Jana Kühn' },
    });
    const { user, server } = await asCustomer('ideen', [onItem, elsewhere, done]);
    await screen.findByRole('heading', { level: 1, name: ideasHeading });
    const section = await block();
    // Above the form: before the list's „Idee hinzufügen“.
    const add = screen.getByRole('button', { name: 'Idee hinzufügen' });
    expect(section.compareDocumentPosition(add) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();

    const cards = await openQuestions();
    expect(cards).toHaveLength(1);
    const [card] = cards;
    expect(card).toHaveAccessibleName('Rückfrage von Jana Kühn am 27. November 2026');
    expect(within(card!).getByText('Zum Eintrag „Wochenmarkt“')).toBeVisible();
    expect(within(card!).getByText(onItem.text)).toBeVisible();

    expect(screen.queryByRole('button', { name: 'Rückfrage stellen' })).not.toBeInTheDocument();
    expect(
      screen.queryByRole('button', { name: 'Als erledigt markieren' }),
    ).not.toBeInTheDocument();
    expect(
      within(section).getByRole('button', { name: '1 erledigte Rückfrage anzeigen' }),
    ).toBeVisible();
    await user.click(
      within(section).getByRole('button', { name: '1 erledigte Rückfrage anzeigen' }),
    );
    expect(within(section).getByText('Schon geklärt?')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Wieder öffnen' })).not.toBeInTheDocument();

    // The reply box is there at once, with a word on changing the answers instead; leaving it
    // empty is no mistake (replying is optional), sending it empty is.
    const box = within(card!).getByRole('textbox', { name: 'Ihre Antwort' });
    expect(box).toHaveAccessibleDescription(/Oder ändern Sie Ihre Angaben unten/);
    await user.click(box);
    await user.click(add);
    expect(box).not.toHaveAttribute('aria-invalid');
    await user.keyboard('{Escape}');
    await user.click(within(card!).getByRole('button', { name: 'Antwort senden' }));
    expect(box).toHaveAccessibleDescription(/Antwort ist ein Pflichtfeld/);
    expect(server.replies).toEqual([]);

    await user.type(box, ' Jeden Samstag, von acht bis eins. ');
    await user.click(within(card!).getByRole('button', { name: 'Antwort senden' }));
    await waitFor(() =>
      expect(server.replies).toEqual([
        { questionId: onItem.id, body: { text: 'Jeden Samstag, von acht bis eins.' } },
      ]),
    );
    expect(await within(card!).findByText('Ihre Antwort am 28. November 2026')).toBeVisible();
    expect(within(card!).getByText('Jeden Samstag, von acht bis eins.')).toBeVisible();
    expect(within(card!).getByText('Beantwortet')).toBeVisible();
    expect(box).toHaveValue('');
    expect(await screen.findByText('Ihre Antwort ist gespeichert.')).toBeInTheDocument();
  });

  it('sees no block on a step without open Rückfragen', async () => {
    await asCustomer('ideen', [
      question({ step: 'frame' }),
      question({ id: 'a0000000-0000-4000-8000-000000000009', resolved_at: NOW }),
    ]);
    await screen.findByRole('heading', { level: 1, name: ideasHeading });
    // The list has loaded (the badge of the other step shows) …
    expect(await screen.findByRole('link', { name: '1 Rückfrage' })).toBeVisible();
    // … and this step has nothing open.
    expect(screen.queryByRole('region', { name: 'Rückfragen' })).not.toBeInTheDocument();
  });

  it('hears when the question was resolved meanwhile', async () => {
    const { user } = await asCustomer('ideen', [question()]);
    msw.use(
      api.post(`/projects/${id}/questions/${question().id}/replies`, () => [
        409,
        { message: 'Diese Rückfrage ist schon erledigt.' },
      ]),
    );
    const [card] = await openQuestions();
    await user.type(within(card!).getByRole('textbox'), 'Hier meine Antwort');
    await user.click(within(card!).getByRole('button', { name: 'Antwort senden' }));
    expect(await within(card!).findByRole('alert')).toHaveTextContent(
      'Diese Rückfrage ist schon erledigt.',
    );
    expect(within(card!).getByRole('textbox')).toHaveValue('Hier meine Antwort');
    expect(screen.queryByText('Es ist ein Fehler aufgetreten')).not.toBeInTheDocument();
  });

  it('reads them without a reply box once the project is approved', async () => {
    await asCustomer('ideen', [question()], forCustomer({ ideas: [market], is_approved: true }));
    const [card] = await openQuestions();
    expect(within(card!).getByText(question().text)).toBeVisible();
    expect(within(card!).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(card!).queryByRole('button')).not.toBeInTheDocument();
  });
});

describe('the navigation’s badges', () => {
  const open = (n: number, step: string) =>
    question({ id: `a0000000-0000-4000-8000-00000000020${n}`, step });

  it('count the open Rückfragen per step and in total („3 Rückfragen“)', async () => {
    await asCustomer('ideen', [
      open(1, 'ideas'),
      open(2, 'frame'),
      open(3, 'frame'),
      question({ id: 'a0000000-0000-4000-8000-000000000299', step: 'frame', resolved_at: NOW }),
    ]);
    const steps = screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
    expect(await within(steps).findByRole('link', { name: 'Ideen 1 Rückfrage' })).toHaveAttribute(
      'href',
      stepPath('ideen'),
    );
    // The total leads to the first step with one.
    expect(screen.getByRole('link', { name: '3 Rückfragen' })).toHaveAttribute(
      'href',
      stepPath('ideen'),
    );
  });

  it('say „1 Rückfrage“ for one, also in the phone’s step list', async () => {
    const { user } = await asCustomer('ideen', [open(1, 'frame')]);
    const total = await screen.findByRole('link', { name: '1 Rückfrage' });
    expect(total).toHaveAttribute('href', stepPath('rahmen'));
    const steps = screen.getByRole('navigation', { name: 'Schritte dieser Etappe' });
    expect(within(steps).getByRole('link', { name: 'Ideen' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: /Schritt 1 von 2/ }));
    const all = screen.getByRole('navigation', { name: 'Alle Schritte des Fragebogens' });
    expect(within(all).getByRole('link', { name: /^Rahmen 1 Rückfrage/ })).toBeInTheDocument();
    expect(within(all).getByRole('link', { name: /^Ideen/ })).not.toHaveAccessibleName(/Rückfrage/);
  });

  it('show nothing while nothing is open', async () => {
    await asCustomer('ideen', [question({ resolved_at: NOW })]);
    await screen.findByRole('heading', { level: 1, name: ideasHeading });
    await waitFor(() => expect(screen.queryByRole('link', { name: /Rückfrage/ })).toBeNull());
    expect(document.querySelector('.question-badge')).toBeNull();
  });
});

describe('the approval names open Rückfragen', () => {
  it('in a sentence with their steps, and approving stays possible', async () => {
    const { user } = await asCustomer('rahmen', [
      question({ id: 'a0000000-0000-4000-8000-000000000301' }),
      question({ id: 'a0000000-0000-4000-8000-000000000302' }),
      question({ id: 'a0000000-0000-4000-8000-000000000303', step: 'frame' }),
      question({ id: 'a0000000-0000-4000-8000-000000000304', resolved_at: NOW }),
    ]);
    await screen.findByRole('heading', { level: 1, name: frameHeading });
    await screen.findByRole('link', { name: '3 Rückfragen' });
    await user.click(screen.getAllByRole('button', { name: 'Freigeben' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    expect(
      within(dialog).getByText(
        'Nach der Freigabe sind keine Änderungen am Fragebogen mehr möglich.',
      ),
    ).toBeVisible();
    expect(
      within(dialog).getByText('Es gibt noch 3 offene Rückfragen: Ideen und Rahmen.'),
    ).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Trotzdem freigeben' })).toBeVisible();
  });

  it('one in the singular; none, no sentence', async () => {
    const first = await asCustomer('rahmen', [question({ step: 'frame' })]);
    await screen.findByRole('link', { name: '1 Rückfrage' });
    await first.user.click(screen.getAllByRole('button', { name: 'Freigeben' })[0]!);
    const dialog = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    expect(within(dialog).getByText('Es gibt noch 1 offene Rückfrage: Rahmen.')).toBeVisible();
    first.unmount();

    const second = await asCustomer('rahmen', [question({ resolved_at: NOW })]);
    await screen.findByRole('heading', { level: 1, name: frameHeading });
    await second.user.click(screen.getAllByRole('button', { name: 'Freigeben' })[0]!);
    const again = await screen.findByRole('dialog', { name: 'Projekt Freigeben?' });
    expect(within(again).queryByText(/offene Rückfrage/)).not.toBeInTheDocument();
  });
});
