import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BuildError,
  type BuildTarget,
  buildIfChanged,
  hashInputs,
  TARGETS,
} from './build-if-changed.ts';

/*
 * A small project in a temp folder with two workspaces whose "build" is a node one-liner: it
 * appends its name to builds.log and writes its output file. The log shows which builds ran.
 */

let root: string;

function write(relative: string, content: string) {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), content);
}

function target(name: string, exitCode = 0): BuildTarget {
  const script = [
    `const fs = require('node:fs');`,
    `fs.appendFileSync('builds.log', '${name}\\n');`,
    `fs.mkdirSync('${name}/dist', { recursive: true });`,
    `fs.writeFileSync('${name}/dist/main.js', '');`,
    `process.exit(${exitCode});`,
  ].join(' ');
  return {
    name,
    inputs: [`${name}/src`, `${name}/package.json`, 'shared', 'package-lock.json'],
    stamp: `${name}/dist/.build-stamp`,
    output: `${name}/dist/main.js`,
    command: [process.execPath, '-e', script],
    tools: ['fake-build-tool'],
  };
}

const targets = () => [target('web'), target('api')];
const builds = () =>
  existsSync(path.join(root, 'builds.log'))
    ? readFileSync(path.join(root, 'builds.log'), 'utf8').split('\n').filter(Boolean)
    : [];
const quiet = () => {};

beforeEach(async () => {
  root = await mkdtemp(path.join(tmpdir(), 'fragewerk-build-if-changed-'));
  write('web/src/main.tsx', 'export const app = 1;');
  write('web/package.json', '{}');
  write('api/src/main.ts', 'export const server = 1;');
  write('api/package.json', '{}');
  write('shared/src/index.ts', 'export const shared = 1;');
  write('package-lock.json', '{}');
  write('node_modules/fake-build-tool/package.json', '{}');
});

afterEach(async () => {
  await rm(root, { recursive: true, force: true });
});

describe('buildIfChanged', () => {
  it('builds every workspace without a build, then skips them while nothing changed', () => {
    expect(buildIfChanged(root, targets(), quiet)).toEqual({ built: ['web', 'api'], skipped: [] });
    expect(builds()).toEqual(['web', 'api']);
    expect(readFileSync(path.join(root, 'api/dist/.build-stamp'), 'utf8').trim()).toMatch(
      /^[0-9a-f]{64}$/,
    );

    expect(buildIfChanged(root, targets(), quiet)).toEqual({ built: [], skipped: ['web', 'api'] });
    expect(builds()).toEqual(['web', 'api']);
  });

  it('builds only the workspace whose source changed', () => {
    buildIfChanged(root, targets(), quiet);
    write('api/src/main.ts', 'export const server = 2;');
    const lines: string[] = [];
    expect(buildIfChanged(root, targets(), (line) => lines.push(line))).toEqual({
      built: ['api'],
      skipped: ['web'],
    });
    expect(lines).toEqual(['Baue api (Quellen geändert seit dem letzten Build) …']);
    expect(builds()).toEqual(['web', 'api', 'api']);
  });

  it('builds both when a shared input changes, a file is added or removed', () => {
    buildIfChanged(root, targets(), quiet);
    write('package-lock.json', '{"lockfileVersion": 3}');
    expect(buildIfChanged(root, targets(), quiet).built).toEqual(['web', 'api']);
    write('shared/src/new.ts', '');
    expect(buildIfChanged(root, targets(), quiet).built).toEqual(['web', 'api']);
    rmSync(path.join(root, 'shared/src/new.ts'));
    expect(buildIfChanged(root, targets(), quiet).built).toEqual(['web', 'api']);
  });

  it('ignores tests, node_modules and dist folders among the inputs', () => {
    buildIfChanged(root, targets(), quiet);
    write('web/src/main.test.tsx', 'test');
    write('shared/node_modules/x/index.js', '');
    write('shared/dist/out.js', '');
    expect(buildIfChanged(root, targets(), quiet).built).toEqual([]);
  });

  it('builds again when the output is gone even with a matching stamp', () => {
    buildIfChanged(root, targets(), quiet);
    rmSync(path.join(root, 'web/dist/main.js'));
    expect(buildIfChanged(root, targets(), quiet).built).toEqual(['web']);
  });

  it('does not stamp a failed build, so the next start tries again', () => {
    expect(() => buildIfChanged(root, [target('api', 2)], quiet)).toThrow(
      new BuildError(
        'Der Build von api ist fehlgeschlagen (Exit-Code 2); Fragewerk startet nicht.',
      ),
    );
    expect(existsSync(path.join(root, 'api/dist/.build-stamp'))).toBe(false);
    expect(buildIfChanged(root, [target('api')], quiet).built).toEqual(['api']);
  });

  describe('without the build tools (npm ci --omit=dev)', () => {
    it('starts from the built files while nothing changed', () => {
      buildIfChanged(root, targets(), quiet);
      rmSync(path.join(root, 'node_modules'), { recursive: true });
      expect(buildIfChanged(root, targets(), quiet)).toEqual({
        built: [],
        skipped: ['web', 'api'],
      });
    });

    it('says in German what to do when a build is needed, and builds nothing', () => {
      buildIfChanged(root, targets(), quiet);
      rmSync(path.join(root, 'node_modules'), { recursive: true });
      write('web/src/main.tsx', 'export const app = 2;');
      let message = '';
      try {
        buildIfChanged(root, targets(), quiet);
      } catch (error) {
        expect(error).toBeInstanceOf(BuildError);
        message = (error as Error).message;
      }
      expect(message).toContain(
        'Fragewerk muss vor dem Start neu gebaut werden (web: Quellen geändert seit dem letzten Build), aber die Build-Werkzeuge fehlen: fake-build-tool.',
      );
      expect(message).toContain('„npm ci“ (ohne --omit=dev)');
      expect(builds()).toEqual(['web', 'api']);
    });
  });
});

describe('the real builds', () => {
  const repo = path.join(import.meta.dirname, '..', '..');

  it('hash every input they name, and fast', () => {
    for (const { name, inputs } of TARGETS) {
      for (const input of inputs) {
        expect(existsSync(path.join(repo, input)), `${name}: ${input}`).toBe(true);
      }
      const started = performance.now();
      expect(hashInputs(repo, inputs)).toMatch(/^[0-9a-f]{64}$/);
      // ~20 ms on the reference machine; the bound only catches hashing gone wrong (e.g. node_modules).
      expect(performance.now() - started).toBeLessThan(1000);
    }
  });
});

describe('npm start on a Node older than 24', () => {
  const repo = path.join(import.meta.dirname, '..', '..');
  /** The machine's own Node (20 here): what runs where node_modules/.bin/node is missing. */
  const SYSTEM_NODE = '/usr/bin/node';
  const systemMajor = existsSync(SYSTEM_NODE)
    ? Number(execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node.split(".")[0]']).toString())
    : undefined;

  it.runIf(systemMajor !== undefined && systemMajor < 24)(
    'stops at the preflight in German, before the build step (which an old Node cannot run)',
    async () => {
      const bin = await mkdtemp(path.join(tmpdir(), 'fragewerk-old-node-'));
      try {
        symlinkSync(SYSTEM_NODE, path.join(bin, 'node'));
        const scripts = (
          JSON.parse(readFileSync(path.join(repo, 'package.json'), 'utf8')) as {
            scripts: Record<string, string>;
          }
        ).scripts;
        // The start script as npm runs it, with only the old Node on PATH (no node_modules/.bin).
        const result = spawnSync('sh', ['-c', scripts.start!], {
          cwd: repo,
          env: { ...process.env, PATH: `${bin}:/usr/bin:/bin` },
          encoding: 'utf8',
          timeout: 30_000,
        });
        expect(result.status).toBe(1);
        expect(result.stderr).toMatch(
          new RegExp(
            `^Fragewerk startet nicht: Es braucht Node.js 24 oder neuer, gestartet wurde es mit Node.js ${systemMajor}\\.`,
          ),
        );
        expect(result.stderr).not.toContain('SyntaxError');
        expect(result.stdout).not.toContain('Baue');
      } finally {
        await rm(bin, { recursive: true, force: true });
      }
    },
  );
});
