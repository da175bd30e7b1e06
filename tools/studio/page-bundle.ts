/**
 * The studio's page, bundled with esbuild when the studio starts: no build step to run first and
 * nothing to keep in sync, and the page is the engine's own React components and engine.css
 * (docs/architecture.md#das-studio-toolsstudio). The bundle is kept in node_modules/.cache with the
 * size and time of every file it was made from; while none of them changes, the next start uses it
 * as it is.
 */
import { mkdir, readFile, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

export interface PageBundle {
  js: string;
  css: string;
}

interface CachedBundle extends PageBundle {
  /** Every input file (relative to the working directory of the build) with its stamp. */
  inputs: Record<string, string>;
}

const entry = fileURLToPath(new URL('./page/main.tsx', import.meta.url));
const repository = fileURLToPath(new URL('../..', import.meta.url));
const cacheFile = path.join(repository, 'node_modules', '.cache', 'fragewerk-studio', 'page.json');

/** Size and modification time: changes whenever the file does. */
async function stampOf(file: string): Promise<string | undefined> {
  const info = await stat(path.resolve(repository, file)).catch(() => undefined);
  return info ? `${info.size}:${info.mtimeMs}` : undefined;
}

async function cachedBundle(): Promise<PageBundle | undefined> {
  const cached = JSON.parse(
    await readFile(cacheFile, 'utf8').catch(() => 'null'),
  ) as CachedBundle | null;
  if (!cached?.inputs) return undefined;
  const files = Object.entries(cached.inputs);
  const stamps = await Promise.all(files.map(([file]) => stampOf(file)));
  return files.every(([, stamp], index) => stamps[index] === stamp)
    ? { js: cached.js, css: cached.css }
    : undefined;
}

export async function bundlePage(): Promise<PageBundle> {
  const cached = await cachedBundle();
  if (cached) return cached;
  const result = await build({
    entryPoints: [entry],
    absWorkingDir: repository,
    bundle: true,
    write: false,
    metafile: true,
    outdir: 'studio',
    entryNames: 'studio',
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    minify: true,
    legalComments: 'none',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'silent',
  });
  const text = (extension: string) =>
    result.outputFiles.find((file) => file.path.endsWith(extension))?.text ?? '';
  const bundle = { js: text('.js'), css: text('.css') };
  const files = Object.keys(result.metafile.inputs).filter((file) => !file.includes(':'));
  const stamps = await Promise.all(files.map(stampOf));
  const inputs = Object.fromEntries(files.map((file, index) => [file, stamps[index] ?? '']));
  // A cache that cannot be written only costs the next start its bundling.
  await mkdir(path.dirname(cacheFile), { recursive: true })
    .then(() => writeFile(cacheFile, JSON.stringify({ ...bundle, inputs })))
    .catch(() => undefined);
  return bundle;
}
