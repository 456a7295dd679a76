/**
 * Vite config of the renderer, shared by both builds:
 * - the static web build (this file's default export, `npm run build:web` → out/web),
 * - the Electron renderer (electron.vite.config.ts imports createRendererConfig).
 * The build target and the catalogue URL are baked in at build time. The build's own steps
 * live in vite-plugins/, one file each.
 */
import { join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type UserConfig } from 'vite';
import { webCatalogueUrl } from './shared/catalogue-url.ts';
import { moduleListPlugin } from './tools/build/module-list-plugin.mts';
import { contentSecurityPolicy } from './vite-plugins/content-security-policy.mts';
import { earlyStart, earlyStartEntry } from './vite-plugins/early-start.mts';
import { firstScreens } from './vite-plugins/first-screens.mts';
import { launchScreen } from './vite-plugins/launch-screen.mts';
import { compiledMessages } from './vite-plugins/messages.mts';
import {
  reactRouterProductionBuild,
  reactRouterTreeShaking,
} from './vite-plugins/react-router.mts';
import type { RendererTarget } from './vite-plugins/renderer-target.mts';
import { serviceWorker, serviceWorkerDir } from './vite-plugins/service-worker.mts';

const projectRoot = fileURLToPath(new URL('.', import.meta.url));
const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const sharedDir = fileURLToPath(new URL('./shared', import.meta.url));
const webSharedDir = fileURLToPath(new URL('./web-shared', import.meta.url));
const publicDir = fileURLToPath(new URL('./resources/public', import.meta.url));

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
  const catalogueUrl = webCatalogueUrl(process.env.VITE_CATALOGUE_URL);
  return {
    root: srcDir,
    publicDir,
    plugins: [
      compiledMessages(),
      react(),
      reactRouterProductionBuild(),
      reactRouterTreeShaking(),
      tailwindcss(),
      contentSecurityPolicy(catalogueUrl, target),
      // The first screens before the service worker: it precaches the landing page they write.
      ...(target === 'web'
        ? [
            firstScreens(() => createRendererConfig('web')),
            serviceWorker(),
            earlyStart(catalogueUrl),
          ]
        : [launchScreen(() => createRendererConfig('kiosk'))]),
      // out/shipped-modules/<build>.json, what `npm run audit:shipped` audits.
      moduleListPlugin(target === 'web' ? 'web' : 'renderer', projectRoot),
    ],
    resolve: {
      alias: {
        '@': srcDir,
        '@shared': sharedDir,
        '@web-shared': webSharedDir,
        // The kiosk's base rules in the kiosk's sheets only (web-shared/ui/kiosk-base.css).
        '@shop-target-base': join(
          webSharedDir,
          'ui',
          target === 'kiosk' ? 'kiosk-base.css' : 'target-base-web.css',
        ),
      },
    },
    define: {
      __SHOP_TARGET__: JSON.stringify(target),
      __SHOP_CATALOGUE_URL__: JSON.stringify(catalogueUrl),
    },
    build: {
      // electron-vite leaves the renderer unminified unless told; a kiosk PC parses it too.
      minify: true,
      // Assets stay separate hashed files, long-cached by any static host.
      assetsInlineLimit: 0,
      // Every browser the shop supports preloads modules itself (Chromium 66, Firefox 115,
      // Safari 17): Vite's polyfill for older ones was half a KB of the first download that
      // never did anything. A browser without would only not preload; the shop still loads.
      modulePreload: { polyfill: false },
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
