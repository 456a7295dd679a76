import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { moduleListPlugin } from './tools/build/module-list-plugin.mts';
import { createRendererConfig } from './vite.web.config.mts';

const kioskRenderer = createRendererConfig('kiosk');

export default defineConfig({
  main: {
    // out/shipped-modules/<build>.json, what `npm run audit:shipped` audits.
    plugins: [moduleListPlugin('main', __dirname)],
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
    plugins: [moduleListPlugin('preload', __dirname)],
    build: {
      outDir: 'out/preload',
      rollupOptions: { input: { index: resolve(__dirname, 'electron/preload/index.ts') } },
    },
  },
  renderer: {
    ...kioskRenderer,
    build: {
      ...kioskRenderer.build,
      outDir: resolve(__dirname, 'out/renderer'),
      rolldownOptions: {
        ...kioskRenderer.build?.rolldownOptions,
        input: { index: resolve(__dirname, 'src/index.html') },
      },
    },
  },
});
