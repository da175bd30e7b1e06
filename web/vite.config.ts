import react from '@vitejs/plugin-react';
import type { Plugin } from 'vite';
import { defineConfig } from 'vitest/config';

/**
 * Marks the chunks every page load runs — the entry and the chunks it imports — with V8's
 * explicit compile hint (`//# allFunctionsCalledOnLoad`, Chrome 136+; to other engines a comment).
 * V8 then compiles all their functions while it streams the file, on a background thread. Without
 * it each function was compiled on the main thread when first called: a third of the results
 * view's scripting. Lazily loaded chunks keep lazy compilation (a page uses a part of rjsf, for
 * example). Added to the finished bundle because minification drops comments (so the file names'
 * hashes are of the code without it); the source map moves down by the comment's line.
 */
function startupCompileHints(): Plugin {
  const HINT = '//# allFunctionsCalledOnLoad\n';
  return {
    name: 'fragewerk:startup-compile-hints',
    apply: 'build',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const entry = Object.values(bundle).find((file) => file.type === 'chunk' && file.isEntry);
        if (entry?.type !== 'chunk') return;
        for (const name of [entry.fileName, ...entry.imports]) {
          const chunk = bundle[name];
          if (chunk?.type !== 'chunk') continue;
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
  plugins: [react(), startupCompileHints()],
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
