/**
 * Vite config of the operator's fleet console (`npm run fleet` builds it → out/console).
 * A page of its own: the same React, Tailwind and Vite as the shop, its own entry and
 * bundle, so no console code reaches the shopper builds (out/web, out/renderer) and no
 * shopper chunk reaches the console (tests/e2e/fleet-console/bundle-separation.spec.ts).
 */
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { defineConfig, type Plugin } from 'vite';
import { buildConsoleContentSecurityPolicy } from './shared/console-csp.ts';

const consoleDir = fileURLToPath(new URL('./fleet-console', import.meta.url));
const sharedDir = fileURLToPath(new URL('./shared', import.meta.url));
const webSharedDir = fileURLToPath(new URL('./web-shared', import.meta.url));
const publicDir = fileURLToPath(new URL('./resources/public', import.meta.url));

export const CONSOLE_OUT_DIR = fileURLToPath(new URL('./out/console', import.meta.url));

/**
 * The shop service's paths, passed on by the dev server (`SHOP_SERVICE_URL=http://127.0.0.1:8470
 * npx vite --config vite.console.config.mts`), so the page calls its own origin as it does
 * when the service serves the built console: no CORS, the session cookie first-party.
 */
const SHOP_SERVICE_PATHS = [
  '/auth',
  '/receipts',
  '/handovers',
  '/conflicts',
  '/certificates',
  '/revocations',
  '/orders',
  '/health',
  '/shop-settings',
  '/board/snapshot',
  '/board/changes',
];

function shopServiceProxy(): Record<string, { target: string; changeOrigin: boolean }> {
  const target = process.env.SHOP_SERVICE_URL;
  if (!target) return {};
  return Object.fromEntries(
    SHOP_SERVICE_PATHS.map((path) => [path, { target, changeOrigin: true }]),
  );
}

function contentSecurityPolicy(): Plugin {
  return {
    name: 'console-content-security-policy',
    apply: 'build',
    // The staff's screens (pick, board, settings) get theirs; the console its own.
    transformIndexHtml: (_html, context) => [
      {
        tag: 'meta',
        attrs: {
          'http-equiv': 'Content-Security-Policy',
          content: buildConsoleContentSecurityPolicy(
            /(^|\/)index\.html$/.test(context.path) ? 'console' : 'staff-screen',
          ),
        },
        injectTo: 'head-prepend',
      },
    ],
  };
}

export default defineConfig({
  root: consoleDir,
  publicDir,
  // Relative asset URLs: out/console can be put under any path of any static host.
  base: './',
  plugins: [react(), tailwindcss(), contentSecurityPolicy()],
  server: { proxy: shopServiceProxy() },
  resolve: { alias: { '@shared': sharedDir, '@web-shared': webSharedDir } },
  build: {
    outDir: CONSOLE_OUT_DIR,
    emptyOutDir: true,
    minify: true,
    assetsInlineLimit: 0,
    reportCompressedSize: false,
    // An operator's page on a LAN: MQTT.js's browser build alone makes the worker ~340 kB.
    chunkSizeWarningLimit: 800,
    // Four pages of one build: the console, and the pick screen, ready board and shop
    // settings the shop service serves at /pick, /board and /settings. They share React, the theme and the service's
    // client, so one build keeps one copy of each; the pages load only their own chunks.
    rollupOptions: {
      input: {
        index: `${consoleDir}/index.html`,
        pick: `${consoleDir}/pick.html`,
        board: `${consoleDir}/board.html`,
        settings: `${consoleDir}/settings.html`,
      },
    },
  },
});
