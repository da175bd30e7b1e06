/**
 * The definition studio's server (`npm run studio`): a local preview of the definition with no
 * database and no login. It bundles the page once with esbuild, reads the definition with the
 * product's loader and the lint's checks, watches the folders and sends the page every change as a
 * Server-Sent Event; the page re-renders in place (docs/editors-guide.md#vorschau-im-studio).
 */
import { watch, type FSWatcher } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { Definition } from '@fragewerk/engine/core';
import {
  catalogueIds,
  catalogueRootFrom,
  DEFAULT_QUESTIONNAIRE,
  definitionDirsFrom,
  platformFormsDir,
  standaloneChecksModule,
  type DefinitionDirs,
} from '@fragewerk/engine/core/node';
import { buildState, PRESET_ASSETS } from './build-state.ts';
import { bundlePage } from './page-bundle.ts';
import type { StudioState } from './studio-state.ts';

export interface StudioOptions {
  /** A catalogue: a folder with `definitions/` and `presets/`; without one, the repository's. */
  definitionDir?: string;
  /** The questionnaire of the catalogue to show (its folder's name); default: the brand briefing. */
  questionnaire?: string;
  port: number;
  host?: string;
  /** Called after every update the page is sent (tests, the start message). */
  onUpdate?: (state: StudioState) => void;
}

export interface Studio {
  url: string;
  /** The current state (as the page got it last). */
  state: () => StudioState;
  close: () => Promise<void>;
}

/** How long to wait for more saves before reading: an editor writes a file in several steps. */
const SETTLE_MS = 40;
/** A comment line now and then keeps proxies and the browser from dropping a quiet stream. */
const KEEP_ALIVE_MS = 15_000;

const html = `<!doctype html>
<html lang="de">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>Fragewerk-Studio</title>
    <link rel="icon" href="data:," />
    <link rel="stylesheet" href="/studio.css" />
  </head>
  <body>
    <div id="root"><p class="studio-loading">Das Studio lädt …</p></div>
    <noscript>Das Studio braucht JavaScript.</noscript>
    <script type="module" src="/studio.js"></script>
  </body>
</html>
`;

function send(response: ServerResponse, status: number, type: string, body: string | Buffer) {
  response.writeHead(status, {
    'Content-Type': type,
    'Cache-Control': 'no-store',
    'X-Content-Type-Options': 'nosniff',
  });
  response.end(body);
}

/** The images the definition names (only these are served, as the product does). */
function presetImages(definition: Definition | undefined): Set<string> {
  const images = new Set<string>();
  for (const lists of Object.values(definition?.presets ?? {}))
    for (const entries of Object.values(lists))
      for (const entry of entries) if (typeof entry.image === 'string') images.add(entry.image);
  return images;
}

/** The largest body the studio reads (a questionnaire's id). */
const MAX_BODY = 200;

/** The body of a small request as text, or undefined when it is larger than {@link MAX_BODY}. */
async function smallBody(request: IncomingMessage): Promise<string | undefined> {
  let body = '';
  for await (const chunk of request) {
    body += String(chunk);
    if (body.length > MAX_BODY) return undefined;
  }
  return body;
}

export async function startStudio(options: StudioOptions): Promise<Studio> {
  const root = catalogueRootFrom(options.definitionDir);
  let questionnaire = options.questionnaire ?? DEFAULT_QUESTIONNAIRE;
  let dirs: DefinitionDirs = definitionDirsFrom(options.definitionDir, questionnaire);

  let revision = 1;
  /** The state of the questionnaire shown, with the catalogue it was picked from. */
  const build = async () => {
    // The page names the questionnaire's folder: with several in the catalogue, which one it shows.
    const built = await buildState(dirs, revision, dirs.folder);
    const questionnaires = await catalogueIds(root);
    return { ...built, state: { ...built.state, questionnaire, questionnaires } };
  };
  const [bundle, first] = await Promise.all([bundlePage(), build()]);
  let current = first;
  /** Checks modules by their content ({@link checksKey}), made once each, ahead of the page. */
  const checks = new Map<string, Promise<string>>();
  const prepareChecks = () => {
    const { state, definition } = current;
    const key = state.checksUrl && /\/checks\/(\w+)\.js$/.exec(state.checksUrl)?.[1];
    if (!key || !definition || checks.has(key)) return;
    if (checks.size >= 20) checks.delete(checks.keys().next().value!);
    const module = standaloneChecksModule(definition);
    module.catch(() => checks.delete(key));
    checks.set(key, module);
  };
  prepareChecks();
  const clients = new Set<ServerResponse>();

  const broadcast = () => {
    const event = `event: state\ndata: ${JSON.stringify(current.state)}\n\n`;
    for (const client of clients) client.write(event);
    options.onUpdate?.(current.state);
  };

  let building: Promise<void> | undefined;
  let again = false;
  const rebuild = async () => {
    if (building) {
      again = true;
      return building;
    }
    building = (async () => {
      do {
        again = false;
        revision += 1;
        current = await build();
        broadcast();
        prepareChecks();
      } while (again);
    })().finally(() => (building = undefined));
    return building;
  };

  let timer: ReturnType<typeof setTimeout> | undefined;
  const changed = () => {
    clearTimeout(timer);
    timer = setTimeout(() => void rebuild(), SETTLE_MS);
  };
  const watchers: FSWatcher[] = [];
  const watchFolders = () => {
    for (const watcher of watchers.splice(0)) watcher.close();
    for (const dir of [dirs.folder, dirs.presetsDir, dirs.formsDir ?? platformFormsDir]) {
      try {
        watchers.push(watch(dir, { recursive: true }, changed));
      } catch {
        // A missing folder is one of the problems the page lists.
      }
    }
  };
  watchFolders();

  /** POST /fragebogen with an id of the catalogue: the studio shows that questionnaire now. */
  const pick = async (request: IncomingMessage, response: ServerResponse) => {
    const id = (await smallBody(request))?.trim() ?? '';
    if (!(await catalogueIds(root)).includes(id))
      return send(
        response,
        422,
        'text/plain; charset=utf-8',
        `Den Fragebogen „${id.slice(0, 64)}“ gibt es im Katalog nicht.`,
      );
    questionnaire = id;
    dirs = definitionDirsFrom(options.definitionDir, id);
    watchFolders();
    await rebuild();
    send(response, 204, 'text/plain; charset=utf-8', '');
  };

  const handle = async (request: IncomingMessage, response: ServerResponse) => {
    const url = new URL(request.url ?? '/', 'http://localhost');
    const route = url.pathname;
    if (route === '/studio.js')
      return send(response, 200, 'text/javascript; charset=utf-8', bundle.js);
    if (route === '/studio.css') return send(response, 200, 'text/css; charset=utf-8', bundle.css);
    if (route === '/state')
      return send(response, 200, 'application/json; charset=utf-8', JSON.stringify(current.state));
    if (route === '/events') return subscribe(request, response);
    if (route === '/fragebogen' && request.method === 'POST') return pick(request, response);
    const checksRoute = /^\/checks\/(\w+)\.js$/.exec(route);
    if (checksRoute) return serveChecks(checksRoute[1]!, response);
    if (route.startsWith(PRESET_ASSETS))
      return serveImage(route.slice(PRESET_ASSETS.length), response);
    if (route === '/' || route === '/index.html')
      return send(response, 200, 'text/html; charset=utf-8', html);
    return send(response, 404, 'text/plain; charset=utf-8', 'Nicht gefunden.');
  };

  const subscribe = (request: IncomingMessage, response: ServerResponse) => {
    response.writeHead(200, {
      'Content-Type': 'text/event-stream; charset=utf-8',
      'Cache-Control': 'no-store',
      Connection: 'keep-alive',
    });
    response.write(`retry: 500\nevent: state\ndata: ${JSON.stringify(current.state)}\n\n`);
    clients.add(response);
    const alive = setInterval(() => response.write(': still here\n\n'), KEEP_ALIVE_MS);
    request.on('close', () => {
      clearInterval(alive);
      clients.delete(response);
    });
  };

  const serveChecks = async (key: string, response: ServerResponse) => {
    const module = checks.get(key);
    // One a page of an older state asks for: it gets the next state right after.
    if (!module)
      return send(
        response,
        404,
        'text/plain; charset=utf-8',
        'Diese Prüfungen gibt es nicht mehr.',
      );
    send(response, 200, 'text/javascript; charset=utf-8', await module);
  };

  const serveImage = async (image: string, response: ServerResponse) => {
    const name = decodeURIComponent(image);
    if (!presetImages(current.definition).has(name))
      return send(response, 404, 'text/plain; charset=utf-8', 'Nicht gefunden.');
    const body = await readFile(path.join(dirs.presetsDir, name)).catch(() => undefined);
    if (!body) return send(response, 404, 'text/plain; charset=utf-8', 'Nicht gefunden.');
    send(response, 200, 'image/svg+xml', body);
  };

  const server = createServer((request, response) => {
    handle(request, response).catch((error: unknown) => {
      console.error(error);
      if (!response.headersSent)
        send(response, 500, 'text/plain; charset=utf-8', 'Fehler im Studio.');
      else response.end();
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(options.port, options.host ?? '127.0.0.1', resolve);
  });
  const { port } = server.address() as AddressInfo;
  options.onUpdate?.(current.state);

  return {
    url: `http://localhost:${port}`,
    state: () => current.state,
    close: async () => {
      clearTimeout(timer);
      for (const watcher of watchers) watcher.close();
      for (const client of clients) client.end();
      await building;
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
