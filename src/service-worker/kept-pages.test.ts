import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { KEPT_ENTRY_ATTRIBUTE } from '@/app/first-screens/kept-check';
import { KEPT_SCREEN_META as PAGE_META } from '@/app/first-screens/kept-screen-key';
import {
  composeKeptPage,
  ENTRY_ATTRIBUTE,
  isKeptKey,
  isKeptPath,
  isPlainScreenHtml,
  keptPageHeaders,
  KEPT_HTML_MAX_CHARS,
  KEPT_SCREEN_META,
  readKeptScreen,
  type KeptScreen,
} from './kept-pages';

/** The build's index.html as the first screens step writes it (the landing in its root). */
const SHELL = `<!doctype html>
<html lang="en" dir="ltr">
  <head>
    <meta charset="UTF-8" />
    <meta name="shop-first-screen" content="/" />
    <script>{let d=document}</script>
    <title>Kiosk Shop</title>
    <script type="module" crossorigin src="/assets/index-Ab1.js"></script>
    <link rel="stylesheet" crossorigin href="/assets/index-Cd2.css">
  </head>
  <body>
    <div id="root"><!--$--><div class="min-h-dvh"><main><h1>Everything you love</h1><div></div></main></div><!--/$--></div>
    <noscript>Kiosk Shop needs JavaScript to run.</noscript>
  </body>
</html>
`;

const CHECK = '/assets/kept-check-Ef3.js';
const FILES = [
  '/index.html',
  '/assets/index-Ab1.js',
  '/assets/index-Cd2.css',
  '/assets/styles-Gh4.css',
  CHECK,
];

/** Markup of the kind React writes for the shop's pages. */
const PLAIN =
  '<!--$--><div class="min-h-dvh"><header><nav aria-label="Principal"><a href="/products">Productos</a>' +
  '<a href="/cart" aria-label="Carrito, 2 artículos"><svg viewBox="0 0 24 24" aria-hidden="true"><path d="M3 3h2l2 12"></path></svg></a>' +
  '</nav></header><main><h1>Carrito</h1><img src="https://fakestoreapi.com/img/81fP.jpg" alt="Mochila" loading="lazy"/>' +
  '<form><label for="code">Código</label><input id="code" type="text" value=""/><button type="submit">Aplicar</button></form>' +
  '<p>Precio: 109,95 €<!-- --> (2)</p></main></div><!--/$-->';

const screen = (overrides: Partial<KeptScreen> = {}): KeptScreen => ({
  path: '/cart',
  key: 'k1.8f.1a2b3c.4d5e6f',
  html: PLAIN,
  lang: 'es',
  dir: 'ltr',
  styles: ['/assets/index-Cd2.css', '/assets/styles-Gh4.css'],
  ...overrides,
});

const count = (text: string, part: string) => text.split(part).length - 1;

describe('what the worker keeps', () => {
  it('names its meta element and the entry’s attribute as the page reads them', () => {
    expect(KEPT_SCREEN_META).toBe(PAGE_META);
    expect(ENTRY_ATTRIBUTE).toBe(KEPT_ENTRY_ATTRIBUTE);
  });

  it('takes a screen of the shape the page sends', () => {
    expect(readKeptScreen(screen(), FILES)).toEqual(screen());
    expect(
      readKeptScreen(screen({ path: "/products?category=men's%20clothing" }), FILES),
    ).not.toBeNull();
  });

  it.each([
    ['no object', null],
    ['an array', [screen()]],
    ['an address of another host', screen({ path: '//evil.example/cart' })],
    ['an address with a scheme', screen({ path: 'https://evil.example/' })],
    ['an address with a fragment', screen({ path: '/cart#x' })],
    ['a control character', screen({ path: '/cart\u0001' })],
    ['a key of another shape', screen({ key: '"><script>' })],
    ['empty markup', screen({ html: '' })],
    ['markup that runs', screen({ html: '<img src=x onerror=alert(1)>' })],
    ['too much markup', screen({ html: `<p>${'x'.repeat(KEPT_HTML_MAX_CHARS)}</p>` })],
    ['a language of another shape', screen({ lang: 'es" onload="x' })],
    ['another direction', screen({ dir: 'auto' as 'ltr' })],
    ['a stylesheet not of this build', screen({ styles: ['/assets/other-Zz9.css'] })],
    ['a stylesheet elsewhere', screen({ styles: ['https://evil.example/assets/a.css'] })],
  ])('refuses %s', (_what, value) => {
    expect(readKeptScreen(value, FILES)).toBeNull();
  });

  it('never throws on any message, and takes only what it can answer with (500 runs)', () => {
    const field = fc.oneof(fc.anything(), fc.string({ maxLength: 40 }));
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.record({
            path: field,
            key: field,
            html: field,
            lang: field,
            dir: field,
            styles: field,
          }),
          fc.record({
            path: fc.constantFrom('/', '/cart', '//x', '/a b', 'x'),
            key: fc.constantFrom(screen().key, 'k1', ''),
            html: fc.constantFrom(PLAIN, '<script>x</script>', ''),
            lang: fc.constantFrom('es', 'ar', 'x"y'),
            dir: fc.constantFrom('ltr', 'rtl', 'up'),
            styles: fc.array(fc.constantFrom(...FILES, '/assets/x.css'), { maxLength: 3 }),
          }),
        ),
        (message) => {
          const read = readKeptScreen(message, FILES);
          if (read === null) return;
          expect(isKeptPath(read.path)).toBe(true);
          expect(isPlainScreenHtml(read.html)).toBe(true);
          expect(composeKeptPage(SHELL, read, CHECK)).not.toBeNull();
        },
      ),
      { numRuns: 500 },
    );
  });

  it('takes a key of the page’s shape only', () => {
    expect(isKeptKey(screen().key)).toBe(true);
    for (const key of ['', 'k1', 'k2.1.2.3', `k1.1.2.${'x'.repeat(40)}`, 'k1.1.2.3 x', 3]) {
      expect(isKeptKey(key)).toBe(false);
    }
  });

  it.each(['/', '/about', '/products?page=2', '/product/12', '/no-such-page'])(
    'takes the address %s',
    (path) => {
      expect(isKeptPath(path)).toBe(true);
    },
  );
});

describe('the markup a kept screen may hold', () => {
  it('takes what React writes for the shop’s pages', () => {
    expect(isPlainScreenHtml(PLAIN)).toBe(true);
  });

  it.each([
    '<script>alert(1)</script>',
    '<SCRIPT src="/assets/index-Ab1.js"></SCRIPT>',
    '<a href="/" onclick="alert(1)">x</a>',
    '<div style="background:url(https://evil.example)">x</div>',
    '<a href="javascript:alert(1)">x</a>',
    '<iframe src="/"></iframe>',
    '<object data="/"></object>',
    '<embed src="/">',
    '<base href="https://evil.example/">',
    '<meta http-equiv="refresh" content="0;url=https://evil.example">',
    '<link rel="stylesheet" href="https://evil.example/a.css">',
    '<style>body{display:none}</style>',
    '<template><p>x</p></template>',
    '<noscript><p>x</p></noscript>',
    '<form action="https://evil.example"><button>x</button></form>',
    '<button formaction="https://evil.example">x</button>',
    '<svg><use href="https://evil.example/s.svg#a"></use></svg>',
    '<math><mi>x</mi></math>',
    '<plaintext>',
    '</div></div><script>x</script>',
  ])('refuses %s', (html) => {
    expect(isPlainScreenHtml(html)).toBe(false);
  });

  const DANGEROUS = [
    '<script>',
    '<iframe>',
    ' onclick=',
    ' style=',
    'javascript:',
    '<base ',
    '<meta ',
    '<link ',
    '<template>',
    '</noscript>',
    ' srcdoc=',
    ' formaction=',
  ];

  it('refuses a plain screen with anything that could run put anywhere into it (500 mutations)', () => {
    fc.assert(
      fc.property(
        fc.nat({ max: PLAIN.length }),
        fc.constantFrom(...DANGEROUS),
        fc.boolean(),
        (at, part, upper) => {
          const inserted = upper ? part.toUpperCase() : part;
          expect(isPlainScreenHtml(PLAIN.slice(0, at) + inserted + PLAIN.slice(at))).toBe(false);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('never lets random markup out of the page’s root, nor adds a script to it (500 runs)', () => {
    const pieces = fc.constantFrom(
      '<div>',
      '</div>',
      '<p class="a">',
      '</p>',
      '<!--$-->',
      '<!--/$-->',
      '<noscript>',
      '</body>',
      '<script>',
      '"',
      "'",
      '<a href="/x">',
      '</a>',
      ' onload=',
      'text',
      '<',
      '>',
    );
    fc.assert(
      fc.property(fc.array(pieces, { maxLength: 30 }), (parts) => {
        const html = parts.join('');
        const read = readKeptScreen(screen({ html: html || 'x' }), FILES);
        if (!read) return;
        const page = composeKeptPage(SHELL, read, CHECK);
        expect(page).not.toBeNull();
        expect(count(page ?? '', '<div id="root">')).toBe(1);
        // The check in, the entry's module script out (only fetched).
        expect(count(page ?? '', '<script')).toBe(count(SHELL, '<script'));
        expect(count(page ?? '', '<noscript>')).toBe(1);
        expect(page).toContain(`<div id="root">${read.html}</div>\n    <noscript>`);
      }),
      { numRuns: 500 },
    );
  });
});

describe('the page the worker answers with', () => {
  const page = composeKeptPage(SHELL, screen({ lang: 'ar', dir: 'rtl' }), CHECK) ?? '';

  it('holds the kept screen in the root, in its language and direction', () => {
    expect(page).toContain(`<div id="root">${PLAIN}</div>\n    <noscript>`);
    expect(page).toContain('<html lang="ar" dir="rtl">');
    expect(page).not.toContain('Everything you love');
  });

  it('names the key and address in place of the written screen, the check right after', () => {
    expect(page).not.toContain('shop-first-screen');
    expect(page).toContain(
      `<meta name="shop-kept-screen" content="${screen().key}" data-path="/cart" /><script src="${CHECK}" data-shop-entry="/assets/index-Ab1.js"></script>`,
    );
  });

  it('only fetches the app’s entry, for the check to start it', () => {
    expect(page).not.toContain('type="module"');
    expect(page).toContain(
      '<link rel="preload" as="script" crossorigin href="/assets/index-Ab1.js">',
    );
  });

  it('links the screen’s stylesheets once each, before it paints', () => {
    expect(count(page, 'href="/assets/index-Cd2.css"')).toBe(1);
    expect(page).toContain(
      '<link rel="stylesheet" crossorigin href="/assets/styles-Gh4.css"></head>',
    );
  });

  it('keeps the rest of the build’s page as it was', () => {
    expect(page).toContain('<script>{let d=document}</script>');
    expect(page).toContain('<title>Kiosk Shop</title>');
  });

  it('escapes the address it writes into the page', () => {
    const quoted = composeKeptPage(SHELL, screen({ path: "/products?q='a'&b" }), CHECK) ?? '';
    expect(quoted).toContain('data-path="/products?q=\'a\'&amp;b"');
  });

  it.each([
    ['no root', SHELL.replace('<div id="root">', '<div id="app">')],
    ['no written screen named', SHELL.replace('shop-first-screen', 'shop-other')],
    ['no page tag', SHELL.replace('<html lang="en" dir="ltr">', '<html>')],
    [
      'no entry of the build',
      SHELL.replace('src="/assets/index-Ab1.js"', 'src="https://evil.example/a.js"'),
    ],
  ])('is not made from a page with %s', (_what, shell) => {
    expect(composeKeptPage(shell, screen(), CHECK)).toBeNull();
  });

  it('is not made with a check script that is not a file of the build', () => {
    expect(composeKeptPage(SHELL, screen(), 'https://evil.example/a.js')).toBeNull();
  });
});

describe('the headers a kept page is answered with', () => {
  it('are the build page’s, but for those of its bytes', () => {
    const shell = new Headers({
      'Content-Type': 'text/html; charset=utf-8',
      'Content-Security-Policy': "default-src 'none'",
      'X-Content-Type-Options': 'nosniff',
      'Content-Length': '2048',
      'Content-Encoding': 'gzip',
      ETag: '"abc"',
      'Last-Modified': 'Tue, 01 Dec 2026 00:00:00 GMT',
    });
    const headers = keptPageHeaders(shell);
    expect([...headers.keys()].map((name) => name.toLowerCase()).sort()).toEqual([
      'content-security-policy',
      'content-type',
      'x-content-type-options',
    ]);
    expect(headers.get('Content-Security-Policy')).toBe("default-src 'none'");
  });
});
