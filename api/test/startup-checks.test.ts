import { execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { builtServer } from './server-process.ts';

/*
 * What an operator sees when the server cannot start because of its surroundings: a Node older
 * than 24, a data folder that is no folder, read-only or full. One German message on stderr, exit
 * code 1, no stack trace – as the built server (`node main.js`) runs in production.
 */

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const preflight = path.join(apiDir, 'src', 'preflight.js');
/** The machine's own Node (20 here), outside the project's node_modules/.bin. */
const SYSTEM_NODE = '/usr/bin/node';
const systemNodeMajor = existsSync(SYSTEM_NODE)
  ? Number(execFileSync(SYSTEM_NODE, ['-p', 'process.versions.node.split(".")[0]']).toString())
  : undefined;

/** A stack trace's frame line, as Node prints them. */
const STACK_FRAME = /^\s+at .+:\d+:\d+\)?$/m;

let buildDir: string;
let scratch: string;
/** Folders this test mounted a file system on (unmounted at the end). */
const mounts: string[] = [];

beforeAll(async () => {
  buildDir = await builtServer();
  scratch = await mkdtemp(path.join(tmpdir(), 'fragewerk-startup-'));
}, 180_000);

afterAll(async () => {
  for (const folder of mounts) execFileSync('umount', [folder]);
  await rm(scratch, { recursive: true, force: true });
});

/** Runs `node args…` to its end; its exit code and everything it printed. */
function run(
  node: string,
  args: string[],
  env: Record<string, string> = {},
): Promise<{ code: number | null; stdout: string; stderr: string }> {
  const child = spawn(node, args, {
    env: { ...process.env, PORT: '0', DATABASE_URL: '', SESSION_SECRET: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`läuft nach 60 s noch:\n${stdout}${stderr}`));
    }, 60_000);
    child.once('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr });
    });
  });
}

/** Mounts a small tmpfs on a new folder (root only); undefined where mounting is not allowed. */
function mountTmpfs(name: string, options: string): string | undefined {
  const folder = path.join(scratch, name);
  mkdirSync(folder);
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', options, 'tmpfs', folder], { stdio: 'ignore' });
  } catch {
    return undefined;
  }
  mounts.push(folder);
  return folder;
}

describe('Node older than 24', () => {
  it.runIf(systemNodeMajor !== undefined && systemNodeMajor < 24)(
    `the preflight refuses the machine's Node ${systemNodeMajor} in German and names Node 24 and npm ci`,
    async () => {
      const result = await run(SYSTEM_NODE, [preflight]);
      expect(result.code).toBe(1);
      expect(result.stdout).toBe('');
      expect(result.stderr).toContain(
        `Fragewerk startet nicht: Es braucht Node.js 24 oder neuer, gestartet wurde es mit Node.js ${systemNodeMajor}.`,
      );
      expect(result.stderr).toContain('„npm ci“ im Projektordner installiert Node.js 24');
      expect(result.stderr).not.toMatch(STACK_FRAME);
    },
  );

  it.runIf(systemNodeMajor !== undefined && systemNodeMajor < 24)(
    'the built server runs the preflight before anything an old Node cannot load',
    async () => {
      const result = await run(SYSTEM_NODE, [path.join(buildDir, 'main.js')], {
        DATA_DIR: path.join(scratch, 'alt'),
      });
      expect(result.code).toBe(1);
      expect(result.stderr).toMatch(/^Fragewerk startet nicht: Es braucht Node.js 24 oder neuer/);
      expect(result.stderr).not.toMatch(STACK_FRAME);
      expect(result.stderr).not.toContain('SyntaxError');
      expect(existsSync(path.join(scratch, 'alt'))).toBe(false);
    },
  );

  it('lets this Node through silently', async () => {
    expect(Number(process.versions.node.split('.')[0])).toBeGreaterThanOrEqual(24);
    expect(await run(process.execPath, [preflight])).toEqual({ code: 0, stdout: '', stderr: '' });
  });
});

describe('a data folder that cannot be written', () => {
  /** Starts the built server on `dataDir`; expects the refusal and returns its message. */
  async function refusal(dataDir: string, env: Record<string, string> = {}) {
    const result = await run(process.execPath, [path.join(buildDir, 'main.js')], {
      DATA_DIR: dataDir,
      ...env,
    });
    expect(result.code, result.stdout + result.stderr).toBe(1);
    expect(result.stderr).not.toMatch(STACK_FRAME);
    expect(result.stdout).not.toContain('Fragewerk läuft unter');
    return result.stderr.trim();
  }

  it('DATA_DIR below a regular file', async () => {
    const file = path.join(scratch, 'eine-datei');
    writeFileSync(file, 'kein Ordner');
    const message = await refusal(path.join(file, 'data'));
    expect(message).toBe(
      `Fragewerk startet nicht: In ${path.join(file, 'data')} kann Fragewerk nicht schreiben – ein Teil des Pfads ist eine Datei, kein Ordner. Dort liegen der Sitzungsschlüssel (session-secret, ohne SESSION_SECRET), die Mails als .eml-Dateien (mail/, ohne SMTP_URL) und die eingebettete Datenbank (pglite/, ohne DATABASE_URL). Bitte setzen Sie DATA_DIR auf einen beschreibbaren Ordner mit freiem Platz (Standard: ./data im Startordner) oder beheben Sie die Ursache.`,
    );
  });

  it('a mail folder that is a file names the mail folder', async () => {
    const dataDir = path.join(scratch, 'mail-datei');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'mail'), '');
    const message = await refusal(dataDir, { SESSION_SECRET: 'ein-langes-gemeinsames-geheimnis' });
    expect(message).toContain(`In ${path.join(dataDir, 'mail')} kann Fragewerk nicht schreiben`);
    expect(message).toContain('Dort liegen die Mails als .eml-Dateien (mail/, ohne SMTP_URL).');
  });

  it('an embedded-database folder that is a file names the database', async () => {
    const dataDir = path.join(scratch, 'pglite-datei');
    mkdirSync(dataDir);
    writeFileSync(path.join(dataDir, 'pglite'), '');
    const message = await refusal(dataDir);
    expect(message).toContain(`In ${path.join(dataDir, 'pglite')} kann Fragewerk nicht schreiben`);
    expect(message).toContain(
      'Dort liegen die eingebettete Datenbank (pglite/, ohne DATABASE_URL).',
    );
  });

  // Root ignores file modes, so read-only and full are real file systems: a tmpfs mounted
  // read-only, and one filled up. Where the test may not mount, it says so and skips.
  it('a read-only file system (EROFS)', async (context) => {
    const folder = mountTmpfs('nur-lesen', 'ro,size=1m');
    if (!folder) return context.skip('mount ist hier nicht erlaubt');
    const message = await refusal(folder);
    expect(message).toMatch(
      new RegExp(
        `^Fragewerk startet nicht: In ${folder} kann Fragewerk nicht schreiben – das Dateisystem ist schreibgeschützt\\.`,
      ),
    );
  });

  it('a full file system (ENOSPC)', async (context) => {
    const folder = mountTmpfs('voll', 'size=64k');
    if (!folder) return context.skip('mount ist hier nicht erlaubt');
    try {
      writeFileSync(path.join(folder, 'fuellung'), Buffer.alloc(1024 * 1024));
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    }
    const message = await refusal(folder);
    expect(message).toMatch(
      new RegExp(
        `^Fragewerk startet nicht: In ${folder} kann Fragewerk nicht schreiben – der Speicherplatz ist voll\\.`,
      ),
    );
  });
});
