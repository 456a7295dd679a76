/**
 * Playwright e2e + accessibility suite.
 *
 * Projects:
 * - web:        the static web build (out/web) served with the embedded catalogue at /api.
 * - kiosk-file: the Electron renderer build (out/renderer) opened from disk, no preload bridge.
 * - kiosk-preview: the same build as `npm start` serves it without Electron: over http, with
 *               a stand-in bridge (tools/kiosk-preview/), started by the spec itself.
 * - electron:   the packaged main process (tests/e2e/electron; skips itself without a binary).
 * - fleet-console: the operator's console (out/console) against a real Mosquitto that each
 *               test starts itself (tests/support/mosquitto.ts), served in-process per test.
 *
 * No Playwright browser is downloaded here: Debian's Chromium headless shell, or its full
 * Chromium, or CHROMIUM_PATH is used (tools/browser/chromium.ts says why).
 * Build first (`npm run build:e2e`); the web server is started with `--no-build`.
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { defineConfig, type LaunchOptions } from '@playwright/test';
import { CHROMIUM_ARGS, chromiumMissing, E2E_CHROMIUM_PATH } from './tools/browser/chromium';

const isCI = Boolean(process.env.CI);
// E2E_PORT lets two checkouts run their suites side by side; build:e2e bakes the same port
// into the kiosk renderer's catalogue URL.
const PORT = Number(process.env.E2E_PORT ?? 4173);
const ORIGIN = `http://127.0.0.1:${PORT}`;

const chromiumPath = E2E_CHROMIUM_PATH;
if (!existsSync(chromiumPath)) throw new Error(chromiumMissing(chromiumPath));

const chromiumArgs = [...CHROMIUM_ARGS];

const launchOptions: LaunchOptions = { executablePath: chromiumPath, args: chromiumArgs };

const kioskIndex = pathToFileURL(resolve(__dirname, 'out/renderer/index.html')).href;

// Started by its own PID (not through an npx wrapper) so Playwright can stop it cleanly.
const tsx = process.platform === 'win32' ? 'npx tsx' : 'node_modules/.bin/tsx';

export default defineConfig({
  testDir: 'tests/e2e',
  // Per-test artifacts (traces, failure screenshots). Kept apart from test-results/screenshots/,
  // which screenshots.spec.ts fills and which must survive the next run's clean-up.
  outputDir: 'test-results/artifacts',
  fullyParallel: true,
  forbidOnly: isCI,
  workers: 2,
  retries: isCI ? 1 : 0,
  // Twice Playwright's default: on CI's 2 cores, with two workers each driving Chromium (and
  // Mosquitto for the console), the axe and offline tests took 17–26 s and a counter test
  // 31 s. A hang still fails, after a minute.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  reporter: [['list'], ['html', { open: 'never' }]],
  use: {
    // A trace records every action's DOM and a screencast, which cost the suite about a third
    // of its time on two cores. CI records them on a retry, for a test that failed once;
    // locally, where nothing is retried, a failure keeps the trace it was recorded with.
    trace: isCI ? 'on-first-retry' : 'retain-on-failure',
    screenshot: 'only-on-failure',
    locale: 'en-US',
    timezoneId: 'UTC',
  },
  webServer: {
    command: `${tsx} scripts/web/serve.ts --no-build --port ${PORT}`,
    url: `${ORIGIN}/api/products`,
    reuseExistingServer: !isCI,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
  projects: [
    {
      name: 'web',
      testDir: 'tests/e2e/web',
      use: {
        baseURL: ORIGIN,
        browserName: 'chromium',
        viewport: { width: 1366, height: 768 },
        launchOptions,
      },
    },
    {
      name: 'kiosk-file',
      testDir: 'tests/e2e/kiosk',
      use: {
        // Tests open this URL themselves (page.goto(KIOSK_INDEX_URL)); kept here for reference.
        baseURL: kioskIndex,
        browserName: 'chromium',
        viewport: { width: 1080, height: 1920 },
        launchOptions: {
          ...launchOptions,
          // Headless Chromium refuses module scripts from file:// (origin 'null') without this.
          args: [...chromiumArgs, '--allow-file-access-from-files'],
        },
      },
    },
    {
      name: 'kiosk-preview',
      testDir: 'tests/e2e/kiosk-preview',
      use: {
        browserName: 'chromium',
        viewport: { width: 1080, height: 1920 },
        launchOptions,
      },
    },
    {
      name: 'electron',
      testDir: 'tests/e2e/electron',
    },
    {
      name: 'fleet-console',
      testDir: 'tests/e2e/fleet-console',
      use: {
        browserName: 'chromium',
        viewport: { width: 1366, height: 768 },
        launchOptions,
      },
    },
  ],
});
