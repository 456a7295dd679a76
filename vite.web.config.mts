/**
 * Vite config of the renderer, shared by both builds:
 * - the static web build (this file's default export, `npm run build:web` → out/web),
 * - the Electron renderer (electron.vite.config.ts imports createRendererConfig).
 * The build target and the catalogue URL are baked in at build time.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type HtmlTagDescriptor, type Plugin, type UserConfig } from 'vite';
import { normaliseCatalogueUrl } from './shared/catalogue-url.ts';
import {
  buildContentSecurityPolicy,
  buildWebPagePolicy,
  WEB_POLICY_META_NAME,
  WEB_POLICY_SCRIPT,
} from './shared/csp.ts';
import { precacheManifest, type PrecacheFile } from './scripts/lib/precache-manifest.mts';
import { moduleListPlugin } from './scripts/lib/module-list-plugin.mts';

export type RendererTarget = 'kiosk' | 'web';

/** The web build talks to the public FakeStore API unless told otherwise. */
export const DEFAULT_WEB_CATALOGUE_URL = 'https://fakestoreapi.com';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const sharedDir = fileURLToPath(new URL('./shared', import.meta.url));
const publicDir = fileURLToPath(new URL('./resources/public', import.meta.url));

export function resolveCatalogueUrl(env: NodeJS.ProcessEnv = process.env): string {
  return normaliseCatalogueUrl(env.VITE_CATALOGUE_URL ?? '') || DEFAULT_WEB_CATALOGUE_URL;
}

/**
 * Puts the strict CSP into index.html of production builds (dev needs Vite's inline
 * preamble): the kiosk's as a meta tag (its main process rewrites it for the configured
 * catalogue), the web's stated by the page's first script (shared/csp.ts says why).
 */
function contentSecurityPolicy(catalogueUrl: string, target: RendererTarget): Plugin {
  const transformIndexHtml = (html: string): string | HtmlTagDescriptor[] => {
    if (target === 'kiosk') {
      // The kiosk's speech plays WAVs from blob: URLs; the web build plays no media at all.
      const content = buildContentSecurityPolicy(catalogueUrl, { mediaSource: 'blob:' });
      return [
        {
          tag: 'meta',
          attrs: { 'http-equiv': 'Content-Security-Policy', content },
          injectTo: 'head-prepend',
        },
      ];
    }
    // Right after the charset, before any other script: the page's first.
    const charset = /<meta charset="[^"]*"\s*\/?>/.exec(html);
    if (!charset) throw new Error('index.html has no <meta charset> to put the policy after');
    const at = charset.index + charset[0].length;
    const policy = buildWebPagePolicy(catalogueUrl)
      .replaceAll('&', '&amp;')
      .replaceAll('"', '&quot;')
      .replaceAll("'", '&#39;');
    const tags =
      `\n    <meta name="${WEB_POLICY_META_NAME}" content="${policy}" />` +
      `\n    <script>${WEB_POLICY_SCRIPT}</script>`;
    return html.slice(0, at) + tags + html.slice(at);
  };
  return { name: 'shop-content-security-policy', apply: 'build', transformIndexHtml };
}

const serviceWorkerEntry = fileURLToPath(new URL('./src/service-worker/sw.ts', import.meta.url));
const serviceWorkerDir = fileURLToPath(new URL('./src/service-worker/', import.meta.url));

/**
 * The web build's service worker as /sw.js, told which files this build has (its precache)
 * and a version derived from their bytes (scripts/lib/precache-manifest.mts), so a new
 * build whose files differ in any byte is a new worker. Done once the files are written
 * and hashed as written: Vite's own last steps still change chunks after generateBundle.
 * The kiosk build has none: the kiosk caches images in its main process.
 */
function serviceWorker(): Plugin {
  return {
    name: 'shop-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: serviceWorkerEntry, fileName: 'sw.js' });
    },
    writeBundle(options, bundle) {
      const { dir } = options;
      const worker = bundle['sw.js'];
      if (!dir || worker?.type !== 'chunk') throw new Error('the service worker was not built');
      const built: PrecacheFile[] = Object.keys(bundle)
        .filter((name) => name !== 'sw.js' && !name.endsWith('.map'))
        .map((name) => ({ path: `/${name}`, bytes: readFileSync(join(dir, name)) }));
      const copied: PrecacheFile[] = readdirSync(publicDir).map((name) => ({
        path: `/${name}`,
        bytes: readFileSync(join(publicDir, name)),
      }));
      const manifest = precacheManifest([...built, ...copied]);
      // A classic worker script (module workers are not everywhere yet): no export statement.
      const code = readFileSync(join(dir, 'sw.js'), 'utf8').replace(/\bexport\s*\{\s*\};?\s*$/, '');
      writeFileSync(
        join(dir, 'sw.js'),
        `self.__SHOP_BUILD__=${JSON.stringify(manifest)};\n${code}`,
      );
    },
  };
}

const earlyStartEntry = fileURLToPath(new URL('./src/early.ts', import.meta.url));
/** The id of the JSON the early start reads (src/app/early-start.ts EARLY_HINTS_ID). */
export const EARLY_HINTS_ID = 'shop-early-hints';
/** The modules each lazy chunk starts with (src/app/shop-pages.ts, checkout-pages.ts …). */
const LAZY_CHUNK_ROOTS = {
  shop: fileURLToPath(new URL('./src/app/shop-pages.ts', import.meta.url)),
  checkout: fileURLToPath(new URL('./src/app/checkout-pages.ts', import.meta.url)),
  about: fileURLToPath(new URL('./src/pages/about-page.tsx', import.meta.url)),
} as const;

interface BundleChunk {
  type: 'chunk';
  fileName: string;
  isEntry: boolean;
  facadeModuleId: string | null;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
}

/**
 * What the early start needs (src/app/early-start.ts EarlyHints): the catalogue's address
 * and, for each lazy chunk, the files it needs beyond the first download.
 */
export function earlyHints(
  bundle: Record<string, { type: string }>,
  catalogueUrl: string,
  base = '/',
): { catalogue: string; chunks: Record<string, { scripts: string[]; styles: string[] }> } {
  const chunks = Object.values(bundle).filter((item): item is BundleChunk => item.type === 'chunk');
  const byName = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (start: BundleChunk[]): BundleChunk[] => {
    const seen = new Map<string, BundleChunk>();
    const queue = [...start];
    for (let chunk = queue.pop(); chunk; chunk = queue.pop()) {
      if (seen.has(chunk.fileName)) continue;
      seen.set(chunk.fileName, chunk);
      for (const file of chunk.imports) {
        const imported = byName.get(file);
        if (imported) queue.push(imported);
      }
    }
    return [...seen.values()];
  };
  const html = chunks.filter((chunk) => chunk.isEntry && chunk.facadeModuleId?.endsWith('.html'));
  const initial = new Set(closure(html).map((chunk) => chunk.fileName));
  const files = (root: string) => {
    const start = chunks.filter((chunk) => chunk.facadeModuleId === root);
    if (start.length === 0) throw new Error(`the early start found no chunk for ${root}`);
    const needed = closure(start).filter((chunk) => !initial.has(chunk.fileName));
    return {
      scripts: needed.map((chunk) => `${base}${chunk.fileName}`),
      styles: needed.flatMap((chunk) =>
        [...(chunk.viteMetadata?.importedCss ?? [])].map((file) => `${base}${file}`),
      ),
    };
  };
  return {
    catalogue: catalogueUrl,
    chunks: {
      shop: files(LAZY_CHUNK_ROOTS.shop),
      checkout: files(LAZY_CHUNK_ROOTS.checkout),
      about: files(LAZY_CHUNK_ROOTS.about),
    },
  };
}

/**
 * The early start (src/app/early-start.ts): a small second entry that index.html loads
 * before the app's, and the JSON it reads, written into index.html once the chunks have
 * their names. Web build only: the kiosk always opens on the landing page.
 */
function earlyStart(catalogueUrl: string): Plugin {
  return {
    name: 'shop-early-start',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: earlyStartEntry, name: 'early-start' });
    },
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const bundle = context.bundle;
        if (!bundle) return html;
        const early = Object.values(bundle).find(
          (item) => item.type === 'chunk' && item.facadeModuleId === earlyStartEntry,
        );
        if (!early) throw new Error('the early start was not built');
        // '<' escaped, so no file name can end the script element early.
        const json = JSON.stringify(earlyHints(bundle, catalogueUrl)).replace(/</g, '\\u003c');
        const tags =
          `<script type="application/json" id="${EARLY_HINTS_ID}">${json}</script>\n    ` +
          `<script type="module" async crossorigin src="/${early.fileName}"></script>\n    `;
        // Before the app's own script, after the CSP and the meta tags: the first request.
        const entry = html.indexOf('<script type="module"');
        if (entry < 0) throw new Error('index.html has no module script for the early start');
        return html.slice(0, entry) + tags + html.slice(entry);
      },
    },
  };
}

/**
 * react-router's package exports only its development build to bundlers: the same code with
 * its development warnings switched on (ENABLE_DEV_WARNINGS) and their messages kept. A
 * production build takes the production build it ships beside it: no warning code for a
 * shopper's browser to download and parse (0.5 KB gzip of the first download). `vite dev`
 * keeps the warnings.
 */
export const REACT_ROUTER_PRODUCTION = fileURLToPath(
  new URL('./node_modules/react-router/dist/production/index.mjs', import.meta.url),
);

function reactRouterProductionBuild(): Plugin {
  return {
    name: 'shop-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: { alias: [{ find: /^react-router$/, replacement: REACT_ROUTER_PRODUCTION }] },
    }),
  };
}

/**
 * react-router keeps components the shop never uses (Link, NavLink, Form, ScrollRestoration,
 * HistoryRouter and what they reach: prefetching, form submission, RSC helpers) in every
 * build, because its module names each of them for React DevTools (`Link.displayName =
 * "Link"`, a property write the bundler must keep) and makes them with `forwardRef(…)`,
 * a call the bundler cannot tell is pure. Without those names, and with `forwardRef`
 * marked pure, what the shop does not import goes: 4.3 KB gzip of the first download
 * (101.8 → 97.5 KB). The names only ever showed in DevTools.
 */
export function letUnusedReactRouterGo(code: string): string {
  return code
    .replace(/^[ \t]*[\w$]+\.displayName = "[^"\n]*";[ \t]*$/gm, '')
    .replace(/= (React\d*)\.forwardRef\(/g, '= /* @__PURE__ */ $1.forwardRef(');
}

const REACT_ROUTER_CHUNK = /[\\/]react-router[\\/]dist[\\/]production[\\/]chunk-[\w-]+\.mjs$/;

function reactRouterTreeShaking(): Plugin {
  return {
    name: 'shop-react-router-tree-shaking',
    apply: 'build',
    transform(code, id) {
      return REACT_ROUTER_CHUNK.test(id) ? { code: letUnusedReactRouterGo(code), map: null } : null;
    },
  };
}

/**
 * The files of src/features run nothing when imported (no listeners, no globals: effects
 * start in components and hooks), so the bundler may leave out any of them whose exports a
 * chunk does not use. Without this, a feature's public.ts door would put everything it
 * re-exports (the catalogue's screens, the cart's) into every chunk that opens it for one
 * small thing, the first download included.
 */
export const FEATURES_HAVE_NO_IMPORT_EFFECTS = [
  { test: /[\\/]src[\\/]features[\\/]/, sideEffects: false },
];

/**
 * Everything the first download imports, in one chunk (rolldown then makes it the entry
 * chunk itself). Left to itself, the bundler moved what the landing page shares with a lazy
 * page (React, the CommonJS helpers, PageTitle) into a chunk of their own the moment the
 * about page became lazy: one more request, and 0.6 KB gzip more than the same code in one
 * file. The service worker and the early start are entries of their own, with nothing of
 * the app's: never theirs.
 */
const FIRST_DOWNLOAD_IN_ONE_CHUNK = {
  name: 'index',
  tags: ['$initial' as const],
  test: (id: string) =>
    !id.startsWith(serviceWorkerDir) &&
    id !== earlyStartEntry &&
    !id.endsWith(`${sep}app${sep}early-start.ts`),
};

export function createRendererConfig(target: RendererTarget): UserConfig {
  const catalogueUrl = resolveCatalogueUrl();
  return {
    root: srcDir,
    publicDir,
    plugins: [
      react(),
      reactRouterProductionBuild(),
      reactRouterTreeShaking(),
      tailwindcss(),
      contentSecurityPolicy(catalogueUrl, target),
      ...(target === 'web' ? [serviceWorker(), earlyStart(catalogueUrl)] : []),
      // out/shipped-modules/<build>.json, what `npm run audit:shipped` audits.
      moduleListPlugin(target === 'web' ? 'web' : 'renderer', projectRoot),
    ],
    resolve: { alias: { '@': srcDir, '@shared': sharedDir } },
    define: {
      __SHOP_TARGET__: JSON.stringify(target),
      __SHOP_CATALOGUE_URL__: JSON.stringify(catalogueUrl),
    },
    build: {
      // electron-vite leaves the renderer unminified unless told; a kiosk PC parses it too.
      minify: true,
      // Assets stay separate hashed files, long-cached by any static host.
      assetsInlineLimit: 0,
      reportCompressedSize: true,
      rolldownOptions: {
        treeshake: { moduleSideEffects: FEATURES_HAVE_NO_IMPORT_EFFECTS },
        output: { codeSplitting: { groups: [FIRST_DOWNLOAD_IN_ONE_CHUNK] } },
      },
    },
  };
}

export default defineConfig(() => {
  const config = createRendererConfig('web');
  return {
    ...config,
    base: '/',
    build: {
      ...config.build,
      outDir: fileURLToPath(new URL('./out/web', import.meta.url)),
      emptyOutDir: true,
    },
  };
});
