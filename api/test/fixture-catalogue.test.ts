import type { ResultsJson } from '@fragewerk/schemas/types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  FIXTURE_BRIEF,
  FIXTURE_CATALOGUE,
  FIXTURE_SURVEY,
} from '../../tests/src/fixture-catalogue.ts';
import { verifiedAccount } from './accounts.ts';
import type { Body, Item, Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * The server's generic behaviour on the fixture catalogue (tests/fixtures/catalogue/) as its
 * DEFINITION_DIR: it offers exactly that catalogue's questionnaires, and a project of either
 * stores, checks, counts and renders its answers with the fixture's own texts – nothing here
 * depends on the wording of the shipped questionnaires.
 */

type Project = Json & {
  id: string;
  edit_token: string;
  questionnaire: { id: string; title: string };
  progress: { complete: number; total: number; steps: Record<string, { state: string }> };
};
type Failure = Body & { errors?: Record<string, string[]> };

const IDEA = { idea: 'Wochenmarkt', details: 'Samstags mit Kostproben', priority: 'high' };
const FRAME = { contact: 'Jana Kühn', team_size: 4, format: 'workshop' };

describe.each(DATABASES)('a server on the fixture catalogue (%s database)', (database) => {
  let server: TestServer;
  let agency: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database, { definitionDir: FIXTURE_CATALOGUE });
    ({ client: agency } = await verifiedAccount(server));
  });
  afterAll(() => server?.close());

  const createProject = async (questionnaire?: string) => {
    const response = await agency.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Sommerfest',
      customer_firm: 'Bäckerei Groß',
      ...(questionnaire === undefined ? {} : { questionnaire }),
    });
    expect(response.status, JSON.stringify(response.body)).toBe(201);
    return response.body.data;
  };
  const readProject = async (id: string) =>
    (await agency.api<Body<Project>>('GET', `/projects/${id}`)).body.data;

  it('offers exactly the three fixtures, in sorted order, with their titles and estimates', async () => {
    const response = await agency.api<Body<Json[]>>('GET', '/questionnaires');
    expect(response.status).toBe(200);
    expect(response.body.data).toEqual([
      {
        id: FIXTURE_BRIEF,
        title: 'Fixture-Briefing',
        description: expect.stringMatching(/^Ein kleiner Fragebogen/),
        steps: 2,
        minutes: 5,
      },
      {
        id: FIXTURE_SURVEY,
        title: 'Fixture-Umfrage',
        description: expect.stringMatching(/^Eine kurze Umfrage/),
        steps: 2,
        minutes: 5,
      },
      {
        id: 'fixture-widgets',
        title: 'Fixture-Widgets',
        description: expect.stringMatching(/^Ein Fragebogen für Tests der Widgets/),
        steps: 6,
        minutes: 15,
      },
    ]);
  });

  it('gives a project without a choice the first fixture, one with a choice the survey', async () => {
    const plain = await createProject();
    expect(plain.questionnaire).toEqual({ id: FIXTURE_BRIEF, title: 'Fixture-Briefing' });
    expect(plain.ideas).toEqual([]);
    expect(plain.frame).toEqual({ version: 0 });
    expect(plain).not.toHaveProperty('stakeholders');

    const survey = await createProject(FIXTURE_SURVEY);
    expect(survey.questionnaire).toEqual({ id: FIXTURE_SURVEY, title: 'Fixture-Umfrage' });
    expect(survey.rating).toEqual({ version: 0 });
    expect(survey.topics).toEqual({ version: 0 });
    expect(survey).not.toHaveProperty('ideas');
    expect(survey.progress).toMatchObject({ complete: 0, total: 2 });

    const unknown = await agency.api<Failure>('POST', '/projects/create', {
      project_name: 'P',
      customer_firm: 'K',
      questionnaire: 'markenbriefing',
    });
    expect(unknown.status).toBe(422);
    expect(unknown.body.errors).toHaveProperty('questionnaire');
  });

  it('stores the brief’s list entry and form, refuses bad data in German, counts and renders', async () => {
    const project = await createProject(FIXTURE_BRIEF);
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const base = `/projects/${project.id}`;

    const badEntry = await customer.api<Failure>('POST', `${base}/ideas`, {
      details: 'ohne Titel',
      priority: 'urgent',
    });
    expect(badEntry.status).toBe(422);
    expect(badEntry.body.errors).toEqual({
      idea: ['Idee ist ein Pflichtfeld'],
      priority: ['Priorität: Bitte wählen Sie einen Eintrag aus der Liste.'],
    });
    const entry = await customer.api<Body<Item>>('POST', `${base}/ideas`, IDEA);
    expect(entry.status, JSON.stringify(entry.body)).toBe(201);
    expect(entry.body.data).toEqual({ id: expect.any(String), version: 1, ...IDEA });
    expect((await readProject(project.id)).progress).toMatchObject({ complete: 1, total: 2 });

    const badForm = await customer.api<Failure>('PATCH', `${base}/frame`, {
      team_size: 51,
      version: 0,
    });
    expect(badForm.status).toBe(422);
    expect(badForm.body.errors).toEqual({
      contact: ['Ansprechperson ist ein Pflichtfeld'],
      team_size: ['Teamgröße darf höchstens 50 sein.'],
    });
    const form = await customer.api<Body>('PATCH', `${base}/frame`, { ...FRAME, version: 0 });
    expect(form.status, JSON.stringify(form.body)).toBe(200);

    const read = await readProject(project.id);
    expect(read.ideas).toEqual([entry.body.data]);
    expect(read.frame).toEqual({ ...FRAME, version: 1 });
    expect(read.progress).toMatchObject({ complete: 2, total: 2 });
    expect(Object.keys(read.progress.steps)).toEqual(['ideas', 'frame']);

    const results = await agency.api<Body<ResultsJson>>('GET', `${base}/results`);
    expect(results.status).toBe(200);
    const steps = results.body.data.steps;
    expect(Object.keys(steps).sort()).toEqual(['frame', 'ideas']);
    expect(steps.ideas).toContain('Wochenmarkt');
    expect(steps.ideas).toContain('Diese Idee hat hohe Priorität.');
    expect(steps.frame).toContain('Ansprechperson ist Jana Kühn.');
    expect(steps.frame).toContain('Im Team arbeiten 4 Personen mit.');
  });

  it('stores and counts the survey’s two form steps, with its own messages', async () => {
    const project = await createProject(FIXTURE_SURVEY);
    const base = `/projects/${project.id}`;
    const badRating = await agency.api<Failure>('PATCH', `${base}/rating`, {
      satisfaction: 6,
      version: 0,
    });
    expect(badRating.status).toBe(422);
    expect(badRating.body.errors).toEqual({
      satisfaction: ['Zufriedenheit darf höchstens 5 sein.'],
    });
    const badTopics = await agency.api<Failure>('PATCH', `${base}/topics`, {
      topics: [],
      version: 0,
    });
    expect(badTopics.body.errors).toEqual({ topics: ['Themen muss mindestens 1 Wert(e) haben.'] });
    // A step of the other fixture is none of this project's.
    expect((await agency.api('POST', `${base}/ideas`, IDEA)).status).toBe(404);

    const rating = await agency.api('PATCH', `${base}/rating`, { satisfaction: 4, version: 0 });
    expect(rating.status, JSON.stringify(rating.body)).toBe(200);
    expect((await readProject(project.id)).progress).toMatchObject({ complete: 1, total: 2 });
    const topics = await agency.api('PATCH', `${base}/topics`, {
      topics: ['service', 'delivery'],
      version: 0,
    });
    expect(topics.status, JSON.stringify(topics.body)).toBe(200);
    expect((await readProject(project.id)).progress).toMatchObject({ complete: 2, total: 2 });

    const results = await agency.api<Body<ResultsJson>>('GET', `${base}/results`);
    expect(results.body.data.steps.topics).toContain(
      'Wichtig sind die Beratung und die Lieferung.',
    );
    expect(results.body.data.steps.rating).toContain('Die Zufriedenheit liegt bei 4 von 5.');
  });
});
