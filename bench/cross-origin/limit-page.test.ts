import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { stylesheetsOf, withoutScripts, writeLimitPage } from './limit-page';

const PAINTED = `<!doctype html>
<html lang="en" hidden data-target="web"><head>
<script>document.title = 'x';</script>
<link rel="modulepreload" crossorigin href="/assets/index-1.js">
<link rel="preload" as="fetch" crossorigin="anonymous" href="https://catalogue.test/products">
<link rel="stylesheet" crossorigin href="/assets/index-1.css">
<link rel="stylesheet" href="./assets/styles-2.css">
<script type="module" crossorigin src="/assets/index-1.js"></script>
<script type="application/json" id="shop-early-hints">{"a":1}</script>
</head><body><div id="root"><main><button>Add to Cart</button></main></div></body></html>`;

const dirs: string[] = [];
const dir = (): string => {
  const made = mkdtempSync(join(tmpdir(), 'limit-page-'));
  dirs.push(made);
  return made;
};
afterEach(() => {
  for (const made of dirs.splice(0)) rmSync(made, { recursive: true, force: true });
});

describe('the static limit page', () => {
  it('is the page as painted with nothing that runs or fetches script', () => {
    const page = withoutScripts(PAINTED);
    expect(page).not.toMatch(/<script/i);
    expect(page).not.toMatch(/modulepreload|rel="preload"/);
    expect(page).toContain('<html lang="en" data-target="web">');
    expect(page).toContain('<main><button>Add to Cart</button></main>');
    expect(stylesheetsOf(page)).toEqual(['/assets/index-1.css', './assets/styles-2.css']);
  });

  it('is written with a copy of each stylesheet, root-relative or relative', () => {
    const build = dir();
    mkdirSync(join(build, 'assets'));
    writeFileSync(join(build, 'assets', 'index-1.css'), 'main{}');
    writeFileSync(join(build, 'assets', 'styles-2.css'), 'button{}');
    const out = dir();
    const path = writeLimitPage(PAINTED, build, out, 'products/index.html');
    expect(path).toBe(join(out, 'products', 'index.html'));
    expect(readFileSync(path, 'utf8')).not.toMatch(/<script/i);
    expect(readFileSync(join(out, 'assets', 'index-1.css'), 'utf8')).toBe('main{}');
    expect(readFileSync(join(out, 'assets', 'styles-2.css'), 'utf8')).toBe('button{}');
  });

  it('refuses a stylesheet outside the build', () => {
    const page = '<link rel="stylesheet" href="/../secret.css">';
    expect(() => writeLimitPage(page, dir(), dir(), 'index.html')).toThrow(/outside the build/);
  });
});
