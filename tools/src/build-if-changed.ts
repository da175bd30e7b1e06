// `npm start`'s build step: builds the web app and the API only when their inputs changed since
// their last successful build, so a restart without changes goes straight to the server (and a
// production install without dev dependencies starts from the built files). Run by plain `node`
// (Node 24 strips the types itself): no tsx, nothing imported but Node's own modules, so it works
// where the dev dependencies are absent.

import { createHash } from 'node:crypto';
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** One workspace's build: what it reads, what it leaves, how it runs. */
export interface BuildTarget {
  /** The workspace's name, as the messages show it (`web`, `api`). */
  name: string;
  /** Files and folders (relative to the root) the build reads; folders are read recursively. */
  inputs: string[];
  /** The stamp file (relative to the root) holding the inputs' hash of the last successful build. */
  stamp: string;
  /** A file (relative to the root) every finished build leaves; missing means: build. */
  output: string;
  /** The build command (argv), run in the root. */
  command: string[];
  /**
   * Packages the build needs that only a full install brings (dev dependencies, absent after
   * `npm ci --omit=dev`). Packages, not executables: tsc itself may come along with a production
   * install (an optional peer of i18next), its type definitions do not.
   */
  tools: string[];
}

/** What both builds read: the shared packages as sources, the base tsconfig, the lock file. */
const SHARED_INPUTS = ['engine', 'schemas', 'presets', 'tsconfig.base.json', 'package-lock.json'];

/**
 * The real builds. Inputs are what vite and tsc read: the workspace's sources and configs, the
 * shared packages they import (engine, schemas, presets – as TypeScript sources and JSON), the base
 * tsconfig and the lock file (a dependency's new version can change the output, e.g. the embedded
 * database template named after PGlite's version). The questionnaires in definitions/ are read at
 * the server's start, not by a build. Tests do not go into a build, so they do not count.
 */
export const TARGETS: BuildTarget[] = [
  {
    name: 'web',
    inputs: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/tsconfig.json',
      'web/package.json',
      ...SHARED_INPUTS,
    ],
    stamp: 'web/dist/.build-stamp',
    output: 'web/dist/index.html',
    command: ['npm', 'run', 'build', '-w', 'web'],
    tools: ['vite', '@vitejs/plugin-react'],
  },
  {
    name: 'api',
    inputs: [
      'api/src',
      'api/tsconfig.json',
      'api/tsconfig.build.json',
      'api/package.json',
      ...SHARED_INPUTS,
    ],
    stamp: 'api/dist/.build-stamp',
    output: 'api/dist/main.js',
    command: ['npm', 'run', 'build', '-w', 'api'],
    tools: ['typescript', '@types/node'],
  },
];

/** Folders no build reads as a source: dependencies, outputs, test builds, hidden folders. */
const SKIPPED_FOLDER = /^(node_modules|dist|coverage|\..*)$/;
/** Tests and their snapshots stay out of every bundle and of tsconfig.build.json. */
const SKIPPED_FILE = /\.test\.tsx?$|\.snap$/;
/** Changes when what the stamp means changes (e.g. the skipped files), forcing one build. */
const STAMP_VERSION = '1';

/** Every file under `relative` (a file or a folder), sorted, as paths relative to `root`. */
function filesOf(root: string, relative: string): string[] {
  const entries = readdirSync(path.join(root, relative), { withFileTypes: true });
  const files: string[] = [];
  for (const entry of entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))) {
    const child = path.posix.join(relative, entry.name);
    if (entry.isDirectory()) {
      if (!SKIPPED_FOLDER.test(entry.name)) files.push(...filesOf(root, child));
    } else if (entry.isFile() && !SKIPPED_FILE.test(entry.name)) {
      files.push(child);
    }
  }
  return files;
}

/** A hash of the inputs' paths and contents: any changed, added or removed file changes it. */
export function hashInputs(root: string, inputs: string[]): string {
  const hash = createHash('sha256').update(`fragewerk-build-stamp ${STAMP_VERSION}\n`);
  for (const input of inputs) {
    const stat = statSync(path.join(root, input), { throwIfNoEntry: false });
    const files = stat?.isDirectory() ? filesOf(root, input) : stat ? [input] : [];
    hash.update(`input ${input} ${files.length}\n`);
    for (const file of files) {
      const content = readFileSync(path.join(root, file));
      hash.update(`${file} ${content.length}\n`).update(content);
    }
  }
  return hash.digest('hex');
}

/** Why `target` needs a build, or undefined when its last build is of the same inputs. */
export function reasonToBuild(root: string, target: BuildTarget, hash: string): string | undefined {
  if (!existsSync(path.join(root, target.output))) return `${target.output} fehlt`;
  const stampFile = path.join(root, target.stamp);
  if (!existsSync(stampFile)) return 'noch kein Build-Stempel';
  if (readFileSync(stampFile, 'utf8').trim() !== hash)
    return 'Quellen geändert seit dem letzten Build';
  return undefined;
}

/** The tools of `target` missing from node_modules (the root's or the workspace's). */
function missingTools(root: string, target: BuildTarget): string[] {
  const workspace = target.stamp.split('/')[0]!;
  return target.tools.filter(
    (tool) =>
      !existsSync(path.join(root, 'node_modules', tool, 'package.json')) &&
      !existsSync(path.join(root, workspace, 'node_modules', tool, 'package.json')),
  );
}

/** Thrown when a build is needed but cannot run; its message is for the operator, in German. */
export class BuildError extends Error {}

export interface BuildReport {
  built: string[];
  skipped: string[];
}

/**
 * Builds each target whose inputs changed, in order, and stamps it after its build succeeded.
 * Throws a BuildError when a build is needed but its tools are missing or it fails.
 */
export function buildIfChanged(
  root: string,
  targets: BuildTarget[] = TARGETS,
  log: (line: string) => void = (line) => console.log(line),
): BuildReport {
  const report: BuildReport = { built: [], skipped: [] };
  const due = targets.map((target) => {
    const hash = hashInputs(root, target.inputs);
    return { target, hash, reason: reasonToBuild(root, target, hash) };
  });
  const missing = [
    ...new Set(due.flatMap(({ target, reason }) => (reason ? missingTools(root, target) : []))),
  ];
  if (missing.length > 0) {
    const why = due
      .filter(({ reason }) => reason)
      .map(({ target, reason }) => `${target.name}: ${reason}`)
      .join('; ');
    throw new BuildError(
      [
        `Fragewerk muss vor dem Start neu gebaut werden (${why}), aber die Build-Werkzeuge fehlen: ${missing.join(', ')}.`,
        'Sie gehören zu den Entwicklungsabhängigkeiten, die „npm ci --omit=dev“ nicht installiert.',
        'Bitte im Projektordner „npm ci“ (ohne --omit=dev) ausführen und „npm start“ erneut aufrufen – oder auf einem Rechner mit allen Abhängigkeiten „npm run build“ ausführen und die Ordner web/dist und api/dist mit denselben Quellen mitliefern.',
      ].join('\n'),
    );
  }
  for (const { target, hash, reason } of due) {
    if (!reason) {
      report.skipped.push(target.name);
      continue;
    }
    log(`Baue ${target.name} (${reason}) …`);
    const [command, ...args] = target.command;
    const result = spawnSync(command!, args, { cwd: root, stdio: 'inherit' });
    if (result.status !== 0) {
      throw new BuildError(
        `Der Build von ${target.name} ist fehlgeschlagen (${result.error?.message ?? `Exit-Code ${result.status ?? result.signal}`}); Fragewerk startet nicht.`,
      );
    }
    const stampFile = path.join(root, target.stamp);
    mkdirSync(path.dirname(stampFile), { recursive: true });
    writeFileSync(stampFile, `${hash}\n`);
    report.built.push(target.name);
  }
  return report;
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const root = fileURLToPath(new URL('../..', import.meta.url));
  // `node build-if-changed.ts web` builds only the named targets (the bundle check needs the app).
  const names = process.argv.slice(2);
  const targets = names.length > 0 ? TARGETS.filter(({ name }) => names.includes(name)) : TARGETS;
  try {
    buildIfChanged(root, targets);
  } catch (error) {
    if (!(error instanceof BuildError)) throw error;
    console.error(error.message);
    process.exit(1);
  }
}
