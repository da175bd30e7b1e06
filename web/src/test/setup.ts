import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  cleanup();
  document.body.className = '';
  // Drafts (docs/product.md#entwürfe) live in the browser's storage: each test starts without.
  localStorage.clear();
});
