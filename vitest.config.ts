import { defineConfig } from 'vitest/config';

const node = (name: string) => ({
  test: {
    name,
    root: `./${name}`,
    environment: 'node' as const,
    maxWorkers: 2,
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'e2e/**'],
  },
});

export default defineConfig({
  test: {
    // Vitest's default in a run is one worker less than the cores – on two cores one file at a
    // time. Every project says 2 itself (a project does not inherit it from here): many files wait
    // on servers, processes and timers, and two cores run two such files side by side.
    maxWorkers: 2,
    projects: [
      ...['schemas', 'presets', 'engine', 'tools', 'tests'].map(node),
      'api/vitest.config.ts',
      'web/vite.config.ts',
    ],
  },
});
