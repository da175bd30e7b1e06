import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { inflateRawSync } from 'node:zlib';
import type { Definition } from '@fragewerk/engine/core';
import { DEFINITIONS_FOLDER } from '@fragewerk/engine/core/node';
import type { ProjectJson, ResultsJson } from '@fragewerk/schemas/types';
import { Resvg } from '@resvg/resvg-js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoAnswers } from '../../tools/src/demo-answers.ts';
import { rasterSize } from '../src/projects/export.service.ts';
import { resultsText } from '../src/projects/results-text.ts';
import { FIXTURE_CATALOGUE } from '../../tests/src/fixture-catalogue.ts';
import { hashPassword } from '../src/accounts/passwords.ts';
import { AgencySchema } from '../src/agency/agency.entity.ts';
import { UserSchema } from '../src/users/user.entity.ts';
import { login, PASSWORD, uniqueEmail, verifiedAccount } from './accounts.ts';
import { catalogueCopyServer } from './catalogue-copy-server.ts';
import { examples, example, FIXTURE_WIDGETS, type Body, type Json } from './fixtures.ts';
import { HttpClient, type TestResponse } from './http-client.ts';
import { DATABASES, startTestServer, type TestServer } from './test-server.ts';

/*
 * GET /projects/{id}/export?format=docx|md|json (docs/product.md#api-aufrufe): the results as a
 * Word file, Markdown and JSON, each carrying exactly the sentences of the results view (one
 * document, several renderers) – compared line by line with the view's text; the same access as
 * the results view; file names from customer and project.
 */

const run = promisify(execFile);

/** The files of a ZIP archive (a .docx) by name: its central directory read, entries inflated. */
function unzip(zip: Buffer): Map<string, Buffer> {
  const end = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (end < 0) throw new Error('kein ZIP-Archiv');
  const files = new Map<string, Buffer>();
  let at = zip.readUInt32LE(end + 16);
  for (let index = zip.readUInt16LE(end + 10); index > 0; index -= 1) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('ZIP-Verzeichnis kaputt');
    const method = zip.readUInt16LE(at + 10);
    const size = zip.readUInt32LE(at + 20);
    const nameLength = zip.readUInt16LE(at + 28);
    const local = zip.readUInt32LE(at + 42);
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength);
    const start = local + 30 + zip.readUInt16LE(local + 26) + zip.readUInt16LE(local + 28);
    const data = zip.subarray(start, start + size);
    files.set(name, method === 8 ? inflateRawSync(data) : Buffer.from(data));
    at += 46 + nameLength + zip.readUInt16LE(at + 30) + zip.readUInt16LE(at + 32);
  }
  return files;
}

const xmlText = (xml: string) =>
  xml
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&amp;/g, '&');

/** The paragraphs of a Word XML part outside its tables: style and text. */
function wordParagraphs(xml: string): { style: string; text: string }[] {
  return [...xml.replace(/<w:tbl>[\s\S]*?<\/w:tbl>/g, '').matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(
    ([paragraph]) => ({
      style: /<w:pStyle w:val="([^"]+)"/.exec(paragraph)?.[1] ?? '',
      text: xmlText(
        [...paragraph.matchAll(/<w:t(?: [^>]*)?>([^<]*)<\/w:t>/g)]
          .map((match) => match[1])
          .join(''),
      ).trim(),
    }),
  );
}

/** A card's head line („Titel · Muss · 4 von 5 Sternen“) as the view's lines. */
const splitHead = (line: string) => line.split(' · ').filter(Boolean);

/**
 * The Word file's results text, one line per paragraph (the card head split as the view shows
 * it): everything from the first stage heading on, the polarity table and empty paragraphs left
 * out (the view's text leaves its chart out, too).
 */
function docxLines(docx: Buffer): string[] {
  const xml = unzip(docx).get('word/document.xml')!.toString('utf8');
  const paragraphs = wordParagraphs(xml);
  const first = paragraphs.findIndex((paragraph) => paragraph.style === 'Heading1');
  return paragraphs.slice(first).flatMap((paragraph) => splitHead(paragraph.text));
}

/** Markdown's text as lines: markup, escapes, tables and the cover taken off. */
function markdownLines(markdown: string): string[] {
  const lines = markdown.split('\n');
  const first = lines.findIndex((line) => line.startsWith('# '));
  return lines.slice(first).flatMap((line) => {
    if (line === '' || line.startsWith('|')) return [];
    let text = line.replace(/^#+ /, '').replace(/^- /, '');
    const bold = /^\*\*((?:\\.|[^\\*])*)\*\*(.*)$/.exec(text);
    if (bold) text = bold[1]! + bold[2]!;
    const link = /^<([^>]+)>$/.exec(text);
    if (link) return [link[1]!];
    const emphasis = /^_(.*)_$/.exec(text);
    if (emphasis) text = emphasis[1]!;
    return splitHead(text.replace(/\\(.)/g, '$1'));
  });
}

/** The results view's text: each stage's title, then its steps' text as resultsText gives it. */
function viewLines(definition: Definition, steps: Record<string, string | undefined>): string[] {
  return definition.stages.flatMap((stage) => [
    stage.title,
    ...definition.steps
      .filter((step) => step.stage === stage.key)
      .flatMap((step) => resultsText(steps[step.meta.key] ?? '').split('\n')),
  ]);
}

type Project = ProjectJson & { id: string; edit_token: string };
type ExportJson = {
  format: string;
  exported_at: string;
  project: { id: string; customer_firm: string; project_name: string; approved_at: string | null };
  questionnaire: { id: string; title: string };
  revision: { id: string; label: number };
  stages: {
    key: string;
    title: string;
    steps: {
      key: string;
      heading: string;
      kind: 'list' | 'form';
      entries?: { id: string; answers: Json; labels: Json }[];
      answers?: Json;
      labels?: Json;
      results: unknown;
    }[];
  }[];
};

/** An SVG rendered as the Word export renders it: a PNG `height` pixels high. */
const rendered = (svg: Buffer, height: number) =>
  new Resvg(svg, { fitTo: { mode: 'height', value: height } }).render().asPng();

/** A download as bytes. */
const download = (client: HttpClient, id: string, format: string) =>
  client.bytes(`/api/projects/${id}/export?format=${format}`);

/** The project's definition, results markup and its three exports. */
async function exportsOf(client: HttpClient, id: string) {
  const project = (await client.api<Body<Project>>('GET', `/projects/${id}`)).body.data;
  const definition = (
    await client.api<Body<Definition>>('GET', `/definitions/${project.definition_revision.id}`)
  ).body.data;
  const results = await client.api<Body<ResultsJson>>('GET', `/projects/${id}/results`);
  expect(results.status).toBe(200);
  const docx = await download(client, id, 'docx');
  const md = await download(client, id, 'md');
  const json = await download(client, id, 'json');
  for (const file of [docx, md, json]) expect(file.status).toBe(200);
  return {
    project,
    definition,
    view: viewLines(definition, results.body.data.steps),
    docx,
    md,
    json,
    data: JSON.parse(json.body.toString('utf8')) as ExportJson,
  };
}

describe.each(DATABASES)('GET /projects/{id}/export (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;
  let other: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database);
    owner = (await verifiedAccount(server, 'Agentur Export')).client;
    other = (await verifiedAccount(server, 'Agentur Anders')).client;
  });
  afterAll(() => server?.close());

  /** A project of fixture-widgets with every step answered from the fixture examples. */
  async function answered(customer = 'Bäckerei Groß', name = 'Relaunch 2027'): Promise<Project> {
    const created = await owner.api<Body<Project>>('POST', '/projects/create', {
      project_name: name,
      customer_firm: customer,
      questionnaire: FIXTURE_WIDGETS,
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const definition = (
      await owner.api<Body<Definition>>(
        'GET',
        `/definitions/${created.body.data.definition_revision.id}`,
      )
    ).body.data;
    for (const step of definition.steps) {
      const key = step.meta.key;
      if (step.meta.kind === 'list')
        for (const data of examples(key))
          expect((await owner.api('POST', `/projects/${id}/${key}`, data)).status).toBe(201);
      else
        expect(
          (await owner.api('PATCH', `/projects/${id}/${key}`, { ...example(key), version: 0 }))
            .status,
        ).toBe(200);
    }
    return created.body.data;
  }

  it('carries the sentences of the results view in Word, Markdown and JSON, line by line', async () => {
    const { id } = await answered();
    const { view, docx, md, data, definition, project } = await exportsOf(owner, id);
    expect(view.length).toBeGreaterThan(20);
    expect(docxLines(docx.body)).toEqual(view);
    expect(markdownLines(md.body.toString('utf8'))).toEqual(view);

    // Word: real headings, the polarity table, the avatars as images, header and footer.
    const files = unzip(docx.body);
    const xml = files.get('word/document.xml')!.toString('utf8');
    const styles = wordParagraphs(xml).map((paragraph) => paragraph.style);
    expect(styles.filter((style) => style === 'Heading1')).toHaveLength(definition.stages.length);
    expect(styles.filter((style) => style === 'Heading2')).toHaveLength(definition.steps.length);
    expect(styles).toContain('Title');
    expect(xml).toContain('<w:tbl>');
    expect(xml).toMatch(/<w:t(?: [^>]*)?>traditionell<\/w:t>/);
    expect(xml).toContain('<w:numPr>');
    expect([...files.keys()].some((name) => /^word\/media\/.+\.svg$/.test(name))).toBe(true);
    const header = [...files].find(([name]) => name.startsWith('word/header'))![1].toString('utf8');
    expect(wordParagraphs(header).map((line) => line.text)).toEqual([
      'Bäckerei Groß – Relaunch 2027',
    ]);
    const footer = [...files].find(([name]) => name.startsWith('word/footer'))![1].toString('utf8');
    expect(footer).toContain('PAGE');
    expect(footer).toContain('NUMPAGES');
    expect(footer).toMatch(/>Seite <[\s\S]*PAGE[\s\S]*> von <[\s\S]*NUMPAGES/);
    const core = files.get('docProps/core.xml')!.toString('utf8');
    expect(core).toContain('<dc:title>Briefing Bäckerei Groß – Relaunch 2027</dc:title>');
    expect(core).toContain('<dc:creator>Agentur Export</dc:creator>');
    const cover = wordParagraphs(xml)
      .slice(0, 4)
      .map((paragraph) => paragraph.text);
    expect(cover[0]).toBe('Agentur Export');
    expect(cover[1]).toBe('Briefing Bäckerei Groß – Relaunch 2027');
    expect(cover[2]).toContain(`Fragebogen-Version ${project.definition_revision.label}`);

    // Markdown: the headings per stage and step.
    const markdown = md.body.toString('utf8');
    for (const stage of definition.stages) expect(markdown).toContain(`\n# ${stage.title}\n`);
    expect(markdown.startsWith('**Briefing Bäckerei Groß – Relaunch 2027**\n')).toBe(true);
    expect(markdown).toMatch(/\n\| .+ \| [○●](?: [○●]){6} \| .+ \|\n/);

    // JSON: every answer with its labels, the revision it was read from.
    expect(data).toMatchObject({
      format: 'fragewerk-results',
      project: {
        id,
        customer_firm: 'Bäckerei Groß',
        project_name: 'Relaunch 2027',
        approved_at: null,
      },
      questionnaire: { id: FIXTURE_WIDGETS, title: definition.title },
      revision: project.definition_revision,
    });
    expect(Date.parse(data.exported_at)).toBeGreaterThan(Date.now() - 60_000);
    const steps = data.stages.flatMap((stage) => stage.steps);
    expect(steps.map((step) => step.key)).toEqual(
      definition.stages.flatMap((stage) =>
        definition.steps.filter((step) => step.stage === stage.key).map((step) => step.meta.key),
      ),
    );
    const people = steps.find((step) => step.key === 'people')!;
    expect(people.entries).toHaveLength(examples('people').length);
    expect(people.entries![0]).toMatchObject({
      id: expect.any(String),
      answers: { name: 'Erika Sommer', priority: 'must' },
      labels: { name: 'Erika Sommer', priority: expect.not.stringMatching(/^must$/) },
    });
    const profile = steps.find((step) => step.key === 'profile')!;
    expect(profile.answers).toMatchObject({ character_traits: ['honest', 'brave', 'calm'] });
    expect((profile.labels as { character_traits: string[] }).character_traits).toHaveLength(3);
    // The sentences in the JSON are the view's, too.
    const sentences = JSON.stringify(steps.map((step) => step.results));
    for (const line of view.filter(
      (text) => !definition.stages.some((stage) => stage.title === text),
    ))
      if (!steps.some((step) => step.heading === line))
        expect(sentences).toContain(JSON.stringify(line).slice(1, -1));
  });

  it('names the file after customer and project, not cached, typed per format', async () => {
    const { id } = await answered();
    const { docx, md, json } = await exportsOf(owner, id);
    const names = (extension: string) =>
      `attachment; filename="Briefing Baeckerei Gross - Relaunch 2027.${extension}"; filename*=UTF-8''Briefing%20B%C3%A4ckerei%20Gro%C3%9F%20%E2%80%93%20Relaunch%202027.${extension}`;
    expect(docx.headers.get('content-disposition')).toBe(names('docx'));
    expect(md.headers.get('content-disposition')).toBe(names('md'));
    expect(json.headers.get('content-disposition')).toBe(names('json'));
    expect(docx.headers.get('content-type')).toBe(
      'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    );
    expect(md.headers.get('content-type')).toBe('text/markdown; charset=utf-8');
    expect(json.headers.get('content-type')).toBe('application/json; charset=utf-8');
    for (const file of [docx, md, json]) expect(file.headers.get('cache-control')).toBe('no-store');

    // What no file system takes leaves the name; the rest stays as typed.
    const odd = await owner.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Web: "neu" <2027>?',
      customer_firm: 'Müller/Söhne | Café*',
      questionnaire: FIXTURE_WIDGETS,
    });
    const file = await download(owner, odd.body.data.id, 'md');
    expect(file.headers.get('content-disposition')).toBe(
      `attachment; filename="Briefing MuellerSoehne Cafe - Web neu 2027.md"; filename*=UTF-8''Briefing%20M%C3%BCllerS%C3%B6hne%20Caf%C3%A9%20%E2%80%93%20Web%20neu%202027.md`,
    );
  });

  it('lets only those export who may read the results view', async () => {
    const project = await answered();
    const customer = new HttpClient(server.url);
    customer.editToken = project.edit_token;
    const nobody = new HttpClient(server.url);
    for (const format of ['docx', 'md', 'json']) {
      expect((await download(customer, project.id, format)).status).toBe(403);
      expect((await download(other, project.id, format)).status).toBe(404);
      expect((await download(nobody, project.id, format)).status).toBe(401);
    }
    // Shared with the customer: the share link exports as well.
    expect(
      (await owner.api('PATCH', `/projects/${project.id}`, { is_niceview_enabled: true })).status,
    ).toBe(200);
    const shared = await download(customer, project.id, 'md');
    expect(shared.status).toBe(200);
    expect(shared.body.toString('utf8')).toBe(
      (await download(owner, project.id, 'md')).body.toString('utf8'),
    );
    expect((await download(other, project.id, 'md')).status).toBe(404);
  });

  it('puts the agency’s PNG logo on the Word file’s cover', async () => {
    const agency = (await verifiedAccount(server, 'Agentur Logo')).client;
    // A real 1×1 PNG.
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
      'base64',
    );
    const uploaded = await agency.upload('PUT', '/agency/logo', new Uint8Array(png), 'image/png');
    expect(uploaded.status).toBe(200);
    const created = await agency.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Relaunch 2027',
      customer_firm: 'Bäckerei Groß',
      questionnaire: FIXTURE_WIDGETS,
    });
    const docx = await download(agency, created.body.data.id, 'docx');
    expect(docx.status).toBe(200);
    const files = unzip(docx.body);
    const media = [...files].filter(([name]) => /^word\/media\/.+\.png$/.test(name));
    expect(media.map(([, data]) => data.equals(png))).toContain(true);
    const xml = files.get('word/document.xml')!.toString('utf8');
    // The logo comes first, named after the agency, then the agency's name.
    const [logo, name] = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(
      ([paragraph]) => paragraph,
    );
    expect(logo).toMatch(/<wp:docPr [^>]*name="Agentur Logo"/);
    expect(wordParagraphs(name!)[0]!.text).toBe('Agentur Logo');
  });

  it('puts the agency’s SVG logo on the cover with a PNG rendered from it', async () => {
    const agency = (await verifiedAccount(server, 'Agentur Vektor')).client;
    const svg = Buffer.from(
      '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 50" width="200" height="50">' +
        '<rect width="200" height="50" rx="8" fill="#0a5c8a"/>' +
        '<circle cx="25" cy="25" r="15" fill="#f5b700"/></svg>',
    );
    const uploaded = await agency.upload(
      'PUT',
      '/agency/logo',
      new Uint8Array(svg),
      'image/svg+xml',
    );
    expect(uploaded.status).toBe(200);
    const created = await agency.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Relaunch 2027',
      customer_firm: 'Bäckerei Groß',
      questionnaire: FIXTURE_WIDGETS,
    });
    const docx = await download(agency, created.body.data.id, 'docx');
    expect(docx.status).toBe(200);
    const files = unzip(docx.body);
    const media = [...files].filter(([name]) => name.startsWith('word/media/'));
    // The SVG for Word 2016 and later, beside it its PNG: 4 × 56 pixels high, 4 : 1 as the SVG.
    const stored = media.find(([name]) => name.endsWith('.svg'))![1];
    const png = media.find(([name]) => name.endsWith('.png'))![1];
    expect(rasterSize(png)).toEqual({ type: 'png', width: 896, height: 224 });
    expect(png.equals(rendered(stored, 224))).toBe(true);
    const xml = files.get('word/document.xml')!.toString('utf8');
    const [logo] = [...xml.matchAll(/<w:p[ >][\s\S]*?<\/w:p>/g)].map(([paragraph]) => paragraph);
    expect(logo).toMatch(/<wp:docPr [^>]*name="Agentur Vektor"/);
    // 56 pixels high, as wide as its proportions ask: 224 × 56 in EMU (9 525 per pixel).
    expect(logo).toContain(`<wp:extent cx="${224 * 9525}" cy="${56 * 9525}"/>`);
  });

  it('counts 30 exports per caller and project in 10 minutes, then says how long to wait', async () => {
    const { id, edit_token } = await answered();
    for (let index = 0; index < 30; index += 1)
      expect((await download(owner, id, index % 3 === 0 ? 'docx' : 'md')).status).toBe(200);
    const refused = (await owner.raw('GET', `/api/projects/${id}/export?format=md`, {
      headers: { accept: 'application/json' },
    })) as TestResponse<{ message: string }>;
    expect(refused.status).toBe(429);
    expect(refused.body.message).toMatch(
      /^Sie haben dieses Projekt in den letzten 10 Minuten schon 30-mal exportiert\. Bitte warten Sie (?:10 Minuten|9 Minuten) und versuchen Sie es dann erneut\.$/,
    );
    // An unknown format is refused before it counts; another project and another caller have
    // budgets of their own.
    expect((await download(owner, id, 'pdf')).status).toBe(422);
    const another = await answered('Café Sonne', 'Website');
    expect((await download(owner, another.id, 'md')).status).toBe(200);
    expect(
      (await owner.api('PATCH', `/projects/${id}`, { is_niceview_enabled: true })).status,
    ).toBe(200);
    const customer = new HttpClient(server.url);
    customer.editToken = edit_token;
    expect((await download(customer, id, 'md')).status).toBe(200);
  });

  it('refuses an unknown format with a German message', async () => {
    const { id } = await answered();
    for (const query of ['?format=pdf', '', '?format=DOCX', '?format=md&format=json']) {
      const response = (await owner.raw('GET', `/api/projects/${id}/export${query}`, {
        headers: { accept: 'application/json' },
      })) as TestResponse<{ message: string; errors: Record<string, string[]> }>;
      expect(response.status, query).toBe(422);
      expect(response.body.message).toBe('Unbekanntes Format. Möglich sind docx, md und json.');
      expect(response.body.errors).toEqual({
        format: ['Unbekanntes Format. Möglich sind docx, md und json.'],
      });
    }
  });

  it('exports an approved project with its approval date', async () => {
    const project = await answered();
    expect((await owner.api('PUT', `/projects/${project.id}/approve`)).status).toBe(200);
    const { data, md, docx, view } = await exportsOf(owner, project.id);
    const approved = (await owner.api<Body<Project>>('GET', `/projects/${project.id}`)).body.data;
    expect(data.project.approved_at).toBe(approved.approved_at);
    expect(md.body.toString('utf8')).toMatch(/\nFreigegeben am \d{1,2}\. \S+ \d{4}\n/);
    expect(docxLines(docx.body)).toEqual(view);
  });
});

describe.each(DATABASES)('export of the brand briefing, fully filled (%s database)', (database) => {
  let server: TestServer;
  let owner: HttpClient;

  beforeAll(async () => {
    server = await startTestServer(database, {}, { catalogue: 'repository' });
    owner = (await verifiedAccount(server, 'Agentur Marke')).client;
  });
  afterAll(() => server?.close());

  it('carries every sentence of the results view, and LibreOffice opens the Word file', async () => {
    const created = await owner.api<Body<Project>>('POST', '/projects/create', {
      project_name: 'Relaunch 2027',
      customer_firm: 'Bäckerei Groß',
    });
    expect(created.status).toBe(201);
    const id = created.body.data.id;
    const definition = (
      await owner.api<Body<Definition>>(
        'GET',
        `/definitions/${created.body.data.definition_revision.id}`,
      )
    ).body.data;
    const { lists, forms } = demoAnswers(definition);
    for (const step of definition.steps) {
      const key = step.meta.key;
      if (step.meta.kind === 'list')
        // A few entries per list: every card shape, not the benchmark's 170 entries.
        for (const entry of (lists[key] ?? []).slice(0, 4)) {
          const response = await owner.api('POST', `/projects/${id}/${key}`, entry);
          expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBe(201);
        }
      else {
        const response = await owner.api('PATCH', `/projects/${id}/${key}`, {
          ...forms[key],
          version: 0,
        });
        expect(response.status, `${key}: ${JSON.stringify(response.body)}`).toBe(200);
      }
    }
    const { view, docx, md, data } = await exportsOf(owner, id);
    expect(view).not.toContain('Zu diesem Abschnitt wurden keine Angaben gemacht.');
    expect(docxLines(docx.body)).toEqual(view);
    expect(markdownLines(md.body.toString('utf8'))).toEqual(view);
    expect(data.stages.flatMap((stage) => stage.steps)).toHaveLength(definition.steps.length);
    // The personas' avatars as images: each an SVG for Word 2016 and later and beside it the PNG
    // rendered from it for every other program (4 × 40 pixels square, not a placeholder).
    const media = [...unzip(docx.body)].filter(([name]) => name.startsWith('word/media/'));
    const svgs = media.filter(([name]) => name.endsWith('.svg')).map(([, data]) => data);
    const pngs = media.filter(([name]) => name.endsWith('.png')).map(([, data]) => data);
    expect(svgs.length).toBeGreaterThan(0);
    expect(pngs).toHaveLength(svgs.length);
    const renderings = svgs.map((svg) => rendered(svg, 160));
    for (const png of pngs) {
      expect(rasterSize(png)).toEqual({ type: 'png', width: 160, height: 160 });
      expect(renderings.some((rendering) => rendering.equals(png))).toBe(true);
    }

    if (!existsSync('/usr/bin/soffice')) {
      console.warn(
        'LibreOffice fehlt (apt-get install -y libreoffice-writer-nogui): Word-Datei nicht nach PDF umgewandelt.',
      );
      return;
    }
    const dir = await mkdtemp(path.join(tmpdir(), 'fragewerk-export-'));
    try {
      await writeFile(path.join(dir, 'briefing.docx'), docx.body);
      await run(
        '/usr/bin/soffice',
        [
          `-env:UserInstallation=file://${dir}/profile`,
          '--headless',
          '--convert-to',
          'pdf',
          '--outdir',
          dir,
          path.join(dir, 'briefing.docx'),
        ],
        { timeout: 120_000 },
      );
      const pdf = await readFile(path.join(dir, 'briefing.pdf'));
      if (process.env.EXPORT_KEEP) await writeFile(process.env.EXPORT_KEEP, pdf);
      expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
      const { stdout } = await run('pdftotext', ['-layout', path.join(dir, 'briefing.pdf'), '-']);
      // The running header on every page, the title (wrapped on the cover), the footer's numbers.
      const pages = stdout.split('\f').filter((page) => page.trim());
      expect(pages.length).toBeGreaterThan(1);
      for (const [index, page] of pages.entries()) {
        expect(page).toContain('Bäckerei Groß – Relaunch 2027');
        expect(page).toContain(`Seite ${index + 1} von ${pages.length}`);
      }
      expect(stdout.replace(/\s+/g, ' ')).toContain('Briefing Bäckerei Groß – Relaunch 2027');
      for (const stage of definition.stages) expect(stdout).toContain(stage.title);
      // LibreOffice draws the avatars' PNGs: images with colour on the pages.
      const images = await run('pdfimages', ['-list', path.join(dir, 'briefing.pdf')]);
      const rgb = images.stdout
        .split('\n')
        .filter((line) => /\s(?:image|smask)\s.*\srgb\s/.test(line));
      expect(rgb.length).toBeGreaterThanOrEqual(svgs.length);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }, 240_000);
});

describe.each(DATABASES)('export after a change of the catalogue (%s database)', (database) => {
  const copy = catalogueCopyServer(database, async () => {
    const root = await mkdtemp(path.join(tmpdir(), 'fragewerk-export-catalogue-'));
    await cp(FIXTURE_CATALOGUE, root, { recursive: true });
    return root;
  });
  const profile = {
    gender: 'female',
    job_definition: 'Tischlerin',
    character_traits: ['honest', 'brave', 'calm'],
  };
  const widgets = (root: string) => path.join(root, DEFINITIONS_FOLDER, FIXTURE_WIDGETS);
  const editJson = async (file: string, change: (json: Json) => void) => {
    const json = JSON.parse(await readFile(file, 'utf8')) as Json;
    change(json);
    await writeFile(file, JSON.stringify(json, null, 2));
  };

  it('exports an approved project from its frozen revision, a running one from the new', async () => {
    const before = await copy.start();
    // The account written directly (the copy's server sends no mail): this is about revisions.
    const email = uniqueEmail('export-revision');
    const em = before.orm.em.fork();
    em.create(UserSchema, {
      agency: em.create(AgencySchema, { name: 'Agentur Revision' }),
      company: 'Agentur Revision',
      email,
      password_hash: await hashPassword(PASSWORD),
      verified_at: new Date(),
    });
    await em.flush();
    let owner = await login(before, email);
    const ids: string[] = [];
    for (const name of ['Laufend', 'Freigegeben']) {
      const created = await owner.api<Body<Project>>('POST', '/projects/create', {
        project_name: name,
        customer_firm: 'Tischlerei Berger',
        questionnaire: FIXTURE_WIDGETS,
      });
      ids.push(created.body.data.id);
      expect(
        (
          await owner.api('PATCH', `/projects/${created.body.data.id}/profile`, {
            ...profile,
            version: 0,
          })
        ).status,
      ).toBe(200);
    }
    const [running, approved] = ids as [string, string];
    expect((await owner.api('PUT', `/projects/${approved}/approve`)).status).toBe(200);
    const frozen = (await exportsOf(owner, approved)).data.revision;

    // A new revision: the profile's sentence reworded.
    const after = await copy.restart(async (root) => {
      await editJson(path.join(widgets(root), 'questionnaire.json'), (json) => (json.version = 2));
      await editJson(path.join(widgets(root), 'steps/profile/prose.de.json'), (json) => {
        (json.form as Json).traits_female = 'Man erlebt sie als {{character_traits, list}}.';
      });
    });
    owner = owner.at(after.url);

    const old = await exportsOf(owner, approved);
    expect(old.data.revision).toEqual(frozen);
    expect(old.project.definition_revision).toEqual(frozen);
    expect(old.md.body.toString('utf8')).not.toContain('Man erlebt sie als');
    expect(docxLines(old.docx.body)).toEqual(old.view);
    expect(markdownLines(old.md.body.toString('utf8'))).toEqual(old.view);

    const moved = await exportsOf(owner, running);
    expect(moved.data.revision.label).toBe(2);
    expect(moved.data.revision.id).not.toBe(frozen.id);
    expect(moved.md.body.toString('utf8')).toContain(
      'Man erlebt sie als ehrlich, mutig und gelassen.',
    );
    expect(docxLines(moved.docx.body).join('\n')).toContain(
      'Man erlebt sie als ehrlich, mutig und gelassen.',
    );
  });
});
