/**
 * Vite config of the renderer, shared by both builds:
 * - the static web build (this file's default export, `npm run build:web` → out/web),
 * - the Electron renderer (electron.vite.config.ts imports createRendererConfig).
 * The build target and the catalogue URL are baked in at build time.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { normaliseCatalogueUrl } from './shared/catalogue-url.ts';
import { buildContentSecurityPolicy } from './shared/csp.ts';
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

/** Injects the strict CSP into index.html of production builds (dev needs Vite's inline preamble). */
function contentSecurityPolicy(catalogueUrl: string): Plugin {
  return {
    name: 'shop-content-security-policy',
    apply: 'build',
    transformIndexHtml: () => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: buildContentSecurityPolicy(catalogueUrl),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

const serviceWorkerEntry = fileURLToPath(new URL('./src/service-worker/sw.ts', import.meta.url));

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
      contentSecurityPolicy(catalogueUrl),
      ...(target === 'web' ? [serviceWorker()] : []),
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
      rolldownOptions: { treeshake: { moduleSideEffects: FEATURES_HAVE_NO_IMPORT_EFFECTS } },
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
