import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
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

/** Compiles the API like `npm run build -w api`, into `outDir` (inside api/, so its imports resolve). */
export function buildServer(outDir: string): void {
  execFileSync(
    process.execPath,
    [
      path.join(apiDir, '..', 'node_modules', 'typescript', 'bin', 'tsc'),
      '-p',
      path.join(apiDir, 'tsconfig.build.json'),
      '--outDir',
      outDir,
    ],
    { stdio: 'inherit' },
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
