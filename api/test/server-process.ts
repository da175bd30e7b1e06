import { type ChildProcess, spawn } from 'node:child_process';
import { mkdirSync, rmSync, statSync } from 'node:fs';
import { createServer, type Server } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged, TARGETS } from '../../tools/src/build-if-changed.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));
const rootDir = path.join(apiDir, '..');

/**
 * `count` different ports nobody listens on right now. All are held open until each has one: the
 * system may hand a port just closed out again, and two servers on one port refuse to start.
 */
export async function freePorts(count: number): Promise<number[]> {
  const servers = await Promise.all(
    Array.from(
      { length: count },
      () =>
        new Promise<Server>((resolve) => {
          const server = createServer().listen(0, '127.0.0.1', () => resolve(server));
        }),
    ),
  );
  const ports = servers.map((server) => (server.address() as { port: number }).port);
  await Promise.all(
    servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve()))),
  );
  return ports;
}

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  const [port] = await freePorts(1);
  return port!;
}

/**
 * The compiled server of `npm run build -w api` (`api/dist`), which every test of server processes
 * shares: `npm test` builds it before the tests run; when its inputs changed since (a test run on
 * its own after an edit), it is built here first like `npm start` does – once, whichever test file
 * gets there first (a lock folder keeps two workers from building at the same time).
 */
export async function builtServer(): Promise<string> {
  const lock = path.join(apiDir, '.build-lock');
  for (;;) {
    try {
      mkdirSync(lock);
      break;
    } catch {
      // A lock older than any build is left over from a run that was killed while building.
      const since = Date.now() - (statSync(lock, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (since > 10 * 60_000) rmSync(lock, { recursive: true, force: true });
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  }
  try {
    buildIfChanged(
      rootDir,
      TARGETS.filter(({ name }) => name === 'api'),
      () => {},
    );
  } finally {
    rmSync(lock, { recursive: true, force: true });
  }
  return path.join(apiDir, 'dist');
}

/**
 * Starts `node main.js` of a build as its own OS process and waits for its start message.
 * `onOutput` sees everything it prints.
 */
export async function startServerProcess(
  buildDir: string,
  env: Record<string, string>,
  onOutput?: (text: string) => void,
): Promise<ChildProcess> {
  const child = spawn(process.execPath, [path.join(buildDir, 'main.js')], {
    env: { ...process.env, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  await new Promise<void>((resolve, reject) => {
    let log = '';
    const timer = setTimeout(() => reject(new Error(`Server startete nicht:\n${log}`)), 60_000);
    const listen = (chunk: Buffer) => {
      log += chunk.toString();
      onOutput?.(chunk.toString());
      if (log.includes('Fragewerk läuft unter')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout!.on('data', listen);
    child.stderr!.on('data', listen);
    child.once('exit', (code) => reject(new Error(`Server beendet (${code}):\n${log}`)));
  });
  return child;
}
