import * as webStreams from 'node:stream/web';
import { BroadcastChannel as NodeBroadcastChannel } from 'node:worker_threads';

// Each test file runs in a VM context of its own on one jsdom per worker (pool `vmThreads`,
// web/vite.config.ts); jsdom's window lacks Node's web streams, which msw needs.
for (const name of [
  'ReadableStream',
  'WritableStream',
  'TransformStream',
  'TextDecoderStream',
  'TextEncoderStream',
] as const)
  (globalThis as Record<string, unknown>)[name] ??= webStreams[name];
(globalThis as Record<string, unknown>).BroadcastChannel ??= NodeBroadcastChannel;
import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.body.className = '';
  // Drafts (docs/product.md#entwürfe) live in the browser's storage: each test starts without.
  localStorage.clear();
});
