import * as webStreams from 'node:stream/web';
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// Each test file runs in a VM context of its own on one jsdom per worker (pool `vmThreads`,
// web/vite.config.ts); that context lacks Node's web streams, which msw needs when a test file
// imports it.
for (const name of [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
] as const)
  (globalThis as Record<string, unknown>)[name] ??= webStreams[name];

afterEach(() => {
  cleanup();
  document.body.className = '';
  // Drafts (docs/product.md#entwürfe) live in the browser's storage: each test starts without.
  localStorage.clear();
});
