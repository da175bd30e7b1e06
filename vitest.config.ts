import { defineConfig } from 'vitest/config';

const node = (name: string) => ({
  test: {
    name,
    root: `./${name}`,
    environment: 'node' as const,
    include: ['**/*.test.ts', '**/*.test.tsx'],
    exclude: ['**/node_modules/**', 'e2e/**'],
  },
});

export default defineConfig({
  test: {
    projects: [
      ...['schemas', 'presets', 'engine', 'tools', 'tests'].map(node),
      'api/vitest.config.ts',
      'web/vite.config.ts',
    ],
  },
});
