import { http, HttpResponse } from 'msw';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, members, renderApp, verifiedUser } from '../../test/render-app.tsx';

const userPath = `/user/${verifiedUser.id}`;

/** The agency's projects as the dashboard list has them: what the last owner's deletion takes. */
const PROJECTS = ['Relaunch', 'Kampagne'].map((name, index) => ({
  id: `7b2e0000-0000-4000-8000-00000000000${index}`,
  customer_firm: 'Bäckerei Groß',
  project_name: name,
  responsible: verifiedUser.id,
  is_approved: false,
  is_archived: false,
  is_niceview_enabled: false,
  version: 1,
  created_at: '2026-11-01T09:00:00Z',
  updated_at: '2026-11-01T09:00:00Z',
  progress: { complete: 0, total: 8 },
}));

type Handlers = NonNullable<NonNullable<Parameters<typeof renderApp>[1]>['handlers']>;

/** The account page with `handlers`; DELETEs of the account are recorded with their bodies. */
async function accountPage(
  answer: (body: unknown) => [number, unknown] = () => [200, {}],
  extra: Handlers = [],
  user = verifiedUser,
) {
  const deletes: unknown[] = [];
  const handlers: Handlers = [
    ...extra,
    api.get('/user/current', user),
    api.get('/projects', PROJECTS),
    http.delete(`*/api${userPath}`, async ({ request }) => {
      const body = await request.json();
      deletes.push(body);
      const [status, data] = answer(body);
      return HttpResponse.json(status < 300 ? { data } : (data as object), { status });
    }),
  ];
  const app = await renderApp('/account', { handlers, user });
  return { ...app, deletes };
}

async function openDialog(app: Awaited<ReturnType<typeof accountPage>>) {
  await app.user.click(screen.getByRole('button', { name: 'Account löschen' }));
  return screen.getByRole('dialog', { name: 'Account löschen' });
}

describe('account data section', () => {
  it('links the download of the export, which the browser fetches with its cookie', async () => {
    await accountPage();
    const link = screen.getByRole('link', { name: 'Meine Daten herunterladen' });
    expect(link).toHaveAttribute('href', `/api/user/${verifiedUser.id}/export`);
    expect(link).toHaveAttribute('download');
  });

  it('keeps the agency when another owner stays, and names who takes over', async () => {
    const secondOwner = {
      ...members[1]!,
      role: 'owner' as const,
      created_at: '2026-11-02T09:00:00Z',
    };
    const app = await accountPage(undefined, [
      api.get('/agency/members', [members[0]!, secondOwner]),
    ]);
    const dialog = await openDialog(app);
    expect(
      await within(dialog).findByText(/Die Projekte Ihrer Agentur bleiben erhalten/),
    ).toHaveTextContent(/übernimmt Ole Brandt\./);
    expect(within(dialog).queryByRole('list')).toBeNull();
  });

  it('tells a member that the projects stay with the agency', async () => {
    const app = await accountPage(undefined, [], { ...verifiedUser, agency_role: 'member' });
    const dialog = await openDialog(app);
    expect(
      await within(dialog).findByText(/Die Projekte Ihrer Agentur bleiben erhalten/),
    ).toHaveTextContent(/übernimmt eine Inhaberin oder ein Inhaber Ihrer Agentur/);
  });

  it('is not shown before the account is activated', async () => {
    await renderApp('/account', {
      user: { ...verifiedUser, verified: false },
      handlers: [api.get('/user/current', { ...verifiedUser, verified: false })],
    });
    expect(screen.queryByRole('link', { name: 'Meine Daten herunterladen' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Account löschen' })).toBeNull();
  });

  it('explains what goes, focuses „Abbrechen“ and closes with Escape without deleting', async () => {
    const app = await accountPage();
    const dialog = await openDialog(app);
    // The last owner takes the agency along: every project named, the colleague's access too.
    expect(
      await within(dialog).findByText(/letzte Inhaberin oder der letzte Inhaber/),
    ).toHaveTextContent(/ihre 2 Projekte mit allen Antworten/);
    expect(dialog).toHaveTextContent(/Der Zugang Ihrer Kollegin oder Ihres Kollegen endet/);
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(['Bäckerei Groß – Relaunch', 'Bäckerei Groß – Kampagne']);
    expect(dialog).toHaveTextContent(/nicht rückgängig/);
    expect(within(dialog).getByRole('button', { name: 'Abbrechen' })).toHaveFocus();
    expect(within(dialog).getByLabelText(/^Passwort zur Bestätigung/)).toHaveAttribute(
      'type',
      'password',
    );
    await app.user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(app.deletes).toEqual([]);
    expect(screen.getByRole('button', { name: 'Account löschen' })).toHaveFocus();
  });

  it('asks for the password before sending anything', async () => {
    const app = await accountPage();
    const dialog = await openDialog(app);
    await app.user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(within(dialog).getByText('Bitte geben Sie Ihr Passwort ein.')).toBeInTheDocument();
    expect(app.deletes).toEqual([]);
  });

  it('shows a wrong password at its field and stays open', async () => {
    const wrong =
      'Das aktuelle Passwort wurde nicht korrekt eingegeben. Bitte korrigieren Sie das Passwort um sich zu verifizieren.';
    const app = await accountPage(() => [422, { message: wrong, errors: { password: [wrong] } }]);
    const dialog = await openDialog(app);
    await app.user.type(within(dialog).getByLabelText(/^Passwort zur Bestätigung/), 'falsch-123');
    await app.user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await within(dialog).findByText(wrong)).toBeInTheDocument();
    expect(within(dialog).getByLabelText(/^Passwort zur Bestätigung/)).toHaveAttribute(
      'aria-invalid',
      'true',
    );
    expect(app.deletes).toEqual([{ password: 'falsch-123' }]);
    expect(app.leaveTo).not.toHaveBeenCalled();
  });

  it('shows the limit’s message on 429', async () => {
    const limit =
      'Zu viele Versuche. Bitte warten Sie 40 Sekunden, bevor Sie es noch einmal versuchen.';
    const app = await accountPage(() => [429, { message: limit, errors: { password: [limit] } }]);
    const dialog = await openDialog(app);
    await app.user.type(within(dialog).getByLabelText(/^Passwort zur Bestätigung/), 'geraten');
    await app.user.click(within(dialog).getByRole('button', { name: 'Endgültig löschen' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(limit);
    expect(within(dialog).getAllByText(limit)).toHaveLength(1);
    expect(app.leaveTo).not.toHaveBeenCalled();
  });

  it('deletes with the password and goes to the page „Ihr Account wurde gelöscht.“', async () => {
    const app = await accountPage(() => [200, { deleted: true }]);
    const dialog = await openDialog(app);
    await app.user.type(
      within(dialog).getByLabelText(/^Passwort zur Bestätigung/),
      'sicheres-passwort{Enter}',
    );
    await waitFor(() => expect(app.leaveTo).toHaveBeenCalledWith('/account-geloescht'));
    expect(app.deletes).toEqual([{ password: 'sicheres-passwort' }]);
  });
});
