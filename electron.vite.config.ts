import { resolve } from 'node:path';
import { defineConfig } from 'electron-vite';
import { createRendererConfig } from './vite.web.config.mts';

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
    ...createRendererConfig('kiosk'),
    build: {
      ...createRendererConfig('kiosk').build,
      outDir: resolve(__dirname, 'out/renderer'),
      rollupOptions: { input: { index: resolve(__dirname, 'src/index.html') } },
    },
  },
});
