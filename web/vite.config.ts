import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import react from '@vitejs/plugin-react';
import type { Plugin, Rolldown } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Marks the chunks whose functions run once loaded with V8's explicit compile hint
 * (`//# allFunctionsCalledOnLoad`, Chrome 136+; to other engines a comment): the entry and the
 * chunks it imports, which every page load runs, and the chunks of the app's own code (a screen's
 * page, the item editor). V8 then compiles all their functions while it streams the file, on a
 * background thread; without it each function was compiled on the main thread when first called,
 * a third of the results view's scripting. Library chunks loaded later (rjsf, sortablejs) keep lazy
 * compilation: a screen uses a part of them. Added to the finished bundle because minification
 * drops comments (so the file names' hashes are of the code without it); the source map moves down
 * by the comment's line.
 */
function compileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  const ownCode = (chunk: Rolldown.OutputChunk) =>
    chunk.moduleIds.every((id) => !id.includes('/node_modules/'));
  return {
    name: 'fragewerk:compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const chunks = Object.values(bundle).filter((file) => file.type === 'chunk');
        const startup = new Set(
          chunks
            .filter((chunk) => chunk.isEntry)
            .flatMap((chunk) => [chunk.fileName, ...chunk.imports]),
        );
        for (const chunk of chunks) {
          if (!startup.has(chunk.fileName) && !ownCode(chunk)) continue;
          chunk.code = HINT + chunk.code;
          const map = chunk.sourcemapFileName ? bundle[chunk.sourcemapFileName] : undefined;
          if (map?.type === 'asset' && typeof map.source === 'string') {
            const json = JSON.parse(map.source) as { mappings: string };
            map.source = JSON.stringify({ ...json, mappings: `;${json.mappings}` });
          }
        }
      },
    },
  };
}

/**
 * Writes every built script and stylesheet of 1 KB or more also compressed beside it, with brotli
 * (`.br`, best quality) and gzip (`.gz`, level 9): the server sends those to a browser that accepts
 * them (`api/src/create-app.ts`), so a customer fetches about a third of the bytes and the server
 * compresses nothing per request. Runs once the files are written, so it compresses them as they
 * are served, with compileHints' comment (a plugin compressing in `generateBundle` ran before it).
 */
function precompress(): Plugin {
  const brotli = promisify(brotliCompress);
  const gzipped = promisify(gzip);
  return {
    name: 'fragewerk:precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const files = Object.keys(bundle)
        .filter((name) => /\.(js|css)$/.test(name))
        .map((name) => path.join(options.dir!, name));
      await Promise.all(
        files.map(async (file) => {
          const source = await readFile(file);
          if (source.length < 1024) return;
          const [br, gz] = await Promise.all([
            brotli(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }),
            gzipped(source, { level: 9 }),
          ]);
          await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
        }),
      );
    },
  };
}

export default defineConfig({
  plugins: [react(), compileHints(), precompress()],
  // The manifest lets the bundle budget follow exactly what the entry loads.
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    sourcemap: true,
    manifest: true,
    rolldownOptions: {
      output: {
        codeSplitting: {
          groups: [
            // With the libraries, the API client, the current user, the dialog, the icons and the
            // engine's small shared helpers: every route needs them first, yet lazy screens import
            // them too, which would make them chunks of their own (1.5 KB gzip more on the share
            // link's first load).
            {
              name: 'start',
              test: /node_modules[\\/](react|react-dom|scheduler|@reduxjs|immer|reselect|redux|react-redux|react-router|react-router-dom|i18next|react-i18next|use-sync-external-store|@standard-schema|redux-thunk)[\\/]|src[\\/]lib[\\/](api|connection|csrf|user-api|handled-errors)\.ts$|engine[\\/]src[\\/]react[\\/](overlay[\\/]dialog|icons)\.tsx$|engine[\\/]src[\\/]core[\\/](resolve-presets|format-range|is-object)\.ts$/,
            },
          ],
        },
      },
    },
  },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    // As every project (vitest.config.ts): three files at a time.
    maxWorkers: 3,
    // One jsdom per worker, each file in a VM context of its own on it (isolated as before):
    // creating jsdom for every file took a third of the project's time (123 s → 45 s, 237 → 82
    // CPU-seconds). The context lacks Node's web streams; src/test/setup.ts lends them.
    pool: 'vmThreads',
  },
});
