import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { readFile, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect, test, type Page } from '@playwright/test';
import { brandBriefingIn, copyRepositoryDefinition } from '../src/fixture-definition.ts';
import { apiHeaders, outboxOf, registerAndLogin } from './support.ts';

/**
 * docs/architecture.md#revisionen in the browser: a server of its own runs on a copy of the
 * definition; an editor removes the trait „mutig“, rewords „ehrlich“ and a sentence of the results
 * view; the server starts again on the same data. The approved briefing reads exactly as before,
 * the running project shows the removed trait with its old label, „nicht mehr in der Auswahl“.
 */
const PORT = Number(process.env.E2E_REVISIONS_PORT ?? 3197);
const DATA_DIR = 'test-results/e2e-revisions-data';
const ROOT = path.resolve(import.meta.dirname, '..', '..');
const outbox = outboxOf('e2e-revisions-data');
const SHOTS = path.join(ROOT, 'test-results', 'definition-revisions');

test.use({ baseURL: `http://localhost:${PORT}` });

let server: ChildProcess | undefined;
let definitionDir: string;

/** Starts the built server (npm run build) on the definition copy; resolves once it answers. */
async function startServer(): Promise<void> {
  server = spawn('node', ['api/dist/main.js'], {
    cwd: ROOT,
    env: {
      ...process.env,
      PORT: String(PORT),
      DATA_DIR,
      APP_URL: `http://localhost:${PORT}`,
      DEFINITION_DIR: definitionDir,
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  for (let attempt = 0; attempt < 240; attempt += 1) {
    const ready = await fetch(`http://localhost:${PORT}/api/config/presets`).then(
      (response) => response.ok,
      () => false,
    );
    if (ready) return;
    if (server.exitCode !== null) throw new Error(`Server beendet (${server.exitCode})`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error('Server antwortet nicht');
}

async function stopServer(): Promise<void> {
  if (!server || server.exitCode !== null) return;
  const exited = once(server, 'exit');
  server.kill('SIGTERM');
  await exited;
  server = undefined;
}

/** The brand briefing's folder inside the copied catalogue (its shared presets lie beside it). */
const brandBriefing = () => brandBriefingIn(definitionDir);

/** Rewrites the JSON file at the absolute path `file` of the catalogue copy. */
async function editJson<T>(full: string, change: (json: T) => void): Promise<void> {
  const json = JSON.parse(await readFile(full, 'utf8')) as T;
  change(json);
  await writeFile(full, JSON.stringify(json, null, 2));
}

/** Calls the API as the logged-in owner, with the headers the app sends. */
async function call(page: Page, method: 'post' | 'patch' | 'put', url: string, data?: unknown) {
  const response = await page.request[method](`/api${url}`, {
    data,
    headers: await apiHeaders(page),
  });
  expect(response.status(), await response.text()).toBeLessThan(300);
  return (await response.json()) as { data: { id: string } };
}

test.beforeAll(async () => {
  await rm(path.join(ROOT, DATA_DIR), { recursive: true, force: true });
  definitionDir = await copyRepositoryDefinition('fragewerk-e2e-revisions-');
});
test.afterAll(async () => {
  await stopServer();
  await rm(definitionDir, { recursive: true, force: true });
});

test('an approved briefing reads the same after a change of the definition; a running project keeps a removed option', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await startServer();
  await registerAndLogin(page, `revisionen-${Date.now()}@example.de`, 'Agentur Nord', outbox);
  await page.goto('/dashboard');
  const personality = {
    gender: 'female',
    age: 'age_36_45',
    industry: 'crafts',
    job_definition: 'Tischlermeisterin',
    character_traits: ['honest', 'brave', 'down_to_earth'],
    version: 0,
  };
  const ids: Record<string, string> = {};
  for (const name of ['Freigegeben', 'Laufend']) {
    const { data } = await call(page, 'post', '/projects/create', {
      project_name: name,
      customer_firm: 'Tischlerei Berger',
    });
    ids[name] = data.id;
    await call(page, 'patch', `/projects/${data.id}/brandpersonality`, personality);
    await call(page, 'post', `/projects/${data.id}/competitors`, {
      name: 'Holzwerk Nord',
      url: '',
      explanation: 'Gleiche Region, ähnliche Preise',
      importance: 4,
    });
  }
  await call(page, 'put', `/projects/${ids.Freigegeben}/approve`);

  const results = page.locator('article.results');
  await page.goto(`/projekte/${ids.Freigegeben}/ergebnisse`);
  await expect(page.getByText('Sie ist ehrlich, mutig und bodenständig.')).toBeVisible();
  await expect(page.getByText(/· Fragebogen-Version 1$/)).toBeVisible();
  const approvedBefore = await results.innerText();
  await page.screenshot({ path: path.join(SHOTS, '1-freigegeben-vorher.png'), fullPage: true });

  // The editor's change: „mutig“ goes, „ehrlich“ is reworded, and so is the sentence.
  await stopServer();
  await editJson<{ version: number }>(
    path.join(brandBriefing(), 'questionnaire.json'),
    (json) => (json.version = 2),
  );
  await editJson<Record<string, { key: string; label: string }[]>>(
    path.join(definitionDir, 'presets', 'brandpersonality.de.json'),
    (json) => {
      json.character_traits = json.character_traits!.filter((entry) => entry.key !== 'brave');
      json.character_traits.find((entry) => entry.key === 'honest')!.label = 'aufrichtig';
    },
  );
  await editJson<{ form: Record<string, string> }>(
    path.join(brandBriefing(), 'steps', 'brandpersonality', 'prose.de.json'),
    (json) => (json.form.traits_female = 'Man erlebt sie als {{character_traits, list}}.'),
  );
  await startServer();

  // The approved briefing: the same text, word for word, and still version 1.
  await page.goto(`/projekte/${ids.Freigegeben}/ergebnisse`);
  await expect(page.getByText('Sie ist ehrlich, mutig und bodenständig.')).toBeVisible();
  expect(await results.innerText()).toBe(approvedBefore);
  await page.screenshot({ path: path.join(SHOTS, '2-freigegeben-nachher.png'), fullPage: true });
  // Its questionnaire, read-only for nobody but shown with its own revision.
  await page.goto(`/projekte/${ids.Freigegeben}/fragebogen/markenpersoenlichkeit`);
  const approvedTraits = page.getByRole('list', { name: 'Ausgewählt' });
  await expect(approvedTraits.getByText('ehrlich')).toBeVisible();
  await expect(approvedTraits).not.toContainText('nicht mehr in der Auswahl');

  // The running project: on version 2, the new wording, „mutig“ with its old label, no raw key.
  await page.goto(`/projekte/${ids.Laufend}/ergebnisse`);
  await expect(
    page.getByText('Man erlebt sie als aufrichtig, mutig und bodenständig.'),
  ).toBeVisible();
  await expect(page.getByText(/· Fragebogen-Version 2$/)).toBeVisible();
  await expect(results).not.toContainText('brave');
  await page.screenshot({ path: path.join(SHOTS, '3-laufend-ergebnisse.png'), fullPage: true });

  await page.goto(`/projekte/${ids.Laufend}/fragebogen/markenpersoenlichkeit`);
  const traits = page.getByRole('list', { name: 'Ausgewählt' });
  await expect(traits.getByRole('listitem').filter({ hasText: 'mutig' })).toContainText(
    'mutig (nicht mehr in der Auswahl)',
  );
  await expect(
    page.getByText('Charaktereigenschaften: Bitte wählen Sie einen Eintrag aus der Liste.'),
  ).toBeVisible();
  // docs/product.md#fortschritt: the step needs a look and does not count as complete.
  const stepTab = page
    .getByRole('navigation', { name: 'Schritte dieser Etappe' })
    .getByRole('link', { name: 'Markenpersönlichkeit' });
  await expect(stepTab).toHaveAccessibleDescription('bitte prüfen');
  await page.screenshot({ path: path.join(SHOTS, '4-laufend-fragebogen.png'), fullPage: true });

  // Taking it out and saving works; the marker is gone.
  await traits.getByRole('button', { name: 'mutig entfernen' }).click();
  await page.getByRole('checkbox', { name: 'verlässlich' }).check();
  await page.getByRole('button', { name: 'Speichern' }).click();
  await expect(page.getByText('Daten wurden gespeichert')).toBeVisible();
  await expect(traits).not.toContainText('nicht mehr in der Auswahl');
  await expect(stepTab).toHaveAccessibleDescription('vollständig');
});
