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

export default defineConfig({
  plugins: [react(), compileHints()],
  // The manifest lets the bundle budget follow exactly what the entry loads.
  build: { outDir: 'dist', emptyOutDir: true, sourcemap: true, manifest: true },
  server: { proxy: { '/api': 'http://localhost:3000' } },
  test: {
    name: 'web',
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
  },
});
