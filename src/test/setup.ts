import { afterEach } from 'vitest';

/**
 * A test file that needs no page starts with `// @vitest-environment node`: no DOM is built
 * for it, which cost about a second a file, nor are the DOM's matchers and React Testing
 * Library loaded into it.
 */
if (typeof window !== 'undefined') {
  await import('@testing-library/jest-dom/vitest');
  const { cleanup } = await import('@testing-library/react');
  afterEach(() => {
    // Each test renders its own app, with its own catalogue cache (a fresh query client).
    cleanup();
    localStorage.clear();
    sessionStorage.clear();
  });
}
