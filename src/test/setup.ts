import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => {
  // Each test renders its own app, with its own catalogue cache (a fresh query client).
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
