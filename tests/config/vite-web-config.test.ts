import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import type { Alias, Plugin, PluginOption, UserConfig } from 'vite';
import { describe, expect, it } from 'vitest';
import { EARLY_HINTS_ID as APP_EARLY_HINTS_ID } from '../../src/app/early-start';
import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { EARLY_START_SCRIPT_HASH } from '../../shared/csp';
import {
  EARLY_HINTS_ID,
  earlyHints,
  inlineEarlyStart,
  scriptHash,
} from '../../vite-plugins/early-start.mts';
import { pageWithFirstScreen } from '../../vite-plugins/first-screens.mts';
import { buildName, pageWithLaunchScript } from '../../vite-plugins/launch-screen.mts';
import { BUILD_META } from '../../src/app/first-screens/launch-screen';
import {
  letUnusedReactRouterGo,
  REACT_ROUTER_PRODUCTION,
} from '../../vite-plugins/react-router.mts';
import { createRendererConfig } from '../../vite.web.config.mts';

const PLUGIN = 'shop-react-router-production';

function pluginOf(config: UserConfig): Plugin | undefined {
  // createRendererConfig lists its plugins flat, one level deep.
  const flat: readonly PluginOption[] = config.plugins ?? [];
  return flat.find(
    (plugin): plugin is Plugin =>
      typeof plugin === 'object' && plugin !== null && 'name' in plugin && plugin.name === PLUGIN,
  );
}

/** The aliases the plugin adds to a build's config. */
function aliasesOf(plugin: Plugin): Alias[] {
  const hook = plugin.config;
  const handler = typeof hook === 'function' ? hook : hook?.handler;
  if (handler === undefined) throw new Error(`${PLUGIN} has no config hook`);
  const added = handler.call(
    {} as ThisParameterType<typeof handler>,
    {},
    { command: 'build', mode: 'production' },
  ) as UserConfig;
  return added.resolve?.alias as Alias[];
}

/** A built ES module and the relative modules it imports, as one text. */
function withRelativeImports(file: string): string {
  const code = readFileSync(file, 'utf8');
  const imported = [...code.matchAll(/from\s*"(\.\/[^"]+)"/g)].map((m) =>
    readFileSync(resolve(dirname(file), m[1] ?? ''), 'utf8'),
  );
  return [code, ...imported].join('\n');
}

describe('the renderer builds take react-router’s production build', () => {
  it('in the web build and the kiosk renderer, and only when building', () => {
    for (const target of ['web', 'kiosk'] as const) {
      expect(pluginOf(createRendererConfig(target))?.apply, target).toBe('build');
    }
  });

  it('resolves the bare package to the production build and leaves its subpaths alone', () => {
    const plugin = pluginOf(createRendererConfig('web'));
    if (plugin === undefined) throw new Error(`${PLUGIN} is missing`);
    const [alias, ...others] = aliasesOf(plugin);
    expect(others).toEqual([]);
    expect(alias?.replacement).toBe(REACT_ROUTER_PRODUCTION);
    const find = alias?.find;
    if (!(find instanceof RegExp)) throw new Error('the alias should match by pattern');
    expect(find.test('react-router')).toBe(true);
    expect(find.test('react-router/dom')).toBe(false);
    expect(find.test('react-router-dom')).toBe(false);
  });

  it('points at a build with react-router’s development warnings switched off', () => {
    const code = withRelativeImports(REACT_ROUTER_PRODUCTION);
    expect(code).toMatch(/\bENABLE_DEV_WARNINGS = false;/);
    expect(code).not.toMatch(/\bENABLE_DEV_WARNINGS = true;/);
  });
});

describe('react-router’s unused components can be left out', () => {
  it('drops DevTools names and marks forwardRef pure, and nothing else', () => {
    const code = [
      'var Link = React10.forwardRef(',
      '  function LinkWithRef() {}',
      ');',
      'Link.displayName = "Link";',
      'const label = "x.displayName = 1";',
    ].join('\n');
    expect(letUnusedReactRouterGo(code)).toBe(
      [
        'var Link = /* @__PURE__ */ React10.forwardRef(',
        '  function LinkWithRef() {}',
        ');',
        '',
        'const label = "x.displayName = 1";',
      ].join('\n'),
    );
  });

  it('still finds every name and forwardRef in the react-router this shop installs', () => {
    const code = withRelativeImports(REACT_ROUTER_PRODUCTION);
    expect(code).toMatch(/\.displayName = "/);
    const trimmed = letUnusedReactRouterGo(code);
    // A release that writes them another way would quietly bring the unused code back.
    expect(trimmed).not.toMatch(/\.displayName = /);
    expect(trimmed.match(/forwardRef\(/g)?.length).toBe(
      trimmed.match(/\/\* @__PURE__ \*\/ React\d*\.forwardRef\(/g)?.length,
    );
  });
});

describe('the early start’s hints (web build)', () => {
  const root = resolve(__dirname, '../..');
  const chunk = (
    fileName: string,
    facade: string | null,
    imports: string[],
    css: string[] = [],
  ) => ({
    type: 'chunk',
    fileName,
    isEntry: facade?.endsWith('.html') ?? false,
    facadeModuleId: facade,
    imports,
    viteMetadata: { importedCss: new Set(css) },
  });

  it('name, for each lazy chunk, the files it needs beyond the first download', () => {
    const bundle = {
      'assets/index-1.js': chunk('assets/index-1.js', `${root}/src/index.html`, [
        'assets/react-1.js',
      ]),
      'assets/react-1.js': chunk('assets/react-1.js', null, []),
      'assets/shop-pages-1.js': chunk(
        'assets/shop-pages-1.js',
        `${root}/src/app/shop-pages.ts`,
        ['assets/index-1.js', 'assets/react-1.js', 'assets/shared-1.js'],
        ['assets/styles-1.css'],
      ),
      'assets/shared-1.js': chunk('assets/shared-1.js', null, ['assets/react-1.js']),
      'assets/checkout-pages-1.js': chunk(
        'assets/checkout-pages-1.js',
        `${root}/src/app/checkout-pages.ts`,
        ['assets/shared-1.js'],
      ),
      'assets/about-page-1.js': chunk(
        'assets/about-page-1.js',
        `${root}/src/pages/about-page.tsx`,
        ['assets/index-1.js'],
      ),
      'assets/index-1.css': { type: 'asset' },
    };
    expect(earlyHints(bundle, '/api')).toEqual({
      catalogue: '/api',
      chunks: {
        shop: {
          scripts: ['/assets/shop-pages-1.js', '/assets/shared-1.js'],
          styles: ['/assets/styles-1.css'],
        },
        checkout: { scripts: ['/assets/checkout-pages-1.js', '/assets/shared-1.js'], styles: [] },
        about: { scripts: ['/assets/about-page-1.js'], styles: [] },
      },
    });
  });

  it('are read by the id the app looks for', () => {
    expect(EARLY_HINTS_ID).toBe(APP_EARLY_HINTS_ID);
  });
});

describe('the early start written inline (web build)', () => {
  it('runs the built chunk in a scope of its own, so its names stay off the page', () => {
    const script = inlineEarlyStart('var e=1;function t(){return e}t();\n');
    expect(script).toBe('(()=>{var e=1;function t(){return e}t();})()');
    // Run as a classic script runs: its top-level names would become the page's globals.
    const asIs: Record<string, unknown> = {};
    runInNewContext('var e=1;function t(){return e}t();', asIs);
    expect(Object.keys(asIs).sort()).toEqual(['e', 't']);
    const page: Record<string, unknown> = {};
    runInNewContext(script, page);
    expect(Object.keys(page)).toEqual([]);
  });

  it('refuses a chunk that imports or exports, or that would end its script element', () => {
    expect(() => inlineEarlyStart('import{a as e}from"./x.js";e();')).toThrow(/import and export/);
    expect(() => inlineEarlyStart('var e=1;export{e};')).toThrow(/import and export/);
    expect(() => inlineEarlyStart('import("./x.js");')).toThrow(/import and export/);
    expect(() => inlineEarlyStart('document.write("</script>")')).toThrow(/end its script/);
  });

  it('is allowed by the hash CSP states for it', () => {
    const script = '(()=>{})()';
    expect(scriptHash(script)).toBe(
      `'sha256-${createHash('sha256').update(script).digest('base64')}'`,
    );
    // What the build checks: shared/csp.ts holds a hash in the form CSP reads.
    expect(EARLY_START_SCRIPT_HASH).toMatch(/^'sha256-[A-Za-z0-9+/]{43}='$/);
  });
});

describe('the first screens written into the web build (vite-plugins/first-screens.mts)', () => {
  const TEMPLATE = [
    '<!doctype html><html><head>',
    '<meta charset="UTF-8" />',
    '<title>Kiosk Shop</title>',
    '<link rel="stylesheet" crossorigin href="/assets/index-1.css">',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');

  it('puts the screen in the root, its route in the head, and its stylesheets after the first', () => {
    const page = pageWithFirstScreen(TEMPLATE, {
      path: '/cart',
      html: '<h1>No items in cart</h1>',
      styles: ['/assets/styles-2.css'],
      meta: 'shop-first-screen',
    });
    expect(page).toContain('<div id="root"><h1>No items in cart</h1></div>');
    expect(page).toMatch(
      /<meta charset="UTF-8" \/>\s*<meta name="shop-first-screen" content="\/cart" \/>/,
    );
    // The page's own sheet after the first download's, as its chunk would add it.
    expect(page.indexOf('styles-2.css')).toBeGreaterThan(page.indexOf('index-1.css'));
    expect(page.indexOf('styles-2.css')).toBeLessThan(page.indexOf('</head>'));
  });

  it('escapes what it writes into attributes, and refuses a page it cannot place a screen in', () => {
    const page = pageWithFirstScreen(TEMPLATE, {
      path: '/a"b&c',
      html: '',
      styles: ['/assets/x".css'],
      meta: 'shop-first-screen',
    });
    expect(page).toContain('content="/a&quot;b&amp;c"');
    expect(page).toContain('href="/assets/x&quot;.css"');
    const screen = { path: '/', html: '<p>x</p>', styles: [], meta: 'shop-first-screen' };
    expect(() =>
      pageWithFirstScreen(TEMPLATE.replace('<div id="root"></div>', ''), screen),
    ).toThrow(/no empty <div id="root">/);
    expect(() =>
      pageWithFirstScreen(TEMPLATE.replace('<meta charset="UTF-8" />', ''), screen),
    ).toThrow(/charset/);
  });
});

describe('the kiosk’s launch screen (vite-plugins/launch-screen.mts)', () => {
  const PAGE = [
    '<!doctype html><html><head>',
    '<meta charset="UTF-8" />',
    '<script type="module" crossorigin src="./assets/index-1.js"></script>',
    '</head><body><div id="root"></div></body></html>',
  ].join('\n');
  const named = (name: string) =>
    createRendererConfig(name === 'web' ? 'web' : 'kiosk').plugins?.some(
      (plugin) =>
        typeof plugin === 'object' &&
        plugin !== null &&
        'name' in plugin &&
        plugin.name === 'shop-launch-screen',
    );

  it('is the kiosk renderer’s only: the web build writes its screens at build time', () => {
    expect(named('kiosk')).toBe(true);
    expect(named('web')).toBe(false);
  });

  it('names the build in the head, as the app reads it, and runs its script right after the root', () => {
    const scripts = { launch: 'assets/launch-screen-1.js', paint: 'assets/launch-paint-2.js' };
    const page = pageWithLaunchScript(PAGE, scripts, 'abc123');
    expect(page).toMatch(
      new RegExp(`<meta charset="UTF-8" />\\s*<meta name="${BUILD_META}" content="abc123" />`),
    );
    expect(page).toMatch(
      /<div id="root"><\/div>\s*<script src="\.\/assets\/launch-screen-1\.js" data-paint="\.\/assets\/launch-paint-2\.js"><\/script>/,
    );
    expect(() =>
      pageWithLaunchScript(PAGE.replace('<div id="root"></div>', ''), scripts, 'b'),
    ).toThrow(/root/);
  });

  it('names a build by every byte of its files, in any order', () => {
    const a = { path: 'assets/a.js', bytes: Buffer.from('one') };
    const b = { path: 'assets/b.css', bytes: Buffer.from('two') };
    expect(buildName([a, b])).toBe(buildName([b, a]));
    expect(buildName([a, b])).toMatch(/^[0-9a-f]{20}$/);
    expect(buildName([a, { ...b, bytes: Buffer.from('twO') }])).not.toBe(buildName([a, b]));
    expect(buildName([a, { ...b, path: 'assets/c.css' }])).not.toBe(buildName([a, b]));
    expect(buildName([a])).not.toBe(buildName([a, b]));
  });
});
