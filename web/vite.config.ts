import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';

export default defineConfig({
  plugins: [react()],
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
