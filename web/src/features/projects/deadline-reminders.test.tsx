import { screen, waitFor, within } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it } from 'vitest';
import type { Project } from '../../lib/projects-api.ts';
import { api, makeProject, renderApp } from '../../test/render-app.tsx';
import type { ProjectContact } from './contacts-api.ts';

const id = '7b2e0c1e-0000-4000-8000-000000000002';
const settingsPath = `/projekte/${id}/einstellungen`;

const contact = (n: number, name: string, remindersOff = false): ProjectContact => ({
  id: `9c4e0c1e-0000-4000-8000-0000000000a${n}`,
  name,
  email: `kontakt${n}@tischlerei-berger.de`,
  invited_at: '2026-11-28T09:00:00Z',
  created_at: '2026-11-27T09:00:00Z',
  reminders_off: remindersOff,
});

/**
 * A server holding one project (PATCH changes it) and its contacts; POST …/reminders answers with
 * `reminders` (status and body as the API would send them). Records what was sent.
 */
function settingsServer(
  initial: Partial<Project> = {},
  contacts: ProjectContact[] = [],
  reminders: [number, unknown] = [200, { sent: contacts.length }],
) {
  let project = makeProject(initial);
  const patches: unknown[] = [];
  let remindersSent = 0;
  const handlers = [
    http.get(`*/api/projects/${id}`, () => HttpResponse.json({ data: project })),
    api.patch(`/projects/${id}`, (body) => {
      patches.push(body);
      project = { ...project, ...(body as Partial<Project>), version: project.version + 1 };
      return [200, project];
    }),
    api.get('/projects', []),
    api.get(`/projects/${id}/customer-contacts`, contacts),
    // No body: the request names the project only.
    http.post(`*/api/projects/${id}/reminders`, () => {
      remindersSent += 1;
      const [status, data] = reminders;
      return HttpResponse.json((status < 300 ? { data } : data) as object, { status });
    }),
  ];
  return { handlers, patches, reminded: () => remindersSent };
}

async function openSettings(server: ReturnType<typeof settingsServer>) {
  const app = await renderApp(settingsPath, { handlers: server.handlers });
  await screen.findByRole('heading', { name: 'Projekteinstellungen' });
  return app;
}

const dueDate = () => screen.getByLabelText('Abgabe bis');
const remindersBox = () =>
  screen.getByRole('checkbox', { name: 'Erinnerungen an die Kundschaft senden' });
const section = () => screen.getByRole('region', { name: 'Kundschaft' });

describe('due date and reminders in the project settings (docs/product.md#abgabe-und-erinnerungen)', () => {
  it('sets „Abgabe bis“ and switches reminders off: the PATCH carries both', async () => {
    const server = settingsServer();
    const { user } = await openSettings(server);
    expect(dueDate()).toHaveAttribute('type', 'date');
    expect(dueDate()).toHaveValue('');
    expect(remindersBox()).toBeChecked();
    // The schedule in words, read with the box.
    expect(remindersBox()).toHaveAccessibleDescription(
      /7 und 2 Tage vor der Abgabe, 1 Tag danach und nach 5 Tagen ohne Aktivität/,
    );
    expect(remindersBox()).toHaveAccessibleDescription(/Solange Schritte offen sind/);

    await user.type(dueDate(), '2026-12-04');
    await user.click(remindersBox());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    expect(await screen.findByText('Daten wurden gespeichert')).toBeInTheDocument();
    expect(server.patches).toEqual([
      expect.objectContaining({ due_date: '2026-12-04', reminders_enabled: false, version: 1 }),
    ]);
    expect(dueDate()).toHaveValue('2026-12-04');
    expect(remindersBox()).not.toBeChecked();
  });

  it('clears the due date: the PATCH sends null', async () => {
    const server = settingsServer({ due_date: '2026-12-04', reminders_enabled: false });
    const { user } = await openSettings(server);
    expect(dueDate()).toHaveValue('2026-12-04');
    expect(remindersBox()).not.toBeChecked();
    await user.clear(dueDate());
    await user.click(screen.getByRole('button', { name: 'Speichern' }));
    await waitFor(() => expect(server.patches).toHaveLength(1));
    expect(server.patches[0]).toMatchObject({ due_date: null, reminders_enabled: false });
  });

  it('„Jetzt erinnern“ says to how many contacts the reminder went (plural)', async () => {
    const contacts = [contact(1, 'Jana Kühn'), contact(2, 'Paul Berger')];
    const server = settingsServer({}, contacts, [200, { sent: 2 }]);
    const { user } = await openSettings(server);
    await user.click(await within(section()).findByRole('button', { name: 'Jetzt erinnern' }));
    expect(await screen.findByText('Erinnerung an 2 Kontakte gesendet.')).toBeInTheDocument();
    expect(server.reminded()).toBe(1);
  });

  it('„Jetzt erinnern“ with one contact reminded (singular)', async () => {
    const contacts = [contact(1, 'Jana Kühn'), contact(2, 'Paul Berger', true)];
    const server = settingsServer({}, contacts, [200, { sent: 1 }]);
    const { user } = await openSettings(server);
    await user.click(await within(section()).findByRole('button', { name: 'Jetzt erinnern' }));
    expect(await screen.findByText('Erinnerung an 1 Kontakt gesendet.')).toBeInTheDocument();
  });

  it('shows the API’s German message when it refuses the reminder', async () => {
    const reason = 'Alle Schritte sind ausgefüllt – es gibt nichts, woran wir erinnern könnten.';
    const server = settingsServer({}, [contact(1, 'Jana Kühn')], [422, { message: reason }]);
    const { user } = await openSettings(server);
    await user.click(await within(section()).findByRole('button', { name: 'Jetzt erinnern' }));
    expect(await screen.findByText(reason)).toBeInTheDocument();
    expect(screen.queryByText(/Es ist ein Fehler aufgetreten/)).not.toBeInTheDocument();
  });

  it('offers „Jetzt erinnern“ only when there are contacts', async () => {
    await openSettings(settingsServer({}, []));
    await within(section()).findByText(/^Noch keine Kontakte/);
    expect(
      within(section()).queryByRole('button', { name: 'Jetzt erinnern' }),
    ).not.toBeInTheDocument();
  });

  it('disables „Jetzt erinnern“ for an approved project', async () => {
    await openSettings(settingsServer({ is_approved: true }, [contact(1, 'Jana Kühn')]));
    expect(await within(section()).findByRole('button', { name: 'Jetzt erinnern' })).toBeDisabled();
  });

  it('marks contacts who opted out of reminders', async () => {
    await openSettings(
      settingsServer({}, [contact(1, 'Jana Kühn'), contact(2, 'Paul Berger', true)]),
    );
    const rows = await within(section()).findAllByRole('listitem');
    expect(rows[0]).not.toHaveTextContent('keine Erinnerungen');
    expect(rows[1]).toHaveTextContent('keine Erinnerungen');
  });

  it('links the history („Verlauf“)', async () => {
    await openSettings(settingsServer());
    const meta = screen.getByRole('link', { name: 'Projekt ansehen' }).closest('p')!;
    expect(within(meta).getByRole('link', { name: 'Verlauf' })).toHaveAttribute(
      'href',
      `/projekte/${id}/verlauf`,
    );
  });
});
