import { defineConfig } from 'vitest/config';

/**
 * A project of plain Node tests. `isolate: false`: the files of a worker share one module graph
 * instead of loading it again for each file (none of them mocks a module). The engine keeps its
 * isolation: one of its files mocks a module.
 */
const node = (name: string) => ({
  test: {
    name,
    root: `./${name}`,
    environment: 'node' as const,
    maxWorkers: 3,
    isolate: name !== 'engine',
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'e2e/**'],
  },
});

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker less than the cores – on two cores one file at a
    // time. Three, one more than the cores: most API files spend their time waiting for servers,
    // processes, timers and the database (the API project alone: 267 s with three, about 340 s
    // with two; the web project 70 s with two, 104 s with one). Every project says it itself (a
    // project does not inherit it from here, and projects with different counts must not share
    // a group).
    maxWorkers: 3,
    projects: [
      ...['schemas', 'presets', 'engine', 'tools', 'tests'].map(node),
      'api/vitest.config.ts',
      'web/vite.config.ts',
    ],
  },
});
