import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import react from '@vitejs/plugin-react';
import { configDefaults, defineConfig } from 'vitest/config';
import { compiledMessages } from './vite-plugins/messages.mts';

const srcDir = fileURLToPath(new URL('./src', import.meta.url));
const sharedDir = fileURLToPath(new URL('./shared', import.meta.url));
const webSharedDir = fileURLToPath(new URL('./web-shared', import.meta.url));

/**
 * Vitest's default is one worker fewer than the cores: one worker on a two-core machine. The
 * suites mostly wait on real brokers, servers and timers rather than compute, so two workers
 * there halve the run (about 470 s to 200 s) without crowding the processor.
 */
const WORKERS = Math.max(2, availableParallelism() - 1);

/** Suites with a config and an npm script of their own (vitest.records-ha.config.mts). */
const RUN_ALONE = ['tests/services/shop/records-ha.test.ts'];

export default defineConfig({
  plugins: [compiledMessages(), react()],
  resolve: { alias: { '@': srcDir, '@shared': sharedDir, '@web-shared': webSharedDir } },
  define: {
    __SHOP_TARGET__: JSON.stringify('web'),
    __SHOP_CATALOGUE_URL__: JSON.stringify('http://catalogue.test'),
  },
  test: {
    maxWorkers: WORKERS,
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
          // The Patroni failover suite runs alone: npm run test:records-ha.
          exclude: [...configDefaults.exclude, ...RUN_ALONE],
        },
      },
    ],
  },
});
