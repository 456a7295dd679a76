import { afterEach } from 'vitest';

/**
 * A test file that needs no page starts with `// @vitest-environment node`: no DOM is built
 * for it, which cost about a second a file, and it has no storage to clear.
 */
const hasDom = typeof window !== 'undefined';

afterEach(() => {
  // Each test is a fresh console: nothing remembered from the one before.
  if (hasDom) localStorage.clear();
});
