import swc from 'unplugin-swc';
import { defineProject } from 'vitest/config';

// NestJS injects by constructor types, which needs decorator metadata; SWC emits it, esbuild does not.
export default defineProject({
  plugins: [
    swc.vite({
      jsc: {
        parser: { syntax: 'typescript', decorators: true },
        transform: { legacyDecorator: true, decoratorMetadata: true },
        target: 'es2023',
      },
    }),
  ],
  test: {
    name: 'api',
    root: import.meta.dirname,
    environment: 'node',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    setupFiles: ['reflect-metadata'],
    // Several tests start and restart real server processes (definition revisions, health,
    // shutdown); on a busy two-core machine one start can take 20 s, so a test gets two minutes.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // As every project (vitest.config.ts): three files at a time.
    maxWorkers: 3,
    // The files of a worker share one module graph: each file used to load NestJS, MikroORM and
    // PGlite afresh and warm them up again (the whole project: 502 s and 941 CPU-seconds with
    // isolation, 278 s and 511 without, on this two-core machine). No file mocks a module or
    // changes the environment; each starts servers of its own.
    isolate: false,
  },
});
