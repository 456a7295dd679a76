/**
 * Vite config of the renderer, shared by both builds:
 * - the static web build (this file's default export, `npm run build:web` → out/web),
 * - the Electron renderer (electron.vite.config.ts imports createRendererConfig).
 * The build target and the catalogue URL are baked in at build time.
 */
import { createHash } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin, type UserConfig } from 'vite';
import { normaliseCatalogueUrl } from './shared/catalogue-url.ts';
import { buildContentSecurityPolicy } from './shared/csp.ts';

export type RendererTarget = 'kiosk' | 'web';

/** The web build talks to the public FakeStore API unless told otherwise. */
export const DEFAULT_WEB_CATALOGUE_URL = 'https://fakestoreapi.com';

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
 * and a version derived from them, so a new build is a new worker. The kiosk build has
 * none: the kiosk caches images in its main process.
 */
function serviceWorker(): Plugin {
  return {
    name: 'shop-service-worker',
    apply: 'build',
    buildStart() {
      this.emitFile({ type: 'chunk', id: serviceWorkerEntry, fileName: 'sw.js' });
    },
    generateBundle(_options, bundle) {
      const worker = bundle['sw.js'];
      if (worker?.type !== 'chunk') throw new Error('the service worker was not built');
      const built = Object.keys(bundle).filter(
        (name) => name !== 'sw.js' && !name.endsWith('.map'),
      );
      const copied = readdirSync(publicDir);
      const files = [
        '/index.html',
        ...[...built, ...copied].filter((n) => n !== 'index.html').map((n) => `/${n}`),
      ];
      const version = createHash('sha256').update(files.join('\n')).digest('hex').slice(0, 12);
      // A classic worker script (module workers are not everywhere yet): no export statement.
      const code = worker.code.replace(/\bexport\s*\{\s*\};?\s*$/, '');
      worker.code = `self.__SHOP_BUILD__=${JSON.stringify({ version, files })};\n${code}`;
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
      tailwindcss(),
      contentSecurityPolicy(catalogueUrl),
      ...(target === 'web' ? [serviceWorker()] : []),
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
