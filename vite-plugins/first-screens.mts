/**
 * The web build's first screens as HTML: once the files are written, each route of
 * src/app/first-screens/first-screen-routes.ts is rendered by the app itself in Node
 * (render-first-screen.tsx, loaded through Vite with the build's own config) and written
 * into a copy of index.html, so the page paints before any script has run and React takes
 * the screen over with hydrateRoot (src/main.tsx). Runs before the service worker's step,
 * which then precaches the landing page as written here.
 *
 * The products page also gets its early cards (src/app/early-cards.ts): the app's product
 * card, rendered here for a stand-in product, in a `<template>`, and the script that paints
 * the catalogue's first cards from it, built apart from the app (it must not wait for, nor
 * bring, the app's code) and loaded async. A product's page gets the same script and the
 * app's product page content for the stand-in, for its product.
 *
 * It also builds the kept pages' check script (src/kept-check.ts), a classic script apart
 * from the app: the service worker puts it into a returning visitor's kept screens
 * (src/app/first-screens/kept-screen-key.ts); no page the build writes loads it.
 */
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer, type Plugin, type UserConfig } from 'vite';
import { buildApart } from './build-apart.mts';
import { EARLY_HINTS_ID } from './early-start.mts';

const renderEntry = fileURLToPath(
  new URL('../src/app/first-screens/render-first-screen.tsx', import.meta.url),
);
const earlyCardsEntry = fileURLToPath(new URL('../src/app/early-cards.ts', import.meta.url));
const keptCheckEntry = fileURLToPath(new URL('../src/kept-check.ts', import.meta.url));

interface Route {
  path: string;
  renderAt: string;
  file: string;
  chunk: 'shop' | 'checkout' | 'about' | null;
}

interface RenderModule {
  FIRST_SCREEN_ROUTES: readonly Route[];
  FIRST_SCREEN_META: string;
  CARD_TEMPLATE_ID: string;
  PRODUCT_TEMPLATE_ID: string;
  renderFirstScreen: (path: string) => Promise<string>;
  renderCardTemplate: () => Promise<string>;
  renderProductTemplate: () => Promise<string>;
}

/**
 * A page's early paint (the products page's cards, a product page's product): the
 * template after the root, the script in the head, and the app's entry only fetched there (a plain preload: a module preload would
 * also compile it on the main thread, ahead of the cards), for that script to start once
 * the cards are painted (src/app/early-cards.ts). The app's import takes the preloaded file.
 */
export function withEarlyCards(
  page: string,
  cards: { script: string; template: string; templateId: string },
): string {
  const entry = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/.exec(
    page,
  );
  const root = page.indexOf('<div id="root">');
  if (!entry || root < 0 || !page.includes('</body>')) {
    throw new Error('a page has no entry script, root or body for its early paint');
  }
  const src = entry[1] ?? '';
  const script =
    `<script type="module" async crossorigin src="${cards.script}" data-shop-entry="${src}">` +
    '</script>';
  const template = `<template id="${cards.templateId}">${cards.template}</template>`;
  return page
    .replace(entry[0], `<link rel="preload" as="script" crossorigin href="${src}">${script}`)
    .replace(/<\/body>(?![\s\S]*<\/body>)/, `${template}</body>`);
}

const ROOT = '<div id="root"></div>';

/** The stylesheets each lazy chunk brings, from the early start's hints in index.html. */
function chunkStyles(template: string): Record<string, string[]> {
  const match = new RegExp(
    `<script type="application/json" id="${EARLY_HINTS_ID}">([^<]*)</script>`,
  ).exec(template);
  if (!match?.[1]) throw new Error('index.html has no early start hints for its first screens');
  const hints = JSON.parse(match[1]) as { chunks: Record<string, { styles: string[] }> };
  return Object.fromEntries(
    Object.entries(hints.chunks).map(([name, chunk]) => [name, chunk.styles]),
  );
}

/** index.html with a route's first screen in its root, named in the head. */
export function pageWithFirstScreen(
  template: string,
  screen: { path: string; html: string; styles: readonly string[]; meta: string },
): string {
  if (!template.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT}`);
  const charset = '<meta charset="UTF-8" />';
  if (!template.includes(charset)) throw new Error(`index.html has no ${charset}`);
  const escape = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;');
  // Early in the head, after the charset: the early start reads it before the page paints.
  const meta = `${charset}\n    <meta name="${screen.meta}" content="${escape(screen.path)}" />`;
  // The page's own stylesheets come with its chunk; here they must be there before it paints.
  const links = screen.styles
    .map((href) => `<link rel="stylesheet" crossorigin href="${escape(href)}">`)
    .join('');
  return template
    .replace(charset, meta)
    .replace('</head>', `${links}</head>`)
    .replace(ROOT, `<div id="root">${screen.html}</div>`);
}

/** `config` makes the web build's config afresh (its plugins that only build are left out). */
export function firstScreens(config: () => UserConfig): Plugin {
  let earlyCardsFile: string | undefined;
  return {
    name: 'shop-first-screens',
    apply: 'build',
    // The early cards' script is one of the build's files: the service worker's precache
    // and the shipped-module list take it with the rest.
    async generateBundle() {
      const [earlyCards, keptCheck] = await Promise.all([
        buildApart(config(), {
          entry: earlyCardsEntry,
          fileName: 'assets/early-cards-[hash].js',
          format: 'es',
        }),
        buildApart(config(), {
          entry: keptCheckEntry,
          fileName: 'assets/kept-check-[hash].js',
          format: 'iife',
        }),
      ]);
      this.emitFile({ type: 'asset', fileName: earlyCards.fileName, source: earlyCards.code });
      this.emitFile({ type: 'asset', fileName: keptCheck.fileName, source: keptCheck.code });
      earlyCardsFile = earlyCards.fileName;
    },
    writeBundle: {
      sequential: true,
      order: 'pre',
      async handler(options) {
        const { dir } = options;
        if (!dir) throw new Error('the first screens need the build written to a folder');
        const template = readFileSync(join(dir, 'index.html'), 'utf8');
        const styles = chunkStyles(template);
        const server = await createServer({
          ...config(),
          configFile: false,
          mode: 'production',
          logLevel: 'error',
          appType: 'custom',
          server: { middlewareMode: true, hmr: false, ws: false },
        });
        try {
          const render = (await server.ssrLoadModule(renderEntry)) as RenderModule;
          if (earlyCardsFile === undefined) throw new Error('the early cards were not built');
          const script = `/${earlyCardsFile}`;
          const early: Record<string, Parameters<typeof withEarlyCards>[1]> = {
            '/products': {
              script,
              template: await render.renderCardTemplate(),
              templateId: render.CARD_TEMPLATE_ID,
            },
            '/product/:id': {
              script,
              template: await render.renderProductTemplate(),
              templateId: render.PRODUCT_TEMPLATE_ID,
            },
          };
          for (const route of render.FIRST_SCREEN_ROUTES) {
            const html = await render.renderFirstScreen(route.renderAt);
            const file = join(dir, route.file);
            mkdirSync(dirname(file), { recursive: true });
            const page = pageWithFirstScreen(template, {
              path: route.path,
              html,
              styles: route.chunk ? (styles[route.chunk] ?? []) : [],
              meta: render.FIRST_SCREEN_META,
            });
            const paint = early[route.path];
            writeFileSync(file, paint ? withEarlyCards(page, paint) : page);
          }
        } finally {
          await server.close();
        }
      },
    },
  };
}
