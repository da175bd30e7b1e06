import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RecentHistoryLines } from '../src/projects/recent-history-lines.ts';
import { QuestionnaireService } from '../src/questionnaire/questionnaire.service.ts';
import { agencyNord, bakeryProject, colleagueOf } from './accounts.ts';
import { example, type Body, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The agency's side of the client loop (docs/product.md#verlauf, #geprüft, #erinnerungen): a
 * project's history in German sentences, written with every change and kept with the project;
 * the „geprüft“ marks that a customer's change takes away; the due date and the reminder switch.
 */

type Project = Json & {
  id: string;
  edit_token: string;
  version: number;
  due_date: string | null;
  reminders_enabled: boolean;
  reviews: { step: string; reviewed_at: string; reviewed_by: { name: string } | null }[];
  progress: { complete: number; total: number; reviewed: number };
};
type Activity = {
  id: string;
  at: string;
  actor: { kind: string; name: string };
  kind: string;
  step: string | null;
  text: string;
};
type Page = { data: Activity[]; next: string | null };
type Refusal = { message: string; errors?: Record<string, string[]> };

describe.each(DATABASES)('history, „geprüft“ and due date (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;
  let ownerId: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const owner = await agencyNord(server);
    agency = owner.client;
    ownerId = owner.user.id;
  });
  afterAll(() => server?.close());

  async function newProject(): Promise<{ project: Project; customer: HttpClient }> {
    const project = await bakeryProject<Project>(agency);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    return { project, customer };
  }

  const history = async (project: Project, query = '') => {
    const page = await agency.api<Page>('GET', `/projects/${project.id}/activity${query}`);
    expect(page.status).toBe(200);
    return page.body;
  };
  const texts = async (project: Project) => (await history(project)).data.map((line) => line.text);
  const read = async (client: HttpClient, project: Project) =>
    (await client.api<Body<Project>>('GET', `/projects/${project.id}`)).body.data;

  it('writes every change as a German sentence, newest first; autosaves count up one line', async () => {
    const { project, customer } = await newProject();
    const base = `/projects/${project.id}`;
    // The customer saves the form three times (autosave): one line.
    let saved = await customer.api<Body<Json & { version: number }>>('PATCH', `${base}/frame`, {
      ...example('frame'),
      version: 0,
    });
    expect(saved.status).toBe(200);
    for (const team_size of [5, 6]) {
      saved = await customer.api('PATCH', `${base}/frame`, {
        ...example('frame'),
        team_size,
        version: saved.body.data.version,
      });
      expect(saved.status).toBe(200);
    }
    // The member adds, changes, reorders and deletes entries.
    const first = await agency.api<Body<Item>>('POST', `${base}/ideas`, example('ideas'));
    const second = await agency.api<Body<Item>>('POST', `${base}/ideas`, example('ideas', 1));
    expect(
      (
        await agency.api('PATCH', `${base}/ideas/${first.body.data.id}`, {
          ...example('ideas'),
          details: 'Jeden Samstag',
          version: 1,
        })
      ).status,
    ).toBe(200);
    expect(
      (
        await agency.api('PUT', `${base}/ideas/order`, {
          order: [second.body.data.id, first.body.data.id],
        })
      ).status,
    ).toBe(200);
    expect((await agency.api('DELETE', `${base}/ideas/${second.body.data.id}`)).status).toBe(200);
    // The customer approves; the agency opens it again.
    expect((await customer.api('PUT', `${base}/approve`)).status).toBe(200);
    const approved = await read(agency, project);
    expect(
      (await agency.api('PATCH', base, { is_approved: false, version: approved.version })).status,
    ).toBe(200);

    expect(await texts(project)).toEqual([
      'Jana Kühn hat die Freigabe aufgehoben.',
      'Die Kundschaft hat den Fragebogen freigegeben.',
      'Jana Kühn hat in „Ideen“ den Eintrag „Hoffest“ gelöscht.',
      'Jana Kühn hat die Einträge in „Ideen“ neu sortiert.',
      'Jana Kühn hat in „Ideen“ den Eintrag „Wochenmarkt“ geändert.',
      'Jana Kühn hat in „Ideen“ den Eintrag „Hoffest“ hinzugefügt.',
      'Jana Kühn hat in „Ideen“ den Eintrag „Wochenmarkt“ hinzugefügt.',
      'Die Kundschaft hat „Rahmen“ bearbeitet.',
    ]);
    const lines = (await history(project)).data;
    expect(lines.at(-1)).toMatchObject({
      kind: 'step.saved',
      step: 'frame',
      actor: { kind: 'customer', name: 'Die Kundschaft' },
    });
    expect(lines[0]!.actor).toEqual({ kind: 'member', name: 'Jana Kühn' });
  });

  it('counts up a line with the time of its latest save, at most once a minute, for 30 minutes', async () => {
    const { project, customer } = await newProject();
    const base = `/projects/${project.id}`;
    const lineOf = async () =>
      (
        await server.orm.em
          .fork()
          .execute<{ count: number; at: Date }[]>(
            `select count, at from project_activity where project_id = ? and kind = 'step.saved'`,
            [project.id],
          )
      )[0]!;
    // The server's clock for the lines it wrote lately (which a save within the minute leaves
    // alone without looking): the test's, so that it can let minutes pass.
    let clock = Date.now();
    Reflect.set(server.app.get(QuestionnaireService), 'lines', new RecentHistoryLines(() => clock));
    let saved = await customer.api<Body<Json & { version: number }>>('PATCH', `${base}/frame`, {
      ...example('frame'),
      version: 0,
    });
    // Seconds later (typing): the line stays as it is, no write.
    saved = await customer.api('PATCH', `${base}/frame`, {
      ...example('frame'),
      team_size: 5,
      version: saved.body.data.version,
    });
    expect(await lineOf()).toMatchObject({ count: 1 });
    // Another process, which knows nothing of the line, finds it fresh in the database.
    clock += 2 * 60_000;
    saved = await customer.api('PATCH', `${base}/frame`, {
      ...example('frame'),
      team_size: 4,
      version: saved.body.data.version,
    });
    expect(await lineOf()).toMatchObject({ count: 1 });
    // Two minutes later: it counts up and takes the new time.
    clock += 2 * 60_000;
    await server.orm.em
      .fork()
      .execute(
        `update project_activity set at = now() - interval '2 minutes' where project_id = ?`,
        [project.id],
      );
    const before = (await lineOf()).at;
    saved = await customer.api('PATCH', `${base}/frame`, {
      ...example('frame'),
      team_size: 6,
      version: saved.body.data.version,
    });
    expect(saved.status).toBe(200);
    const bumped = await lineOf();
    expect(bumped.count).toBe(2);
    expect(new Date(bumped.at).getTime()).toBeGreaterThan(new Date(before).getTime() + 60_000);
    // Half an hour later it is a new line.
    clock += 31 * 60_000;
    await server.orm.em
      .fork()
      .execute(
        `update project_activity set at = now() - interval '31 minutes' where project_id = ?`,
        [project.id],
      );
    await customer.api('PATCH', `${base}/frame`, {
      ...example('frame'),
      team_size: 7,
      version: saved.body.data.version,
    });
    expect(await texts(project)).toEqual([
      'Die Kundschaft hat „Rahmen“ bearbeitet.',
      'Die Kundschaft hat „Rahmen“ bearbeitet.',
    ]);
  });

  it('names the invitation and a member who has left', async () => {
    const { project } = await newProject();
    const colleague = await colleagueOf(server, ownerId);
    const invited = await colleague.client.api('POST', `/projects/${project.id}/invitations`, {
      name: 'Eva Groß',
      email: 'eva@baeckerei-gross.de',
    });
    expect(invited.status).toBe(201);
    expect(await texts(project)).toEqual([
      'Kim Kollegin hat Eva Groß (eva@baeckerei-gross.de) per Mail eingeladen.',
    ]);
    expect((await agency.api('DELETE', `/agency/members/${colleague.user.id}`)).status).toBe(204);
    expect(await texts(project)).toEqual([
      'Ein ehemaliges Mitglied hat Eva Groß (eva@baeckerei-gross.de) per Mail eingeladen.',
    ]);
  });

  it('pages through a long history with `next`, and refuses a made-up `before`', async () => {
    const { project, customer } = await newProject();
    const base = `/projects/${project.id}`;
    for (let index = 0; index < 52; index += 1) {
      // A new entry each: one line each.
      const added = await customer.api('POST', `${base}/ideas`, {
        ...example('ideas'),
        idea: `Idee ${index + 1}`,
      });
      expect(added.status).toBe(201);
    }
    const first = await history(project);
    expect(first.data).toHaveLength(50);
    expect(first.data[0]!.text).toBe(
      'Die Kundschaft hat in „Ideen“ den Eintrag „Idee 52“ hinzugefügt.',
    );
    expect(Date.parse(first.next!)).toBe(Date.parse(first.data[49]!.at));
    const second = await history(project, `?before=${encodeURIComponent(first.next!)}`);
    expect(second.data.map((line) => line.text)).toEqual([
      'Die Kundschaft hat in „Ideen“ den Eintrag „Idee 2“ hinzugefügt.',
      'Die Kundschaft hat in „Ideen“ den Eintrag „Idee 1“ hinzugefügt.',
    ]);
    expect(second.next).toBeNull();
    for (const before of ['gestern', '2026-13-45T99:00:00Z', "'; drop table project; --"]) {
      const refused = await agency.api<Refusal>(
        'GET',
        `${base}/activity?before=${encodeURIComponent(before)}`,
      );
      expect(refused.status).toBe(422);
      expect(refused.body.errors).toEqual({
        before: [
          'Bitte geben Sie den Zeitpunkt als ISO-Datum an, zum Beispiel 2026-11-28T10:00:00Z.',
        ],
      });
    }
  });

  it('keeps the history with the project and deletes it with the project', async () => {
    const { project, customer } = await newProject();
    await customer.api('POST', `/projects/${project.id}/ideas`, example('ideas'));
    expect((await customer.api('GET', `/projects/${project.id}/activity`)).status).toBe(403);
    expect((await agency.api('DELETE', `/projects/${project.id}`)).status).toBe(200);
    const rows = await server.orm.em.execute<{ n: number }[]>(
      'select count(*)::int as n from project_activity where project_id = ?',
      [project.id],
    );
    expect(rows[0]!.n).toBe(0);
  });

  it('marks a step „geprüft“; a change by the customer takes the mark away, the agency’s does not', async () => {
    const { project, customer } = await newProject();
    const base = `/projects/${project.id}`;
    const saved = await customer.api<Body<Json & { version: number }>>('PATCH', `${base}/frame`, {
      ...example('frame'),
      version: 0,
    });
    const marked = await agency.api<Body<Project['reviews'][number]>>(
      'PUT',
      `${base}/reviews/frame`,
    );
    expect(marked.status).toBe(200);
    expect(marked.body.data).toMatchObject({ step: 'frame', reviewed_by: { name: 'Jana Kühn' } });
    expect(Date.parse(marked.body.data.reviewed_at)).not.toBeNaN();
    // Both sides see it, with the figure beside complete/total.
    for (const client of [agency, customer]) {
      const seen = await read(client, project);
      expect(seen.reviews).toEqual([marked.body.data]);
      expect(seen.progress).toMatchObject({ complete: 1, reviewed: 1 });
    }
    const listed = await agency.api<Body<Project[]>>('GET', '/projects');
    expect(listed.body.data.find((row) => row.id === project.id)!.progress).toEqual({
      complete: 1,
      total: 2,
      reviewed: 1,
    });
    // The agency's own save keeps the mark …
    const byAgency = await agency.api<Body<Json & { version: number }>>('PATCH', `${base}/frame`, {
      ...example('frame'),
      team_size: 7,
      version: saved.body.data.version,
    });
    expect(byAgency.status).toBe(200);
    expect((await read(agency, project)).reviews).toHaveLength(1);
    // … the customer's next autosave (the one-statement path) takes it away.
    const byCustomer = await customer.api('PATCH', `${base}/frame`, {
      ...example('frame'),
      team_size: 8,
      version: byAgency.body.data.version,
    });
    expect(byCustomer.status).toBe(200);
    expect((await read(agency, project)).reviews).toEqual([]);
    expect((await read(agency, project)).progress.reviewed).toBe(0);

    // On a list step: a customer's new, changed, deleted entry or new order each end it.
    const idea = await customer.api<Body<Item>>('POST', `${base}/ideas`, example('ideas'));
    const changes: (() => Promise<{ status: number }>)[] = [
      () => customer.api('POST', `${base}/ideas`, example('ideas', 1)),
      () =>
        customer.api('PATCH', `${base}/ideas/${idea.body.data.id}`, {
          ...example('ideas'),
          details: 'Neu',
          version: idea.body.data.version,
        }),
      () => customer.api('PUT', `${base}/ideas/order`, { order: [idea.body.data.id] }),
      () => customer.api('DELETE', `${base}/ideas/${idea.body.data.id}`),
    ];
    for (const change of changes) {
      expect((await agency.api('PUT', `${base}/reviews/ideas`)).status).toBe(200);
      expect((await read(agency, project)).reviews.map((review) => review.step)).toEqual(['ideas']);
      expect((await change()).status).toBeLessThan(300);
      expect((await read(agency, project)).reviews).toEqual([]);
    }

    // Taken away by hand; the history has both.
    expect((await agency.api('PUT', `${base}/reviews/frame`)).status).toBe(200);
    expect((await agency.api('DELETE', `${base}/reviews/frame`)).status).toBe(204);
    expect((await agency.api('DELETE', `${base}/reviews/frame`)).status).toBe(204);
    const lines = await texts(project);
    expect(lines.slice(0, 2)).toEqual([
      'Jana Kühn hat die Markierung „geprüft“ bei „Rahmen“ entfernt.',
      'Jana Kühn hat „Rahmen“ als geprüft markiert.',
    ]);
  });

  it('refuses marks on unknown or hidden steps, by the customer, on an archived project', async () => {
    const { project, customer } = await newProject();
    const base = `/projects/${project.id}`;
    const unknown = await agency.api<Refusal>('PUT', `${base}/reviews/gibt-es-nicht`);
    expect(unknown.status).toBe(404);
    expect(unknown.body.message).toBe('Diesen Schritt gibt es in diesem Projekt nicht.');
    const hidden = await agency.api<Body<Project>>('PATCH', base, { hidden_steps: ['frame'] });
    expect(hidden.status).toBe(200);
    expect((await agency.api('PUT', `${base}/reviews/frame`)).status).toBe(404);
    expect((await customer.api('PUT', `${base}/reviews/ideas`)).status).toBe(403);
    expect((await customer.api('DELETE', `${base}/reviews/ideas`)).status).toBe(403);
    await agency.api('PATCH', base, { is_archived: true });
    const archived = await agency.api<Refusal>('PUT', `${base}/reviews/ideas`);
    expect(archived.status).toBe(403);
    expect(archived.body.message).toBe('Das Projekt wurde archiviert.');
  });

  it('keeps a due date and the reminder switch in the settings', async () => {
    const { project, customer } = await newProject();
    expect(project).toMatchObject({ due_date: null, reminders_enabled: true });
    const set = await agency.api<Body<Project>>('PATCH', `/projects/${project.id}`, {
      due_date: '2026-12-04',
      reminders_enabled: false,
    });
    expect(set.status).toBe(200);
    expect(set.body.data).toMatchObject({ due_date: '2026-12-04', reminders_enabled: false });
    expect(await read(customer, project)).toMatchObject({ due_date: '2026-12-04' });
    const listed = await agency.api<Body<Project[]>>('GET', '/projects');
    expect(listed.body.data.find((row) => row.id === project.id)!.due_date).toBe('2026-12-04');
    const wrong = await agency.api<Refusal>('PATCH', `/projects/${project.id}`, {
      due_date: '4.12.2026',
    });
    expect(wrong.status).toBe(422);
    expect(wrong.body.errors).toEqual({ due_date: ['Abgabe bis muss ein gültiges Datum sein.'] });
    const cleared = await agency.api<Body<Project>>('PATCH', `/projects/${project.id}`, {
      due_date: null,
    });
    expect(cleared.body.data.due_date).toBeNull();
    // The customer changes no settings.
    expect(
      (await customer.api('PATCH', `/projects/${project.id}`, { due_date: '2027-01-01' })).status,
    ).toBe(403);
  });
});
