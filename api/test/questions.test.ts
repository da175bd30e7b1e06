import type { ProjectQuestionJson } from '@fragewerk/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { QuestionMailsService } from '../src/client-loop/question-mails.service.ts';
import { colleagueOf, agencyNord, bakeryProject, verifiedAccount } from './accounts.ts';
import { example, type Body, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { EVERY_DATABASE, startTestServer, type TestServer } from './test-server.ts';

/*
 * Rückfragen (docs/product.md#rückfragen): a member asks on a step (or one entry of a list step),
 * both sides read them, the customer and the members reply, a member resolves them; every change
 * is a line of the history; new Rückfragen reach the customer contacts in one bundled mail, the
 * customer's replies the responsible member. The fixture catalogue's project has the list step
 * `ideas` („Ideen“) and the form step `frame` („Rahmen“).
 */

type Project = Json & { id: string; edit_token: string; version: number };
type Refusal = { message: string; errors?: Record<string, string[]> };
type Question = ProjectQuestionJson;

describe.each(EVERY_DATABASE)('Rückfragen (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;
  let ownerId: string;
  let ownerEmail: string;

  beforeAll(async () => {
    server = await startTestServer(database);
    const owner = await agencyNord(server);
    agency = owner.client;
    ownerId = owner.user.id;
    ownerEmail = owner.email;
  });
  afterAll(() => server?.close());

  const newProject = () => bakeryProject<Project>(agency);

  const customerOf = (project: Project) => {
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    return customer;
  };

  async function ask(project: Project, body: Json, client = agency): Promise<Question> {
    const asked = await client.api<Body<Question>>(
      'POST',
      `/projects/${project.id}/questions`,
      body,
    );
    expect(asked.status, JSON.stringify(asked.body)).toBe(201);
    return asked.body.data;
  }

  const list = async (project: Project, client = agency) => {
    const listed = await client.api<Body<Question[]>>('GET', `/projects/${project.id}/questions`);
    expect(listed.status).toBe(200);
    return listed.body.data;
  };

  const activity = (projectId: string) =>
    server.orm.em.fork().execute<
      {
        kind: string;
        actor_kind: string;
        actor_id: string | null;
        step_key: string;
        detail: Json;
      }[]
    >(
      `select kind, actor_kind, actor_id, step_key, detail from project_activity
          where project_id = ? and kind like 'question.%' order by at`,
      [projectId],
    );

  const mailsTo = async (address: string) =>
    (await server.mails()).filter((mail) => mail.to.includes(address));

  const mails = () => server.app.get(QuestionMailsService);

  it('a member asks, both sides read and reply, the member resolves it; the history has it all', async () => {
    const project = await newProject();
    const customer = customerOf(project);
    const colleague = await colleagueOf(server, ownerId);

    const asked = await ask(project, {
      step: 'frame',
      text: '  Wie groß ist das Team genau?\nMit Aushilfen?  ',
    });
    expect(asked).toMatchObject({
      step: 'frame',
      item: null,
      text: 'Wie groß ist das Team genau?\nMit Aushilfen?',
      author: { name: 'Jana Kühn' },
      resolved_at: null,
      resolved_by: null,
      replies: [],
    });
    expect(await list(project)).toEqual([asked]);
    expect(await list(project, customer)).toEqual([asked]);

    const answered = await customer.api<Body<Question>>(
      'POST',
      `/projects/${project.id}/questions/${asked.id}/replies`,
      { text: 'Vier Leute,\nim Sommer sechs.' },
    );
    expect(answered.status).toBe(201);
    expect(answered.body.data.replies).toEqual([
      {
        id: expect.any(String),
        text: 'Vier Leute,\nim Sommer sechs.',
        author_kind: 'customer',
        author: null,
        created_at: expect.any(String),
      },
    ]);
    const followUp = await colleague.client.api<Body<Question>>(
      'POST',
      `/projects/${project.id}/questions/${asked.id}/replies`,
      { text: 'Danke!' },
    );
    expect(followUp.status).toBe(201);
    expect(followUp.body.data.replies.map((reply) => [reply.author_kind, reply.author])).toEqual([
      ['customer', null],
      ['member', { name: 'Kim Kollegin' }],
    ]);

    const resolved = await colleague.client.api<Body<Question>>(
      'PATCH',
      `/projects/${project.id}/questions/${asked.id}`,
      { resolved: true },
    );
    expect(resolved.status).toBe(200);
    expect(resolved.body.data.resolved_by).toEqual({ name: 'Kim Kollegin' });
    expect(resolved.body.data.resolved_at).not.toBeNull();
    // Resolving it again changes nothing and records nothing.
    expect(
      (
        await agency.api<Body<Question>>('PATCH', `/projects/${project.id}/questions/${asked.id}`, {
          resolved: true,
        })
      ).body.data.resolved_by,
    ).toEqual({ name: 'Kim Kollegin' });
    const [seen] = await list(project, customer);
    expect(seen!.resolved_at).toBe(resolved.body.data.resolved_at);

    // A resolved Rückfrage takes no replies …
    const late = await customer.api<Refusal>(
      'POST',
      `/projects/${project.id}/questions/${asked.id}/replies`,
      { text: 'Noch etwas' },
    );
    expect(late.status).toBe(409);
    expect(late.body.message).toBe(
      'Diese Rückfrage ist schon erledigt und nimmt keine Antworten mehr an.',
    );
    // … until a member opens it again.
    const reopened = await agency.api<Body<Question>>(
      'PATCH',
      `/projects/${project.id}/questions/${asked.id}`,
      { resolved: false },
    );
    expect(reopened.body.data).toMatchObject({ resolved_at: null, resolved_by: null });

    expect(await activity(project.id)).toEqual([
      {
        kind: 'question.asked',
        actor_kind: 'member',
        actor_id: ownerId,
        step_key: 'frame',
        detail: { questionId: asked.id },
      },
      {
        kind: 'question.replied',
        actor_kind: 'customer',
        actor_id: null,
        step_key: 'frame',
        detail: { questionId: asked.id },
      },
      {
        kind: 'question.replied',
        actor_kind: 'member',
        actor_id: colleague.user.id,
        step_key: 'frame',
        detail: { questionId: asked.id },
      },
      {
        kind: 'question.resolved',
        actor_kind: 'member',
        actor_id: colleague.user.id,
        step_key: 'frame',
        detail: { questionId: asked.id },
      },
      {
        kind: 'question.reopened',
        actor_kind: 'member',
        actor_id: ownerId,
        step_key: 'frame',
        detail: { questionId: asked.id },
      },
    ]);
  });

  it('lists them oldest first; one may be about an entry of a list step', async () => {
    const project = await newProject();
    const idea = await agency.api<Body<Item>>(
      'POST',
      `/projects/${project.id}/ideas`,
      example('ideas'),
    );
    expect(idea.status).toBe(201);
    const first = await ask(project, {
      step: 'ideas',
      item: idea.body.data.id,
      text: 'Wann genau?',
    });
    const second = await ask(project, { step: 'ideas', item: null, text: 'Noch mehr Ideen?' });
    expect(first.item).toBe(idea.body.data.id);
    expect(second.item).toBeNull();
    expect((await list(project)).map((question) => question.id)).toEqual([first.id, second.id]);
    const [line] = await activity(project.id);
    expect(line).toMatchObject({ kind: 'question.asked', step_key: 'ideas' });
  });

  it('refuses bad input with German messages per field', async () => {
    const project = await newProject();
    const other = await newProject();
    const idea = await agency.api<Body<Item>>(
      'POST',
      `/projects/${other.id}/ideas`,
      example('ideas'),
    );
    const refused = async (body: unknown) => {
      const response = await agency.api<Refusal>('POST', `/projects/${project.id}/questions`, body);
      expect(response.status).toBe(422);
      return response.body.errors;
    };
    expect(await refused({})).toEqual({
      step: ['Schritt ist ein Pflichtfeld'],
      text: ['Rückfrage ist ein Pflichtfeld'],
    });
    expect(await refused({ step: 'frame', text: '   ' })).toEqual({
      text: ['Rückfrage ist ein Pflichtfeld'],
    });
    expect(await refused({ step: 'frame', text: 'x'.repeat(2001) })).toEqual({
      text: ['Rückfrage darf höchstens 2.000 Zeichen lang sein.'],
    });
    expect(await refused({ step: 'gibt-es-nicht', text: 'Frage' })).toEqual({
      step: ['Diesen Schritt gibt es im Fragebogen des Projekts nicht, oder er ist ausgeblendet.'],
    });
    expect(await refused({ step: 'frame', item: idea.body.data.id, text: 'Frage' })).toEqual({
      item: [
        '„Rahmen“ hat keine Einträge: Eine Rückfrage zu einem Eintrag gibt es nur bei Listen.',
      ],
    });
    // An entry of another project is no entry of this one.
    expect(await refused({ step: 'ideas', item: idea.body.data.id, text: 'Frage' })).toEqual({
      item: ['Diesen Eintrag gibt es in „Ideen“ nicht (mehr).'],
    });
    expect(await refused({ step: 'ideas', item: 'kein-eintrag', text: 'Frage' })).toEqual({
      item: ['Eintrag hat ein ungültiges Format.'],
    });
    expect(Object.keys((await refused({ step: 'frame', text: 'Frage', bcc: 'x' })) ?? {})).toEqual([
      'bcc',
    ]);
    expect(
      (await agency.api<Refusal>('POST', `/projects/${project.id}/questions`, [])).status,
    ).toBe(422);

    // A hidden step takes no Rückfragen.
    expect(
      (await agency.api('PATCH', `/projects/${project.id}`, { hidden_steps: ['frame'] })).status,
    ).toBe(200);
    expect(await refused({ step: 'frame', text: 'Frage' })).toEqual({
      step: ['Diesen Schritt gibt es im Fragebogen des Projekts nicht, oder er ist ausgeblendet.'],
    });

    const question = await ask(project, { step: 'ideas', text: 'Frage' });
    const reply = await agency.api<Refusal>(
      'POST',
      `/projects/${project.id}/questions/${question.id}/replies`,
      { text: '' },
    );
    expect(reply.status).toBe(422);
    expect(reply.body.errors).toEqual({ text: ['Antwort ist ein Pflichtfeld'] });
    const flag = await agency.api<Refusal>(
      'PATCH',
      `/projects/${project.id}/questions/${question.id}`,
      {
        resolved: 'ja',
      },
    );
    expect(flag.status).toBe(422);
    expect(flag.body.errors).toEqual({ resolved: ['Erledigt muss ja oder nein sein.'] });
    expect(await list(project)).toHaveLength(1);
    expect((await activity(project.id)).map((line) => line.kind)).toEqual(['question.asked']);
  });

  it('lets the customer read and reply, never ask or resolve; other agencies see nothing', async () => {
    const project = await newProject();
    const question = await ask(project, { step: 'frame', text: 'Wer kommt?' });
    const customer = customerOf(project);
    const asked = await customer.api<Refusal>('POST', `/projects/${project.id}/questions`, {
      step: 'frame',
      text: 'Ich frage mal selbst',
    });
    expect(asked.status).toBe(403);
    expect(
      (
        await customer.api('PATCH', `/projects/${project.id}/questions/${question.id}`, {
          resolved: true,
        })
      ).status,
    ).toBe(403);

    const other = (await verifiedAccount(server, 'Agentur Süd')).client;
    expect((await other.api('GET', `/projects/${project.id}/questions`)).status).toBe(404);
    expect(
      (
        await other.api('POST', `/projects/${project.id}/questions/${question.id}/replies`, {
          text: 'Hallo',
        })
      ).status,
    ).toBe(404);
    expect(
      (
        await other.api('PATCH', `/projects/${project.id}/questions/${question.id}`, {
          resolved: true,
        })
      ).status,
    ).toBe(404);
    expect(
      (await new HttpClient(server.url).api('GET', `/projects/${project.id}/questions`)).status,
    ).toBe(401);
    // Another project's share link does not open this one.
    const elsewhere = customerOf(await newProject());
    expect((await elsewhere.api('GET', `/projects/${project.id}/questions`)).status).toBe(404);
    expect((await list(project)).map((entry) => entry.replies.length)).toEqual([0]);
  });

  it('answers 404 in German for a Rückfrage the project does not have', async () => {
    const project = await newProject();
    const other = await newProject();
    const foreign = await ask(other, { step: 'frame', text: 'Woanders' });
    for (const qid of [foreign.id, '0b7e9a52-4c1d-4f5e-9a3b-2d6c8e1f0a47', 'keine-id']) {
      const replied = await customerOf(project).api<Refusal>(
        'POST',
        `/projects/${project.id}/questions/${qid}/replies`,
        { text: 'Hallo' },
      );
      expect(replied.status).toBe(404);
      expect(replied.body.message).toBe('Diese Rückfrage gibt es nicht (mehr).');
      const patched = await agency.api<Refusal>(
        'PATCH',
        `/projects/${project.id}/questions/${qid}`,
        {
          resolved: true,
        },
      );
      expect(patched.status).toBe(404);
      expect(patched.body.message).toBe('Diese Rückfrage gibt es nicht (mehr).');
    }
    expect((await list(other))[0]!.resolved_at).toBeNull();
  });

  it('an approved project: the customer no longer replies, the agency still does; archived: nobody', async () => {
    const project = await newProject();
    const question = await ask(project, { step: 'frame', text: 'Noch offen?' });
    const customer = customerOf(project);
    expect((await customer.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const refused = await customer.api<Refusal>(
      'POST',
      `/projects/${project.id}/questions/${question.id}/replies`,
      { text: 'Doch noch' },
    );
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe(
      'Der Fragebogen wurde freigegeben. Er kann nicht mehr editiert werden.',
    );
    expect(await list(project, customer)).toHaveLength(1);
    expect(
      (
        await agency.api('POST', `/projects/${project.id}/questions/${question.id}/replies`, {
          text: 'Notiz der Agentur',
        })
      ).status,
    ).toBe(201);

    expect(
      (await agency.api('PATCH', `/projects/${project.id}`, { is_archived: true })).status,
    ).toBe(200);
    for (const [method, path, body] of [
      ['POST', 'questions', { step: 'frame', text: 'Neu' }],
      ['POST', `questions/${question.id}/replies`, { text: 'Noch eine' }],
      ['PATCH', `questions/${question.id}`, { resolved: true }],
    ] as const) {
      const response = await agency.api<Refusal>(method, `/projects/${project.id}/${path}`, body);
      expect(response.status).toBe(403);
      expect(response.body.message).toBe('Das Projekt wurde archiviert.');
    }
    expect(await list(project)).toHaveLength(1);
  });

  it('takes at most 60 Rückfragen an hour and 100 open ones per project', async () => {
    const project = await newProject();
    for (let index = 0; index < 60; index += 1)
      expect(
        (
          await agency.api('POST', `/projects/${project.id}/questions`, {
            step: 'frame',
            text: `Frage ${index}`,
          })
        ).status,
      ).toBe(201);
    const more = await agency.api<Refusal>('POST', `/projects/${project.id}/questions`, {
      step: 'frame',
      text: 'Eine zu viel',
    });
    expect(more.status).toBe(429);
    expect(more.body.message).toMatch(
      /^Für dieses Projekt sind in der letzten Stunde schon 60 Rückfragen gestellt worden\. Bitte warten Sie \d+ Minuten? und versuchen Sie es dann erneut\.$/,
    );

    // 100 open ones from earlier hours: no more until some are resolved.
    const full = await newProject();
    await server.orm.em.fork().execute(
      `insert into project_question (id, project_id, step_key, text, created_at, mailed_at)
       select gen_random_uuid(), ?, 'frame', 'Alt', now() - interval '2 hours', now()
         from generate_series(1, 100)`,
      [full.id],
    );
    const open = await agency.api<Refusal>('POST', `/projects/${full.id}/questions`, {
      step: 'frame',
      text: 'Noch eine',
    });
    expect(open.status).toBe(422);
    expect(open.body.errors).toEqual({
      text: [
        'Ein Projekt hat höchstens 100 offene Rückfragen. Bitte markieren Sie zuerst beantwortete als erledigt.',
      ],
    });
    const [oldest] = await list(full);
    await agency.api('PATCH', `/projects/${full.id}/questions/${oldest!.id}`, { resolved: true });
    expect(
      (await agency.api('POST', `/projects/${full.id}/questions`, { step: 'frame', text: 'Jetzt' }))
        .status,
    ).toBe(201);
  });

  it('takes at most 60 replies an hour per project and 50 per Rückfrage', async () => {
    const project = await newProject();
    const customer = customerOf(project);
    const [first, second] = [
      await ask(project, { step: 'frame', text: 'Erste' }),
      await ask(project, { step: 'ideas', text: 'Zweite' }),
    ];
    const reply = (question: Question, text: string) =>
      customer.api<Refusal>('POST', `/projects/${project.id}/questions/${question.id}/replies`, {
        text,
      });
    for (let index = 0; index < 50; index += 1)
      expect((await reply(first!, `Antwort ${index}`)).status).toBe(201);
    const fiftyFirst = await reply(first!, 'Zu viel');
    expect(fiftyFirst.status).toBe(422);
    expect(fiftyFirst.body.errors).toEqual({
      text: ['Eine Rückfrage nimmt höchstens 50 Antworten auf.'],
    });
    for (let index = 0; index < 10; index += 1)
      expect((await reply(second!, `Antwort ${index}`)).status).toBe(201);
    const hourly = await reply(second!, 'Zu viel');
    expect(hourly.status).toBe(429);
    expect(hourly.body.message).toMatch(
      /^Auf die Rückfragen dieses Projekts sind in der letzten Stunde schon 60 Antworten geschrieben worden\. Bitte warten Sie \d+ Minuten? und versuchen Sie es dann erneut\.$/,
    );
    expect((await list(project)).map((question) => question.replies.length)).toEqual([50, 10]);
  });

  it('bundles new Rückfragen into one mail per contact, the customer’s replies into one to the responsible member', async () => {
    // Whatever earlier tests left unmailed goes first, so the counts below are this test's.
    await mails().sendDue({ quietSeconds: 0 });
    const project = await newProject();
    for (const contact of [
      { name: 'Eva Groß', email: 'eva@baeckerei-gross.de' },
      { name: 'Paul Groß', email: 'paul@baeckerei-gross.de' },
    ])
      expect(
        (await agency.api('POST', `/projects/${project.id}/customer-contacts`, contact)).status,
      ).toBe(201);
    const questions = [
      await ask(project, { step: 'ideas', text: 'Welche Idee ist Ihnen am wichtigsten?' }),
      await ask(project, { step: 'frame', text: 'Wie viele kommen?\nUnd wann?' }),
      await ask(project, { step: 'frame', text: 'Gibt es ein Budget?' }),
    ];
    const before = (await mailsTo('eva@baeckerei-gross.de')).length;

    // Not while the member may still be writing: the newest is not a minute old.
    expect(await mails().sendDue()).toEqual({ questionMails: 0, replyMails: 0 });
    // Two processes at once: each Rückfrage goes out once, one mail per contact.
    const rounds = await Promise.all([
      mails().sendDue({ quietSeconds: 0 }),
      mails().sendDue({ quietSeconds: 0 }),
    ]);
    expect(rounds.map((round) => round.questionMails).sort()).toEqual([0, 2]);
    expect(await mails().sendDue({ quietSeconds: 0 })).toEqual({ questionMails: 0, replyMails: 0 });

    const toEva = (await mailsTo('eva@baeckerei-gross.de')).slice(before);
    expect(toEva).toHaveLength(1);
    expect(await mailsTo('paul@baeckerei-gross.de')).toHaveLength(1);
    const [mail] = toEva;
    expect(mail!.subject).toBe('Agentur Nord: Rückfragen zum Projekt „Relaunch 2027“');
    expect(mail!.from).toMatch(/^"?Jana Kühn \(Agentur Nord\)"? <[^>]+>$/);
    expect(mail!.replyTo).toBe('jana@agentur-nord.de');
    expect(mail!.link).toBe(
      `${server.config.appUrl}/share/${project.edit_token}/projekte/${project.id}/fragebogen`,
    );
    const text = mail!.text.replace(/\r\n/g, '\n');
    expect(text).toContain('Guten Tag Eva Groß,');
    expect(text).toContain(
      'Jana Kühn hat 3 Rückfragen zum Fragebogen des Projekts „Relaunch 2027“:\n\n' +
        'Zu „Ideen“:\n> Welche Idee ist Ihnen am wichtigsten?\n\n' +
        'Zu „Rahmen“:\n> Wie viele kommen?\n> Und wann?\n\n' +
        'Zu „Rahmen“:\n> Gibt es ein Budget?\n',
    );
    expect(text).toMatch(/Viele Grüße\nJana Kühn\nAgentur Nord\n?$/);

    // The customer replies twice, a member once: one mail to the responsible member.
    const customer = customerOf(project);
    const ownerBefore = (await mailsTo(ownerEmail)).length;
    for (const [question, reply] of [
      [questions[1]!, 'Etwa zwanzig.\nIm Mai.'],
      [questions[2]!, 'Ja, 5.000 Euro.'],
    ] as const)
      expect(
        (
          await customer.api('POST', `/projects/${project.id}/questions/${question.id}/replies`, {
            text: reply,
          })
        ).status,
      ).toBe(201);
    expect(
      (
        await agency.api('POST', `/projects/${project.id}/questions/${questions[0]!.id}/replies`, {
          text: 'Nachtrag der Agentur',
        })
      ).status,
    ).toBe(201);
    expect(await mails().sendDue()).toEqual({ questionMails: 0, replyMails: 0 });
    expect(await mails().sendDue({ quietSeconds: 0 })).toEqual({ questionMails: 0, replyMails: 1 });
    expect(await mails().sendDue({ quietSeconds: 0 })).toEqual({ questionMails: 0, replyMails: 0 });

    const toOwner = (await mailsTo(ownerEmail)).slice(ownerBefore);
    expect(toOwner).toHaveLength(1);
    const [replies] = toOwner;
    expect(replies!.subject).toBe('Antworten auf Rückfragen: „Relaunch 2027“');
    expect(replies!.link).toBe(`${server.config.appUrl}/projekte/${project.id}/fragebogen`);
    const body = replies!.text.replace(/\r\n/g, '\n');
    expect(body).toContain(
      'im Projekt „Relaunch 2027“ für „Bäckerei Groß“ hat die Kundschaft 2 Antworten auf Rückfragen geschrieben:\n\n' +
        'Zu „Rahmen“ – die Rückfrage:\n> Wie viele kommen?\n> Und wann?\nDie Antwort:\n> Etwa zwanzig.\n> Im Mai.\n\n' +
        'Zu „Rahmen“ – die Rückfrage:\n> Gibt es ein Budget?\nDie Antwort:\n> Ja, 5.000 Euro.\n',
    );
    expect(body).not.toContain('Nachtrag der Agentur');
    expect(await mailsTo('eva@baeckerei-gross.de')).toHaveLength(before + 1);
  });

  it('a project without contacts: its Rückfragen are marked mailed, nothing is sent', async () => {
    await mails().sendDue({ quietSeconds: 0 });
    const project = await newProject();
    await ask(project, { step: 'frame', text: 'Niemand liest das?' });
    const count = (await server.mails()).length;
    expect(await mails().sendDue({ quietSeconds: 0 })).toEqual({ questionMails: 0, replyMails: 0 });
    expect((await server.mails()).length).toBe(count);
    const [row] = await server.orm.em
      .fork()
      .execute<{ unmailed: string | number }[]>(
        'select count(*) as unmailed from project_question where project_id = ? and mailed_at is null',
        [project.id],
      );
    expect(Number(row!.unmailed)).toBe(0);
  });
});
