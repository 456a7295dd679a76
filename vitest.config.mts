import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vitest/config';
import { compiledMessages } from './vite-plugins/messages.mts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const sharedDir = fileURLToPath(new URL('./shared', import.meta.url));
const webSharedDir = fileURLToPath(new URL('./web-shared', import.meta.url));

export default defineConfig({
  plugins: [compiledMessages(), react()],
  resolve: { alias: { '@': srcDir, '@shared': sharedDir, '@web-shared': webSharedDir } },
  define: {
    __SHOP_TARGET__: JSON.stringify('web'),
    __SHOP_CATALOGUE_URL__: JSON.stringify('http://catalogue.test'),
  },
  test: {
    projects: [
      {
        extends: true,
        test: {
          name: 'renderer',
          environment: 'happy-dom',
          include: ['src/**/*.test.{ts,tsx}', 'web-shared/**/*.test.{ts,tsx}'],
          setupFiles: ['src/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'console',
          environment: 'happy-dom',
          include: ['fleet-console/**/*.test.{ts,tsx}'],
          setupFiles: ['fleet-console/test/setup.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'node',
          environment: 'node',
          // Every unit suite under tests/ (the e2e specs are *.spec.ts, run by Playwright), so
          // a new folder of the mirror is run without being listed here; and the bench's own tests.
          include: ['tests/**/*.test.ts', 'bench/**/*.test.ts'],
        },
      },
    ],
  },
});
