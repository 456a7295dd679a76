import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { createRendererConfig } from './vite.web.config.mts';

const kioskRenderer = createRendererConfig('kiosk');

export default defineConfig({
  main: {
    build: {
      outDir: 'out/main',
      rollupOptions: { input: { index: resolve(__dirname, 'electron/main/index.ts') } },
    },
  },
  preload: {
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
