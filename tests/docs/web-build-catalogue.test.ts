/**
 * The web build has no catalogue of its own: the README's opening and the deploy page's first
 * lines say so, name the default host it calls, and how to try it on the demo catalogue, so a
 * host never learns it from "Failed to fetch".
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_WEB_CATALOGUE_URL } from '../../shared/catalogue-url';

const ROOT = join(__dirname, '../..');
const firstLines = (path: string, count: number): string =>
  readFileSync(join(ROOT, path), 'utf8').split('\n').slice(0, count).join(' ');

describe('what the docs say first about the web build’s catalogue', () => {
  it('the README: only the kiosk runs with no network; the web build needs its host', () => {
    const opening = firstLines('README.md', 20);
    expect(opening).not.toMatch(/^It runs with no network/m);
    expect(opening).toContain('The kiosk runs with no network and no setup');
    expect(opening).toContain('**The web build does not:**');
    expect(opening).toContain('`npm run serve`');
  });

  it('the deploy page: a reachable catalogue, its default, and the demo one', () => {
    const opening = firstLines('docs/web/deploy.md', 10);
    expect(opening).toContain('**The web build needs a reachable catalogue.**');
    expect(opening).toContain(DEFAULT_WEB_CATALOGUE_URL);
    expect(opening).toContain('`npm run serve`');
    expect(opening).toContain('`VITE_CATALOGUE_URL=/api npm run build:web`');
    expect(opening).toContain('`npm run serve -- --no-build`');
  });
});
