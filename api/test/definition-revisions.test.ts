import { cp, mkdir, mkdtemp, readFile, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ProseRenderer, type Definition } from '@fragewerk/engine/core';
import { DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';
import { describe, expect, it } from 'vitest';
import type { ResultsJson } from '@fragewerk/schemas/types';
import { FIXTURE_CATALOGUE } from '../../tests/src/fixture-catalogue.ts';
import { hashPassword } from '../src/accounts/passwords.ts';
import { AgencySchema } from '../src/agency/agency.entity.ts';
import {
  DEFINITION_REVISIONS,
  type DefinitionRevisions,
} from '../src/definition/definition-revisions.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { login, PASSWORD, uniqueEmail } from './accounts.ts';
import { FIXTURE_WIDGETS, type Body, type Item, type Json } from './fixtures.ts';
import { HttpClient } from './http-client.ts';
import { catalogueCopyServer } from './catalogue-copy-server.ts';
import { EVERY_DATABASE } from './test-server.ts';

/*
 * docs/architecture.md#revisionen: the server runs on a copy of the definition, an editor changes
 * the files, the server starts again on the same database – approved projects stay as they were
 * approved, running ones follow the change without losing anything. On a copy of the fixture
 * catalogue, with projects of fixture-widgets: its form `profile` (traits from its presets), its
 * lists `rivals` (a website field) and `people`.
 */

type Project = Json & {
  id: string;
  version: number;
  edit_token: string;
  definition_revision: { id: string; label: number };
  profile: Json & { version: number };
  rivals: Item[];
  people: Item[];
};

const PROFILE = {
  gender: 'female',
  job_definition: 'Tischlerin',
  character_traits: ['honest', 'brave', 'calm'],
};
const RIVAL = {
  name: 'Tischlerei Holz',
  url: '',
  explanation: 'Gleiche Region',
  importance: 4,
};
const PERSON = { name: 'Erika Sommer', age: 34, job_definition: 'Tischlerin' };
/** fixture-widgets' own presets, relative to the catalogue copy. */
const WIDGET_PRESETS = path.join(DEFINITIONS_FOLDER, FIXTURE_WIDGETS, 'presets', 'widgets.de.json');

/** A copy of the fixture catalogue (definitions/ and presets/) that a test edits. */
async function copyDefinition(): Promise<string> {
  const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-revisions-'));
  await cp(FIXTURE_CATALOGUE, root, { recursive: true });
  return root;
}

/** The folder of fixture-widgets inside a catalogue copy. */
const widgetsIn = (root: string) => path.join(root, DEFINITIONS_FOLDER, FIXTURE_WIDGETS);

/** Edits one JSON file of a definition copy in place. */
async function editJson<T = Record<string, unknown>>(
  root: string,
  file: string,
  change: (json: T) => void,
): Promise<void> {
  const full = path.join(root, file);
  const json = JSON.parse(await readFile(full, 'utf8')) as T;
  change(json);
  await writeFile(full, JSON.stringify(json, null, 2));
}

type Progress = { steps: Record<string, Json> };
type PresetFile = Record<string, { key: string; label: string }[]>;
type Manifest = { version: number; stages: { key: string; steps: string[] }[] };
type StepSchema = {
  required: string[];
  properties: Record<string, Record<string, unknown>>;
};

describe.each(EVERY_DATABASE)('definition revisions (%s database)', (database) => {
  const copy = catalogueCopyServer(database, copyDefinition);
  const { start, restart } = copy;
  let email: string;

  const owner = () => login(copy.running, email);
  const count = async (table: string): Promise<number> => {
    const [row] = await copy.running.orm.em
      .fork()
      .execute<{ n: string }[]>(`select count(*) as n from ${table}`);
    return Number(row!.n);
  };
  /** fixture-widgets' stored revisions (the catalogue's other questionnaires have their own). */
  const briefingRevisions = async (): Promise<number> => {
    const [row] = await copy.running.orm.em
      .fork()
      .execute<{ n: string }[]>(
        'select count(*) as n from definition_revision where questionnaire = ?',
        [FIXTURE_WIDGETS],
      );
    return Number(row!.n);
  };
  /** The id of fixture-widgets' current revision (`/config/definition` is the default one's). */
  const currentId = () =>
    copy.running.app.get<DefinitionRevisions>(DEFINITION_REVISIONS).currentOf(FIXTURE_WIDGETS)!.ref
      .id;
  const rowCounts = async () => ({
    project: await count('project'),
    item: await count('item'),
    answer: await count('answer'),
  });
  const read = async (client: HttpClient, id: string): Promise<Project> => {
    const response = await client.api<Body<Project>>('GET', `/projects/${id}`);
    expect(response.status).toBe(200);
    return response.body.data;
  };
  const definitionOf = async (id = currentId()): Promise<Definition> =>
    (await new HttpClient(copy.running.url).api<Body<Definition>>('GET', `/definitions/${id}`)).body
      .data;

  /**
   * A verified owner with two filled-in projects, one running and one approved; returns their
   * ids. The account is written directly: this test is about the definition, not about mail.
   */
  async function projects(): Promise<{ running: string; approved: string }> {
    email = uniqueEmail('revisionen');
    const em = copy.running.orm.em.fork();
    em.create(UserSchema, {
      agency: em.create(AgencySchema, { name: 'Agentur Revision' }),
      company: 'Agentur Revision',
      email,
      password_hash: await hashPassword(PASSWORD),
      verified_at: new Date(),
    });
    await em.flush();
    const client = await owner();
    const ids: string[] = [];
    for (const name of ['Laufend', 'Freigegeben']) {
      const created = await client.api<Body<Project>>('POST', '/projects/create', {
        project_name: name,
        customer_firm: 'Tischlerei Berger',
        questionnaire: FIXTURE_WIDGETS,
      });
      const id = created.body.data.id;
      ids.push(id);
      expect(
        (
          await client.api('PATCH', `/projects/${id}/profile`, {
            ...PROFILE,
            version: 0,
          })
        ).status,
      ).toBe(200);
      expect((await client.api('POST', `/projects/${id}/rivals`, RIVAL)).status).toBe(201);
      expect((await client.api('POST', `/projects/${id}/people`, PERSON)).status).toBe(201);
    }
    expect((await client.api('PUT', `/projects/${ids[1]}/approve`)).status).toBe(200);
    return { running: ids[0]!, approved: ids[1]! };
  }

  it('stores the definition as one revision per content, and every project names its own', async () => {
    await start();
    const { running, approved } = await projects();
    const current = await definitionOf();
    expect(current.revision).toEqual({ id: expect.stringMatching(/^[0-9a-f]{64}$/), label: 1 });
    const client = await owner();
    expect((await read(client, running)).definition_revision).toEqual(current.revision);
    expect((await read(client, approved)).definition_revision).toEqual(current.revision);

    // The same files again: no new revision.
    await restart(async () => {});
    expect(await briefingRevisions()).toBe(1);
    expect((await definitionOf()).revision).toEqual(current.revision);

    // The revision by id, like the current one; the checks of one revision with a long cache.
    const byId = await new HttpClient(copy.running.url).api<Body<Definition>>(
      'GET',
      `/definitions/${current.revision!.id}`,
    );
    expect(byId.status).toBe(200);
    expect(byId.headers.get('cache-control')).toBe('no-cache');
    expect(byId.body.data.steps.map((step) => step.meta.key)).toEqual(
      current.steps.map((step) => step.meta.key),
    );
    // The browser revalidates it (no-cache): unchanged, the answer is an empty 304. (Node's fetch
    // would add `Cache-Control: no-cache` to a conditional request; a browser's revalidation sends
    // none or `max-age=0`.)
    const revalidation = (etag: string) => ({
      'if-none-match': etag,
      'cache-control': 'max-age=0',
    });
    const etag = byId.headers.get('etag');
    expect(etag).toMatch(/^"[\w-]+"$/);
    const revalidated = await new HttpClient(copy.running.url).api(
      'GET',
      `/definitions/${current.revision!.id}`,
      undefined,
      revalidation(etag!),
    );
    expect([revalidated.status, revalidated.text]).toEqual([304, '']);
    const module = await fetch(`${copy.running.url}/assets/checks.js`);
    const moduleEtag = module.headers.get('etag');
    expect(moduleEtag).toMatch(/^"[\w-]+"$/);
    const moduleAgain = await fetch(`${copy.running.url}/assets/checks.js`, {
      headers: revalidation(moduleEtag!),
    });
    expect(moduleAgain.status).toBe(304);
    // A project read changes with every answer: no ETag is computed for it.
    const projectRead = await (await owner()).api('GET', `/projects/${running}`);
    expect([projectRead.status, projectRead.headers.get('etag')]).toEqual([200, null]);
    const checks = await fetch(`${copy.running.url}/assets/checks/${current.revision!.id}.js`);
    expect(checks.status).toBe(200);
    expect(checks.headers.get('content-type')).toContain('javascript');
    // Revalidated: the module holds the platform's forms, which change without a new revision.
    expect(checks.headers.get('cache-control')).toBe('no-cache');
    expect(await checks.text()).toContain('export');
    const checksAgain = await fetch(
      `${copy.running.url}/assets/checks/${current.revision!.id}.js`,
      { headers: revalidation(checks.headers.get('etag')!) },
    );
    expect(checksAgain.status).toBe(304);
    expect((await fetch(`${copy.running.url}/assets/checks/${'0'.repeat(64)}.js`)).status).toBe(
      404,
    );
    const unknown = await new HttpClient(copy.running.url).api(
      'GET',
      `/definitions/${'0'.repeat(64)}`,
    );
    expect(unknown.status).toBe(404);
    expect(
      (await new HttpClient(copy.running.url).api('GET', '/definitions/nonsense')).status,
    ).toBe(404);
  });

  it('keeps an approved briefing as approved and shows a removed option with its old label in a running one', async () => {
    await start();
    const { running, approved } = await projects();
    const before = await definitionOf();
    const approvedProse = new ProseRenderer(before).describeForm(
      'profile',
      (await read(await owner(), approved)).profile,
    );
    expect(approvedProse.join(' ')).toContain('ehrlich, mutig und gelassen');
    const rows = await rowCounts();

    // „mutig“ goes, „ehrlich“ is reworded, and so is a sentence of the results view.
    await restart(async (root) => {
      await editJson<Manifest>(widgetsIn(root), 'questionnaire.json', (json) => (json.version = 2));
      await editJson<PresetFile>(root, WIDGET_PRESETS, (json) => {
        const traits = json.traits!;
        traits.splice(
          traits.findIndex((entry) => entry.key === 'brave'),
          1,
        );
        traits.find((entry) => entry.key === 'honest')!.label = 'aufrichtig';
      });
      await editJson<{ form: Record<string, string> }>(
        widgetsIn(root),
        'steps/profile/prose.de.json',
        (json) => (json.form.traits_female = 'Man erlebt sie als {{character_traits, list}}.'),
      );
      await editJson<{ item: Record<string, string> }>(
        widgetsIn(root),
        'steps/people/prose.de.json',
        (json) =>
          (json.item.about_other =
            '{{name}} ist {{age}} Jahre jung und arbeitet als {{job_definition}}.'),
      );
    });
    expect(await rowCounts()).toEqual(rows);
    expect(await briefingRevisions()).toBe(2);
    const after = await definitionOf();
    expect(after.revision).toEqual({
      id: expect.not.stringMatching(before.revision!.id),
      label: 2,
    });
    expect(after.retired?.widgets?.traits).toEqual([{ key: 'brave', label: 'mutig' }]);

    const client = await owner();
    // The approved briefing: its revision, its labels, its sentences.
    const frozen = await read(client, approved);
    expect(frozen.definition_revision).toEqual(before.revision);
    const approvedDefinition = await definitionOf(frozen.definition_revision.id);
    expect(new ProseRenderer(approvedDefinition).describeForm('profile', frozen.profile)).toEqual(
      approvedProse,
    );

    // The running project: on the new revision, the stored keys unchanged, no raw key in its prose.
    const moving = await read(client, running);
    expect(moving.definition_revision).toEqual(after.revision);
    expect(moving.profile.character_traits).toEqual(PROFILE.character_traits);
    const prose = new ProseRenderer(after).describeForm('profile', moving.profile);
    expect(prose.join(' ')).toContain('Man erlebt sie als aufrichtig, mutig und gelassen.');
    expect(prose.join(' ')).not.toContain('brave');

    // The server's results markup follows each project's revision, too.
    const personOf = async (id: string) =>
      (await client.api<Body<ResultsJson>>('GET', `/projects/${id}/results`)).body.data.steps
        .people;
    expect(await personOf(approved)).toContain('ist 34 Jahre alt und arbeitet');
    expect(await personOf(running)).toContain('ist 34 Jahre jung und arbeitet');
    const profileOf = async (id: string) =>
      (await client.api<Body<ResultsJson>>('GET', `/projects/${id}/results`)).body.data.steps
        .profile;
    expect(await profileOf(approved)).toContain('ehrlich, mutig und gelassen');
    expect(await profileOf(running)).toContain(
      'Man erlebt sie als aufrichtig, mutig und gelassen.',
    );

    // Saving the removed key again fails at its field, in German; without it, it saves.
    const refused = await client.api<Body>('PATCH', `/projects/${running}/profile`, {
      ...moving.profile,
    });
    expect(refused.status).toBe(422);
    expect(Object.keys(refused.body.errors!)).toEqual(['character_traits']);
    expect(refused.body.errors!.character_traits![0]).toMatch(/^Charaktereigenschaften/);
    const saved = await client.api<Body>('PATCH', `/projects/${running}/profile`, {
      ...moving.profile,
      character_traits: ['honest', 'calm', 'reliable'],
    });
    expect(saved.status).toBe(200);

    // The owner still edits the approved one – against the revision it was approved on.
    const edited = await client.api<Body>('PATCH', `/projects/${approved}/profile`, {
      ...frozen.profile,
      job_definition: 'Schreinerin',
    });
    expect(edited.status).toBe(200);
    expect((await read(client, approved)).definition_revision).toEqual(before.revision);

    // Lifting the approval makes it a running project: it moves to the newest revision.
    const reopened = await client.api<Body<Project>>('PATCH', `/projects/${approved}`, {
      is_approved: false,
    });
    expect(reopened.status).toBe(200);
    expect(reopened.body.data.definition_revision).toEqual(after.revision);
    expect(reopened.body.data.profile.character_traits).toEqual(PROFILE.character_traits);
    expect(await rowCounts()).toEqual(rows);
  });

  it('makes an entry incomplete when a field becomes required, keeps a removed field, and the approved one keeps its rules', async () => {
    await start();
    const { running, approved } = await projects();
    const rows = await rowCounts();
    await restart(async (root) => {
      await editJson<StepSchema>(widgetsIn(root), 'steps/rivals/schema.json', (json) => {
        json.properties.founded = { type: 'integer', title: 'Gründungsjahr', minimum: 1800 };
        json.required.push('founded');
        // The website field goes: stored websites stay, unseen.
        delete json.properties.url;
      });
    });
    expect(await rowCounts()).toEqual(rows);
    const client = await owner();
    const [item] = (await read(client, running)).rivals;
    expect(item).toMatchObject(RIVAL);
    // docs/architecture.md#vollständigkeit: the entry needs a look, the step is no longer complete.
    const progressOf = async (id: string) => (await read(client, id)).progress as Progress;
    const figureOf = async (id: string) =>
      (
        await client.api<Body<(Json & { id: string; progress: Json })[]>>('GET', '/projects')
      ).body.data.find((project) => project.id === id)!.progress;
    expect((await progressOf(running)).steps.rivals).toEqual({
      state: 'review',
      invalid: [{ id: item!.id, version: item!.version }],
    });
    expect(await figureOf(running)).toEqual({ complete: 2, total: 6, reviewed: 0 });
    expect((await progressOf(approved)).steps.rivals).toEqual({ state: 'complete' });
    expect(await figureOf(approved)).toEqual({ complete: 3, total: 6, reviewed: 0 });
    const refused = await client.api<Body>('PATCH', `/projects/${running}/rivals/${item!.id}`, {
      ...item,
    });
    expect(refused.status).toBe(422);
    expect(refused.body.errors).toEqual({ founded: ['Gründungsjahr ist ein Pflichtfeld'] });
    // The entry as read, with the website the revision no longer knows: accepted, and kept.
    const completed = await client.api<Body>('PATCH', `/projects/${running}/rivals/${item!.id}`, {
      ...item,
      url: 'https://holz.example',
      founded: 1990,
    });
    expect(completed.status).toBe(422);
    expect(completed.body.errors).toEqual({ url: ['Das Feld url ist nicht vorgesehen.'] });
    const echoed = await client.api<Body<Item>>(
      'PATCH',
      `/projects/${running}/rivals/${item!.id}`,
      { ...item, founded: 1990 },
    );
    expect(echoed.status).toBe(200);
    const [saved] = (await read(client, running)).rivals;
    expect(saved).toMatchObject({ ...RIVAL, founded: 1990 });
    expect((await progressOf(running)).steps.rivals).toEqual({ state: 'complete' });
    expect(await figureOf(running)).toEqual({ complete: 3, total: 6, reviewed: 0 });
    // Sent without it (as the form does), the stored website stays, too.
    const withoutUrl = await client.api<Body>('PATCH', `/projects/${running}/rivals/${item!.id}`, {
      name: 'Holz',
      explanation: 'Nachbar',
      importance: 2,
      founded: 1991,
      version: saved!.version,
    });
    expect(withoutUrl.status).toBe(200);
    expect((await read(client, running)).rivals[0]).toMatchObject({
      name: 'Holz',
      url: RIVAL.url,
      founded: 1991,
    });

    const [frozen] = (await read(client, approved)).rivals;
    const unchanged = await client.api<Body>(
      'PATCH',
      `/projects/${approved}/rivals/${frozen!.id}`,
      { ...frozen, explanation: 'Nur im Norden' },
    );
    expect(unchanged.status).toBe(200);
  });

  it('moves answers by a migration map in one transaction and logs them, leaving the approved one alone', async () => {
    await start();
    const { running, approved } = await projects();
    const rows = await rowCounts();
    const itemBefore = (await read(await owner(), running)).rivals[0]!;

    await restart(async (root) => {
      await editJson<Manifest>(widgetsIn(root), 'questionnaire.json', (json) => (json.version = 2));
      const step = path.join(widgetsIn(root), 'steps', 'rivals');
      await editJson<StepSchema>(step, 'schema.json', (json) => {
        json.properties.description = json.properties.explanation!;
        delete json.properties.explanation;
        json.required = json.required.map((name) =>
          name === 'explanation' ? 'description' : name,
        );
      });
      await editJson<Record<string, unknown>>(step, 'ui.json', (json) => {
        json['ui:order'] = ['name', 'url', 'description', 'importance'];
        json.description = json.explanation;
        delete json.explanation;
      });
      await editJson<{ item: Record<string, string> }>(step, 'prose.de.json', (json) => {
        delete json.item.explanation;
        json.item.description = '{{description}}';
      });
      await editJson<{ list: { card: { text: string[] } } }>(
        step,
        'step.json',
        (json) => (json.list.card.text = ['description']),
      );
      await editJson<PresetFile>(root, WIDGET_PRESETS, (json) => {
        json.traits!.find((entry) => entry.key === 'brave')!.key = 'courageous';
      });
      await mkdir(path.join(widgetsIn(root), 'migrations'));
      await writeFile(
        path.join(widgetsIn(root), 'migrations', '2.json'),
        JSON.stringify({
          description:
            '„Erläuterung“ heißt jetzt „Beschreibung“, „mutig“ hat einen neuen Schlüssel',
          steps: {
            rivals: { renameFields: { explanation: 'description' } },
            profile: { renameOptions: { character_traits: { brave: 'courageous' } } },
          },
        }),
      );
    });
    expect(await rowCounts()).toEqual(rows);
    const client = await owner();
    const moved = await read(client, running);
    const { explanation, ...rest } = RIVAL;
    expect(moved.rivals).toEqual([
      { ...rest, description: explanation, id: itemBefore.id, version: itemBefore.version + 1 },
    ]);
    expect(moved.profile.character_traits).toEqual(['honest', 'courageous', 'calm']);
    const frozen = await read(client, approved);
    expect(frozen.rivals[0]).toMatchObject(RIVAL);
    expect(frozen.profile.character_traits).toEqual(PROFILE.character_traits);

    const log = await copy.running.orm.em
      .fork()
      .execute<
        { project_id: string; step_key: string; migrations: string; before: Json; after: Json }[]
      >(
        'select project_id, step_key, migrations, before, after from definition_migration_log order by step_key',
      );
    expect(log).toEqual([
      {
        project_id: running,
        step_key: 'profile',
        migrations: '2',
        before: PROFILE,
        after: { ...PROFILE, character_traits: ['honest', 'courageous', 'calm'] },
      },
      {
        project_id: running,
        step_key: 'rivals',
        migrations: '2',
        before: RIVAL,
        after: { ...rest, description: explanation },
      },
    ]);
    // A saved entry with the new name works; a start on the same files moves nothing again.
    const saved = await client.api<Body>('PATCH', `/projects/${running}/rivals/${itemBefore.id}`, {
      ...moved.rivals[0],
      description: 'Nachbarort',
    });
    expect(saved.status).toBe(200);
    await restart(async () => {});
    expect(await count('definition_migration_log')).toBe(2);
  });

  it('keeps the rows of a step taken out of the questionnaire and shows them again when it comes back', async () => {
    await start();
    const { running, approved } = await projects();
    const rows = await rowCounts();
    const people = (await read(await owner(), running)).people;
    expect(people).toHaveLength(1);
    const withoutPeople = async (root: string) =>
      editJson<Manifest>(widgetsIn(root), 'questionnaire.json', (json) => {
        const stage = json.stages.find((candidate) => candidate.key === 'lists')!;
        stage.steps = stage.steps.filter((key) => key !== 'people');
      });
    await restart(withoutPeople);
    expect(await rowCounts()).toEqual(rows);
    let client = await owner();
    const hidden = await read(client, running);
    expect(hidden).not.toHaveProperty('people');
    expect((await client.api('POST', `/projects/${running}/people`, PERSON)).status).toBe(404);
    // The approved project has the step in its revision, and its owner still edits it.
    const frozen = await read(client, approved);
    expect(frozen.people).toHaveLength(1);
    const edited = await client.api<Body>(
      'PATCH',
      `/projects/${approved}/people/${frozen.people[0]!.id}`,
      { ...frozen.people[0], job_definition: 'Schreinerin' },
    );
    expect(edited.status).toBe(200);

    await restart(async (root) => {
      await editJson<Manifest>(widgetsIn(root), 'questionnaire.json', (json) => {
        json.stages.find((candidate) => candidate.key === 'lists')!.steps = [
          'rivals',
          'contacts',
          'people',
        ];
      });
    });
    expect(await rowCounts()).toEqual(rows);
    client = await owner();
    expect((await read(client, running)).people).toEqual(people);
    // The same files as the first start: the first revision runs again, no third one.
    expect(await briefingRevisions()).toBe(2);
  });

  it.runIf(database === 'server')(
    'stores one revision when two processes start at once on changed files',
    async () => {
      await start();
      const { running } = await projects();
      await copy.stop();
      await editJson<PresetFile>(copy.definitionDir, WIDGET_PRESETS, (json) => {
        json.traits!.find((entry) => entry.key === 'honest')!.label = 'aufrichtig';
      });
      const both = await Promise.all([start(), start()]);
      try {
        copy.server = both[0];
        expect(await briefingRevisions()).toBe(2);
        const current = await definitionOf();
        expect((await read(await owner(), running)).definition_revision).toEqual(current.revision);
      } finally {
        await both[1].close();
      }
    },
  );
});
