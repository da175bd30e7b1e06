import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

/** A port nobody listens on right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/**
 * The compiled server of `npm run build -w api` (`api/dist`), which every test of server processes
 * shares: `npm test` builds it before the tests run; when a source under `api/src` is newer than
 * the build (a test run on its own after an edit), it is built here first – once, whichever test
 * file gets there first (a lock folder keeps two workers from building at the same time).
 */
export async function builtServer(): Promise<string> {
  const distDir = path.join(apiDir, 'dist');
  const lock = path.join(apiDir, '.build-lock');
  for (;;) {
    if (!buildIsStale(distDir)) return distDir;
    try {
      mkdirSync(lock);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 500));
      continue;
    }
    try {
      if (buildIsStale(distDir)) {
        execFileSync('npm', ['run', 'build', '-w', 'api'], {
          cwd: path.join(apiDir, '..'),
          stdio: 'inherit',
        });
      }
    } finally {
      rmSync(lock, { recursive: true, force: true });
    }
  }
}

/** Whether `api/dist` is missing or older than the newest file under `api/src`. */
function buildIsStale(distDir: string): boolean {
  const entry = path.join(distDir, 'main.js');
  if (!existsSync(entry)) return true;
  const built = statSync(entry).mtimeMs;
  const sources = readdirSync(path.join(apiDir, 'src'), { recursive: true, withFileTypes: true });
  return sources.some(
    (file) => file.isFile() && statSync(path.join(file.parentPath, file.name)).mtimeMs > built,
  );
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
