/**
 * The map cannot rot: every repository path docs/architecture.md names (in backticks or as
 * a link, in its tables, walks and prose) must exist, so a renamed or deleted file fails
 * here rather than sending a newcomer nowhere. Lines marked "(coming: …)" name what is
 * still being built and are skipped until the mark is removed.
 */
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, normalize, relative, sep } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = join(__dirname, '../..');
const MAP = 'docs/architecture.md';
const COMING = '(coming:';

/** Build output, dependencies and reports: never what the map points to. */
const NOT_SOURCE = new Set([
  '.git',
  'node_modules',
  'out',
  'dist',
  'release',
  'coverage',
  'test-results',
  'playwright-report',
  'bench-results',
]);

/** A repository path as the map writes one: relative, no scheme, no spaces, no globs. */
const REPO_PATH = /^[\w.-]+(?:\/[\w.-]+)*\/?$/;
/** A bare file name such as `public.ts` or `eslint.layers.mjs`. */
const FILE_NAME = /^[\w.-]+\.(?:ts|tsx|mts|mjs|json|md|yml|css|html)$/;

interface NamedPath {
  /** As written, for the failure message. */
  written: string;
  /** Relative to the repository root. */
  path: string;
  /** A bare file name: it must name some file of the repository, wherever it lives. */
  bare: boolean;
}

/** The paths a markdown text names, outside fenced code blocks and "(coming: …)" lines. */
function namedPaths(markdown: string, docDir: string): NamedPath[] {
  const found: NamedPath[] = [];
  let fenced = false;
  for (const line of markdown.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      fenced = !fenced;
      continue;
    }
    if (fenced || line.includes(COMING)) continue;
    for (const [, target = ''] of line.matchAll(/\]\(([^)\s]+)\)/g)) {
      if (/^(?:[a-z]+:|#)/i.test(target)) continue;
      const path = normalize(join(docDir, target.replace(/#.*$/, '')));
      found.push({ written: target, path: path.split(sep).join('/'), bare: false });
    }
    for (const [, code = ''] of line.matchAll(/`([^`]+)`/g)) {
      if (!REPO_PATH.test(code)) continue;
      if (code.includes('/')) found.push({ written: code, path: code, bare: false });
      else if (FILE_NAME.test(code)) found.push({ written: code, path: code, bare: true });
    }
  }
  return found;
}

function repositoryFiles(dir = ROOT): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    if (NOT_SOURCE.has(entry.name)) return [];
    const path = join(dir, entry.name);
    return entry.isDirectory() ? repositoryFiles(path) : [relative(ROOT, path)];
  });
}

function exists(named: NamedPath, fileNames: ReadonlySet<string>): boolean {
  if (named.bare) return existsSync(join(ROOT, named.path)) || fileNames.has(named.path);
  return existsSync(join(ROOT, named.path));
}

const map = readFileSync(join(ROOT, MAP), 'utf8');
const paths = namedPaths(map, dirname(MAP));

describe('the map in docs/architecture.md', () => {
  it('names only paths that exist', () => {
    const fileNames = new Set(repositoryFiles().map((file) => file.split(sep).at(-1) ?? ''));
    const missing = paths.filter((named) => !exists(named, fileNames)).map((p) => p.written);
    expect(missing).toEqual([]);
  });

  it('walks a cart line and a catalogue fetch through real files', () => {
    const walk = (title: string) => {
      const start = map.indexOf(`## Walk ${title}`);
      const end = map.indexOf('\n## ', start + 1);
      expect(start, title).toBeGreaterThanOrEqual(0);
      return namedPaths(map.slice(start, end), dirname(MAP)).map((p) => p.path);
    };
    expect(walk('1: a cart line')).toEqual(
      expect.arrayContaining([
        'src/features/cart/store/cart-store.ts',
        'src/features/cart/pricing.ts',
        'src/features/cart/use-cart-sync.ts',
        'src/features/checkout/receipt.ts',
      ]),
    );
    expect(walk('2: a catalogue fetch')).toEqual(
      expect.arrayContaining([
        'src/features/catalogue/prefetch-catalogue.ts',
        'src/features/catalogue/api/products-query.ts',
        'shared/product-rule.ts',
        'electron/main/images/image-cache.ts',
      ]),
    );
  });

  it('answers each "where do I find…" a newcomer asks with a link to one file', () => {
    const rows = map.split('\n').filter((line) => line.startsWith('| ') && !line.includes(COMING));
    for (const topic of [
      'pricing',
      'storage keys',
      'idle wipe',
      'image cache',
      'staff PIN',
      'route table',
      'on-screen keyboard',
      'CSP',
      'config layers',
    ]) {
      const row = rows.find((line) => line.split('|')[1]?.includes(topic));
      expect(row, topic).toMatch(/\]\(\.\.\/[^)]+\.[a-z]+\)/);
    }
  });

  it('links each file to the path its text names', () => {
    for (const [, text, target] of map.matchAll(/\[`([^`]+)`\]\(([^)]+)\)/g)) {
      expect(target, text).toBe(`../${text ?? ''}`);
    }
  });

  it('draws the rooms and doors as a Mermaid picture', () => {
    expect(map).toMatch(/```mermaid\nflowchart/);
  });

  it('is linked from the README’s top, the docs index and the contributing page', () => {
    const readme = readFileSync(join(ROOT, 'README.md'), 'utf8');
    expect(readme.slice(0, readme.indexOf('\n## '))).toContain('](docs/architecture.md)');
    for (const page of ['docs/README.md', 'docs/contributing.md']) {
      expect(readFileSync(join(ROOT, page), 'utf8'), page).toContain('](architecture.md)');
    }
  });
});

describe('reading paths out of the map', () => {
  const sample = [
    'Open [`src/app/routes.tsx`](../src/app/routes.tsx) or `shared/csp.ts`, see `public.ts`.',
    'Not paths: `npm run lint`, `app://shop/api`, `/api/products`, `@/lib/money`, `products`.',
    '| fleet | (coming: `electron/main/fleet/`) |',
    '```mermaid',
    'a["src/not-read.ts"]',
    '```',
  ].join('\n');

  it('finds links, backticked paths and bare file names, and nothing else', () => {
    expect(namedPaths(sample, 'docs')).toEqual([
      { written: '../src/app/routes.tsx', path: 'src/app/routes.tsx', bare: false },
      { written: 'src/app/routes.tsx', path: 'src/app/routes.tsx', bare: false },
      { written: 'shared/csp.ts', path: 'shared/csp.ts', bare: false },
      { written: 'public.ts', path: 'public.ts', bare: true },
    ]);
  });

  it('finds the map full of paths', () => {
    expect(paths.length).toBeGreaterThan(80);
  });
});
