// @ts-check
/**
 * The one-way dependencies of docs/architecture.md#schichten as ESLint `no-restricted-imports`
 * rules. npm hoisting would let a forbidden import resolve silently; this makes it fail
 * `npm run check`.
 *
 * Inside the API, the domain folders of `api/src` import each other in one direction only (no
 * cycles), and each Nest module exports only what the others use:
 *
 *   folder          may import                                  its Nest module exports
 *   common          locale                                      (no module: shared helpers)
 *   config          common                                      APP_CONFIG (global)
 *   definition      common, config, database (advisory locks)   DEFINITION, VALIDATOR,
 *                                                               DEFINITION_REVISIONS (global)
 *   metrics         common, config                              MetricsService (global; the
 *                                                               domains register their figures)
 *   mail            common, config, metrics                     MailService
 *   pages           common, config                              – (registers the error filter)
 *   users           common, config, definition                  UsersService
 *   accounts        common, config, definition, mail, pages,    –
 *                   users
 *   projects        common, config, definition, mail, users     ProjectAccessService
 *   questionnaire   common, config, definition, projects        –
 *   client-loop     common, config, definition, mail, pages,    QuestionMailsService,
 *                   projects, users                             RemindersService (Rückfragen,
 *                                                               reminders; housekeeping runs
 *                                                               their mail rounds)
 *   account-data    accounts, client-loop, common, config,      – (export and deletion of an
 *                   definition, mail, pages, projects, users    account's own data)
 *   database        common (its texts), no domain folder: the   MikroORM (global); also
 *                   composition root passes it the entities     the advisory locks for jobs
 *                   each folder declares (`<folder>/entities.ts`,
 *                   gathered in api/src/data-model.ts)
 *   logging         –                                           (no module: pino for create-app.ts)
 *   housekeeping    accounts, client-loop, common, config,      – (scheduled jobs; mail for
 *                   database, mail, metrics                     the age of mail files)
 *   health          common                                      – (no module: health routes
 *                                                               before the session, shutdown)
 *   api/src/*.ts    everything: the composition root (app.module.ts, create-app.ts, main.ts,
 *                   run-server.ts, run-cluster.ts) and index.ts, the public entry for tools; no domain imports
 *                   them. data-model.ts (the entity list) and create-migration.ts (the
 *                   migrations CLI) belong to the root as well.
 *
 * `tools/` imports api and engine only through their public entry points, the `exports` of
 * their package.json (`@fragewerk/api`, `@fragewerk/engine/core`, …), never their files.
 */
import { readdirSync, readFileSync } from 'node:fs';

/** @param {string} name */
const ours = (name) => [`@fragewerk/${name}`, `@fragewerk/${name}/*`];
const react = [
  'react',
  'react/*',
  'react-dom',
  'react-dom/*',
  '@rjsf/*',
  'react-router',
  'react-router-dom',
  'react-i18next',
];
const browserApp = ['@reduxjs/*', 'react-redux', 'sortablejs'];
const server = ['axios', '@nestjs/*', 'express', '@mikro-orm/*', 'pg'];
/**
 * Relative imports that climb into another workspace.
 * @param {string[]} names
 */
const climbInto = (...names) =>
  names.flatMap((name) => [
    `../${name}/*`,
    `../../${name}/*`,
    `../../../${name}/*`,
    `../../../../${name}/*`,
  ]);
const workspaces = ['schemas', 'presets', 'engine', 'web', 'api', 'tests', 'tools'];

/**
 * Every subpath of a workspace package except those its package.json exports.
 * @param {string} name
 */
const allButExports = (name) => {
  const manifest = JSON.parse(
    readFileSync(new URL(`../../${name}/package.json`, import.meta.url), 'utf8'),
  );
  const subpaths = Object.keys(manifest.exports ?? {}).filter((key) => key !== '.');
  return [
    `@fragewerk/${name}/*`,
    ...subpaths.map((subpath) => `!@fragewerk/${name}/${subpath.slice('./'.length)}`),
  ];
};

/** The folders of `api/src` and the folders each may import (see the table above). */
const apiDomains = {
  common: ['locale'],
  config: ['common'],
  definition: ['common', 'config', 'database'],
  metrics: ['common', 'config'],
  mail: ['common', 'config', 'metrics'],
  pages: ['common', 'config'],
  users: ['common', 'config', 'definition'],
  accounts: ['common', 'config', 'definition', 'mail', 'pages', 'users'],
  projects: ['common', 'config', 'definition', 'mail', 'users'],
  questionnaire: ['common', 'config', 'definition', 'projects'],
  'client-loop': ['common', 'config', 'definition', 'mail', 'pages', 'projects', 'users'],
  'account-data': [
    'accounts',
    'client-loop',
    'common',
    'config',
    'definition',
    'mail',
    'pages',
    'projects',
    'users',
  ],
  database: ['common'],
  logging: [],
  housekeeping: ['accounts', 'client-loop', 'common', 'config', 'database', 'mail', 'metrics'],
  health: ['common'],
};
const apiFolders = [...Object.keys(apiDomains), 'locale'];
const germanList = new Intl.ListFormat('de', { type: 'conjunction' });
/** The files directly in `api/src`: no domain imports them. */
const apiRootFiles = [
  'app.module.ts',
  'create-app.ts',
  'main.ts',
  'run-server.ts',
  'run-cluster.ts',
  'index.ts',
  'data-model.ts',
  'create-migration.ts',
];
/**
 * Every folder of `api/src` as it is on disk, also one the table above does not list (yet): the
 * database folder imports none of them but `common` (and `locale` behind it).
 */
const apiSrcFolders = readdirSync(new URL('../../api/src', import.meta.url), {
  withFileTypes: true,
})
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name);

/**
 * @param {string} folder
 * @returns {string[]} relative imports of a `web/src` folder from files up to four folders deep
 */
const webFolder = (folder) => [1, 2, 3, 4].map((depth) => `${'../'.repeat(depth)}${folder}/*`);

/**
 * Zones inside the web app (docs/architecture.md#importe-zeigen-in-eine-richtung): `web/src/app`
 * is the composition root (store, router, boot), which only `main.tsx` and the tests' helpers
 * import; the features import the shared folders (`state` for the store's hooks, `lib`, `hooks`,
 * `components`), which import no feature.
 */
const webZones = {
  features: {
    files: ['web/src/features/**/*.{ts,tsx}'],
    forbidden: webFolder('app'),
    message:
      'Features importieren web/src/app/ nicht (die Zusammensetzung der App): die Hooks des Stores kommen aus web/src/state/, Geteiltes aus lib/, hooks/ oder components/ (docs/architecture.md#importe-zeigen-in-eine-richtung).',
  },
  shared: {
    files: ['web/src/{state,lib,hooks,components,config,locales}/**/*.{ts,tsx}'],
    forbidden: [...webFolder('app'), ...webFolder('features')],
    message:
      'Die geteilten Ordner von web/src (state, lib, hooks, components, config, locales) importieren weder web/src/app/ noch Features (docs/architecture.md#importe-zeigen-in-eine-richtung).',
  },
};

/**
 * @typedef {{files: string[], ignores?: string[], forbidden: string[], message: string}} Layer
 * @type {Record<string, Layer>}
 */
const layers = {
  data: {
    files: ['schemas/**/*.{ts,tsx,js}', 'presets/**/*.{ts,tsx,js}'],
    forbidden: [
      ...workspaces.flatMap(ours),
      ...climbInto('engine', 'web', 'api', 'tests', 'tools', 'bench'),
    ],
    message:
      'schemas/ und presets/ sind Daten und importieren nichts von uns (docs/architecture.md#schichten).',
  },
  engineCore: {
    files: ['engine/src/core/**/*.{ts,tsx}'],
    forbidden: [
      ...react,
      ...browserApp,
      ...server,
      ...['web', 'api', 'tests', 'tools'].flatMap(ours),
      '@fragewerk/engine/react',
      '../react/*',
      '../../react/*',
      ...climbInto('web', 'api', 'tests', 'tools', 'bench'),
    ],
    message:
      'engine/core kennt kein React, kein HTTP, keinen Router und kein Redux (docs/architecture.md#schichten).',
  },
  engineReact: {
    files: ['engine/src/react/**/*.{ts,tsx}'],
    forbidden: [
      // sortablejs is the engine's own drag library (docs/architecture.md#web-app-und-engine);
      // Redux is the app's.
      '@reduxjs/*',
      'react-redux',
      ...server,
      ...['web', 'api', 'tests', 'tools'].flatMap(ours),
      ...climbInto('web', 'api', 'tests', 'tools', 'bench'),
    ],
    message:
      'engine/react bekommt Props und meldet Ereignisse; es lädt nichts (docs/architecture.md#schichten).',
  },
  web: {
    // The zones of web/src get this rule together with their own below.
    files: ['web/src/**/*.{ts,tsx}'],
    ignores: Object.values(webZones).flatMap((zone) => zone.files),
    forbidden: [
      ...server,
      ...['api', 'tests', 'tools'].flatMap(ours),
      ...climbInto('api', 'tests', 'tools', 'bench'),
    ],
    message:
      'web importiert engine, schemas und presets, nie die API (docs/architecture.md#schichten).',
  },
  api: {
    // Product code only: the API's own tests may use the shared test helpers of tests/. The
    // domain folders get this rule together with their own below.
    files: ['api/src/**/*.ts'],
    ignores: Object.keys(apiDomains).map((domain) => `api/src/${domain}/**`),
    forbidden: [
      ...react,
      ...browserApp,
      ...['web', 'tests', 'tools'].flatMap(ours),
      // Its own public entry is for tools; inside, it would close cycles.
      ...ours('api'),
      '@fragewerk/engine/react',
      ...climbInto('web', 'tests', 'tools', 'bench'),
    ],
    message:
      'api importiert engine/core, schemas und presets, nie React oder web (docs/architecture.md#schichten).',
  },
  tools: {
    files: ['tools/**/*.{ts,tsx,js}'],
    forbidden: [...climbInto('api', 'engine'), ...allButExports('api'), ...allButExports('engine')],
    message:
      'tools/ nutzt api und engine nur über ihre öffentlichen Einstiegspunkte (die "exports" ihrer package.json, z. B. @fragewerk/api oder @fragewerk/engine/core), nie ihre Dateien (docs/architecture.md#schichten).',
  },
};

/**
 * Imports of an `api/src` domain folder into the folders it may not use and into the root files.
 * @param {string} domain
 */
const forbiddenForDomain = (domain) => {
  const allowed = new Set([domain, ...apiDomains[/** @type {keyof typeof apiDomains} */ (domain)]]);
  // The database folder knows no domain at all, not even one added to api/src after this table.
  const folders =
    domain === 'database' ? [...new Set([...apiFolders, ...apiSrcFolders])] : apiFolders;
  const others = folders.filter((folder) => !allowed.has(folder));
  return [
    // `../../` for files in subfolders such as database/migrations.
    ...others.flatMap((folder) => [`../${folder}/*`, `../../${folder}/*`]),
    ...apiRootFiles.flatMap((file) => [`../${file}`, `../../${file}`]),
  ];
};

/**
 * @param {string} name
 * @param {{files: string[], ignores?: string[]}} scope
 * @param {{group: string[], message: string}[]} patterns
 * @returns {import('eslint').Linter.Config}
 */
const restrict = (name, { files, ignores }, patterns) => ({
  name: `fragewerk/dependencies/${name}`,
  files,
  ...(ignores ? { ignores } : {}),
  rules: { 'no-restricted-imports': ['error', { patterns }] },
});

/**
 * One entry per layer, one per API domain and one per web zone (which repeat their layer's
 * patterns). The file patterns must not overlap: for a file matched twice, ESLint keeps only the
 * later `no-restricted-imports` setting.
 * @type {import('eslint').Linter.Config[]}
 */
export const dependencyRules = [
  ...Object.entries(layers).map(([name, layer]) =>
    restrict(name, layer, [{ group: layer.forbidden, message: layer.message }]),
  ),
  ...Object.entries(apiDomains).map(([domain, allowed]) =>
    restrict(`api/${domain}`, { files: [`api/src/${domain}/**/*.ts`] }, [
      { group: layers.api.forbidden, message: layers.api.message },
      {
        group: forbiddenForDomain(domain),
        message: `api/src/${domain}/ importiert aus den anderen Ordnern von api/src ${
          allowed.length ? `nur ${germanList.format(allowed)}` : 'nichts'
        }; die erlaubten Richtungen stehen in tools/src/dependency-rules.js (docs/architecture.md#schichten).`,
      },
    ]),
  ),
  ...Object.entries(webZones).map(([name, zone]) =>
    restrict(`web/${name}`, zone, [
      { group: layers.web.forbidden, message: layers.web.message },
      { group: zone.forbidden, message: zone.message },
    ]),
  ),
];
