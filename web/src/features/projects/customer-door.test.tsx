import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const stepPath = `/projekte/${id}/fragebogen/ideen`;
const contact = { name: 'Jana Kühn', email: 'jana@agentur-nord.de' };
const APPROVED = 'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.';
const forCustomer = (overrides: Partial<Project> = {}) =>
  makeProject({ edit_token: undefined, ...overrides });
const asCustomer = { user: null, editToken: 'geheimes-token' } as const;
/** The form step „Rahmen“ of the harness's questionnaire (the fixture catalogue's brief). */
const framePath = `/projekte/${id}/fragebogen/rahmen`;
const frame = { contact: 'Ole Brandt', team_size: 4, format: 'workshop', version: 1 };

afterEach(() => vi.restoreAllMocks());

/** docs/product.md#der-freigabelink: the customer is never left at the agency's door. */
describe('customer door', () => {
  it('tells a visitor with a renewed link that it is no longer valid and whom to ask', async () => {
    await renderApp(stepPath, {
      ...asCustomer,
      handlers: [
        api.get(`/projects/${id}`, { message: 'Dieser Link ist nicht mehr gültig', contact }, 410),
      ],
    });
    expect(
      await screen.findByRole('heading', { name: 'Dieser Link ist nicht mehr gültig' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Jana Kühn' })).toHaveAttribute(
      'href',
      'mailto:jana@agentur-nord.de',
    );
    // Not the sign-in hint of „Projekt nicht gefunden“.
    expect(screen.queryByText(/melden Sie sich bitte an/)).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Anmelden' })).not.toBeInTheDocument();
  });

  it('keeps „Projekt nicht gefunden“ for a token nobody issued', async () => {
    await renderApp(stepPath, {
      ...asCustomer,
      handlers: [api.get(`/projects/${id}`, { message: 'Projekt nicht gefunden' }, 404)],
    });
    expect(
      await screen.findByRole('heading', { name: 'Projekt nicht gefunden' }),
    ).toBeInTheDocument();
    expect(screen.queryByText('Dieser Link ist nicht mehr gültig')).not.toBeInTheDocument();
  });

  it('names the contact person beside „Das Projekt wurde archiviert.“', async () => {
    await renderApp(stepPath, {
      ...asCustomer,
      handlers: [
        api.get(`/projects/${id}`, { message: 'Das Projekt wurde archiviert.', contact }, 403),
      ],
    });
    expect(await screen.findByText('Das Projekt wurde archiviert.')).toBeInTheDocument();
    const notice = screen.getByText('Das Projekt wurde archiviert.').closest('p')!;
    expect(notice).toHaveTextContent('Bei Fragen wenden Sie sich an Jana Kühn.');
    expect(within(notice).getByRole('link', { name: 'Jana Kühn' })).toHaveAttribute(
      'href',
      'mailto:jana@agentur-nord.de',
    );
  });

  it('names the contact person on an approved questionnaire, the agency without one', async () => {
    const user = { company: 'Agentur Nord', contact_name: null, contact_email: null };
    await renderApp(stepPath, {
      ...asCustomer,
      handlers: [api.get(`/projects/${id}`, forCustomer({ is_approved: true, user }))],
    });
    const notice = (await screen.findByText(APPROVED)).closest('p')!;
    expect(notice).toHaveTextContent('Bei Fragen wenden Sie sich an Agentur Nord.');
    expect(within(notice).queryByRole('link')).not.toBeInTheDocument();
  });

  it('sends a visitor from unreleased results to /login with the reason', async () => {
    const { leaveTo } = await renderApp(`/projekte/${id}/ergebnisse`, {
      ...asCustomer,
      handlers: [api.get(`/projects/${id}`, forCustomer({ is_niceview_enabled: false }))],
    });
    await waitFor(() =>
      expect(leaveTo).toHaveBeenCalledWith(
        `/login?grund=ergebnisse-nicht-freigegeben&projekt=${id}`,
      ),
    );
  });

  it('says what failed on a load without connection and loads again on request', async () => {
    let calls = 0;
    const { user } = await renderApp(stepPath, {
      ...asCustomer,
      handlers: [
        http.get(`*/api/projects/${id}`, () => {
          calls += 1;
          return calls === 1 ? HttpResponse.error() : HttpResponse.json({ data: forCustomer() });
        }),
      ],
    });
    expect(await screen.findByText(/Keine Verbindung zum Server/)).toBeInTheDocument();
    expect(screen.queryByText('Network Error')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Erneut versuchen' }));
    expect(
      await screen.findByRole('heading', { name: 'Welche Ideen bringen Sie mit?' }),
    ).toBeInTheDocument();
  });

  it('reads the project again when a save finds it approved meanwhile', async () => {
    let approved = false;
    const { user } = await renderApp(framePath, {
      ...asCustomer,
      handlers: [
        http.get(`*/api/projects/${id}`, () =>
          HttpResponse.json({
            data: forCustomer({ is_approved: approved, frame }),
          }),
        ),
        api.patch(`/projects/${id}/frame`, () => {
          approved = true;
          return [403, { message: APPROVED, contact }];
        }),
      ],
    });
    const save = await screen.findByRole('button', { name: 'Speichern' });
    await user.type(screen.getByLabelText(/Wer ist Ihre Ansprechperson/), ' Echt.');
    await user.click(save);
    await waitFor(() => expect(approved).toBe(true));
    // The toast says what happened …
    expect(await within(screen.getByRole('alert')).findByText(APPROVED)).toBeInTheDocument();
    // … and the page shows the approved questionnaire with whom to ask.
    const notice = (await screen.findByText(APPROVED, { selector: 'span' })).closest('p')!;
    expect(within(notice).getByRole('link', { name: 'Jana Kühn' })).toBeInTheDocument();
  });
});

describe('customer door after a refused save', () => {
  it('shows the renewed-link page when a save finds the link renewed meanwhile', async () => {
    let renewed = false;
    const { user } = await renderApp(framePath, {
      ...asCustomer,
      handlers: [
        http.get(`*/api/projects/${id}`, () =>
          renewed
            ? HttpResponse.json(
                { message: 'Dieser Link ist nicht mehr gültig', contact },
                { status: 410 },
              )
            : HttpResponse.json({ data: forCustomer({ frame }) }),
        ),
        api.patch(`/projects/${id}/frame`, () => {
          renewed = true;
          return [410, { message: 'Dieser Link ist nicht mehr gültig', contact }];
        }),
      ],
    });
    const save = await screen.findByRole('button', { name: 'Speichern' });
    await user.type(screen.getByLabelText(/Wer ist Ihre Ansprechperson/), ' Echt.');
    await user.click(save);
    const heading = await screen.findByRole('heading', {
      name: 'Dieser Link ist nicht mehr gültig',
    });
    const page = heading.closest('section')!;
    expect(within(page).getByRole('link', { name: 'Jana Kühn' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Speichern' })).not.toBeInTheDocument();
  });
});

describe('saving without connection', () => {
  it('waits for the connection, says so, and saves once the browser is online', async () => {
    let online = false;
    vi.spyOn(navigator, 'onLine', 'get').mockImplementation(() => online);
    const bodies: unknown[] = [];
    let archived = false;
    const { user } = await renderApp(`/projekte/${id}/einstellungen`, {
      handlers: [
        http.get(`*/api/projects/${id}`, () =>
          HttpResponse.json({ data: makeProject({ is_archived: archived }) }),
        ),
        http.patch(`*/api/projects/${id}`, async ({ request }) => {
          bodies.push(await request.json());
          if (!online) return HttpResponse.error();
          archived = true;
          return HttpResponse.json({ data: makeProject({ is_archived: true }) });
        }),
      ],
    });
    await user.click(await screen.findByRole('button', { name: 'Archivieren' }));
    const status = screen.getAllByRole('status').find((region) => region.closest('.toasts'))!;
    expect(
      await within(status).findByText(
        'Keine Verbindung – wird gespeichert, sobald Sie wieder online sind',
      ),
    ).toBeInTheDocument();
    expect(within(screen.getByRole('alert')).queryByText(/Verbindung/)).not.toBeInTheDocument();
    expect(bodies).toHaveLength(1);

    online = true;
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(bodies).toHaveLength(2));
    expect(bodies[1]).toEqual(bodies[0]);
    await waitFor(() =>
      expect(within(status).queryByText(/Keine Verbindung/)).not.toBeInTheDocument(),
    );
    expect(await screen.findByRole('button', { name: 'Reaktivieren' })).toBeInTheDocument();
  });
});
