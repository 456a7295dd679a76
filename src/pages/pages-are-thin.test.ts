// @vitest-environment node
import { describe, expect, it } from 'vitest';

/**
 * Pages compose features and hold no screen logic (shared/design/ARCHITECTURE.md): a page
 * that grows past a screenful, or keeps state of its own, has a screen in it that belongs
 * in its feature, behind the feature's public.ts. Tests beside the pages are not pages.
 */
const MAX_LINES = 60;

const pages = Object.entries(
  import.meta.glob<string>(['./**/*.{ts,tsx}', '!./**/*.test.{ts,tsx}'], {
    query: '?raw',
    import: 'default',
    eager: true,
  }),
);

/** React's own state and effect hooks: a page that calls one is doing a screen's work. */
const SCREEN_LOGIC =
  /\b(useState|useReducer|useEffect|useLayoutEffect|useMemo|useCallback|useRef|useQuery)\b/;

describe('pages are thin', () => {
  it('finds the pages', () => {
    expect(pages.map(([file]) => file)).toEqual(
      expect.arrayContaining(['./home-page.tsx', './products-page.tsx', './checkout-page.tsx']),
    );
  });

  it.each(pages)(`%s has ${MAX_LINES} lines or fewer`, (_file, source) => {
    expect(source.trimEnd().split('\n').length).toBeLessThanOrEqual(MAX_LINES);
  });

  it.each(pages)('%s keeps no state and runs no effects of its own', (_file, source) => {
    expect(source).not.toMatch(SCREEN_LOGIC);
  });
});
