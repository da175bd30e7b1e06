// @ts-check
/**
 * The one-way dependencies of DESIGN §1 as ESLint `no-restricted-imports` rules. npm hoisting
 * would let a forbidden import resolve silently; this makes it fail `npm run check`.
 */

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

/** @type {Record<string, {files: string[], forbidden: string[], message: string}>} */
const layers = {
  data: {
    files: ['schemas/**/*.{ts,tsx,js}', 'presets/**/*.{ts,tsx,js}'],
    forbidden: [
      ...workspaces.flatMap(ours),
      ...climbInto('engine', 'web', 'api', 'tests', 'tools', 'bench'),
    ],
    message: 'schemas/ und presets/ sind Daten und importieren nichts von uns (DESIGN §1).',
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
    message: 'engine/core kennt kein React, kein HTTP, keinen Router und kein Redux (DESIGN §1).',
  },
  engineReact: {
    files: ['engine/src/react/**/*.{ts,tsx}'],
    forbidden: [
      // sortablejs is the engine's own drag library (DESIGN §7); Redux is the app's.
      '@reduxjs/*',
      'react-redux',
      ...server,
      ...['web', 'api', 'tests', 'tools'].flatMap(ours),
      ...climbInto('web', 'api', 'tests', 'tools', 'bench'),
    ],
    message: 'engine/react bekommt Props und meldet Ereignisse; es lädt nichts (DESIGN §1).',
  },
  web: {
    files: ['web/src/**/*.{ts,tsx}'],
    forbidden: [
      ...server,
      ...['api', 'tests', 'tools'].flatMap(ours),
      ...climbInto('api', 'tests', 'tools', 'bench'),
    ],
    message: 'web importiert engine, schemas und presets, nie die API (DESIGN §1).',
  },
  api: {
    // Product code only: the API's own tests may use the shared test helpers of tests/.
    files: ['api/src/**/*.ts'],
    forbidden: [
      ...react,
      ...browserApp,
      ...['web', 'tests', 'tools'].flatMap(ours),
      '@fragewerk/engine/react',
      ...climbInto('web', 'tests', 'tools', 'bench'),
    ],
    message: 'api importiert engine/core, schemas und presets, nie React oder web (DESIGN §1).',
  },
};

/**
 * One entry per layer. The file patterns must not overlap: for a file matched twice, ESLint keeps
 * only the later `no-restricted-imports` setting.
 * @type {import('eslint').Linter.Config[]}
 */
export const dependencyRules = Object.entries(layers).map(([name, layer]) => ({
  name: `fragewerk/dependencies/${name}`,
  files: layer.files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: layer.forbidden, message: layer.message }] },
    ],
  },
}));
