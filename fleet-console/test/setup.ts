import { afterEach } from 'vitest';

afterEach(() => {
  // Each test is a fresh console: nothing remembered from the one before.
  localStorage.clear();
});
