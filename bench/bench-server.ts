/**
 * The shop as the bench measures it: built by the project's own build script, served by
 * startBrowserShop (web build + embedded catalogue at /api) on a loopback port of the
 * bench's range, so it never collides with `npm run serve` or the e2e server (4173, 4180).
 */
import { spawn } from 'node:child_process';
import { readFileSync, existsSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { startBrowserShop } from '../tools/browser/browser-shop';
import { REPO_ROOT } from '../tools/repo-root';
import type { RunningServer } from '../server/http/listen-fetch';

export const PORT_RANGE = { first: 4300, last: 4399 } as const;
export const WEB_DIR = join(REPO_ROOT, 'out', 'web');
export const RENDERER_DIR = join(REPO_ROOT, 'out', 'renderer');

const inRange = (port: number): boolean => port >= PORT_RANGE.first && port <= PORT_RANGE.last;

function isFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const probe = createServer();
    probe.once('error', () => resolve(false));
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
  });
}

/** The first free port of the range, trying `preferred` first. */
export async function freePort(preferred?: number): Promise<number> {
  if (preferred !== undefined && inRange(preferred) && (await isFree(preferred))) return preferred;
  for (let port: number = PORT_RANGE.first; port <= PORT_RANGE.last; port += 1) {
    if (await isFree(port)) return port;
  }
  throw new Error(`no free port in ${PORT_RANGE.first}-${PORT_RANGE.last}`);
}

/**
 * The port the kiosk renderer in out/renderer was built to call: its catalogue URL is baked
 * in (and allowed by its CSP), so the kiosk can only be measured against a server there.
 */
export function rendererCataloguePort(): number | undefined {
  const index = join(RENDERER_DIR, 'index.html');
  if (!existsSync(index)) return undefined;
  // The meta tag's quotes are HTML entities (&#39;), whose ';' would end a directive early.
  const html = readFileSync(index, 'utf8').replaceAll('&#39;', "'").replaceAll('&quot;', '"');
  const match = /connect-src[^;"]*http:\/\/127\.0\.0\.1:(\d+)/.exec(html);
  return match?.[1] === undefined ? undefined : Number(match[1]);
}

/**
 * Runs scripts/web/build-e2e.ts (the build the e2e tests use): out/web against /api, and the
 * Electron renderer against http://127.0.0.1:<port>/api. A child process, because the
 * script runs on import and reads its port from the environment.
 */
export function buildShop(port: number): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', 'scripts/web/build-e2e.ts'], {
      cwd: REPO_ROOT,
      env: { ...process.env, E2E_PORT: String(port) },
      stdio: 'inherit',
    });
    child.once('error', reject);
    child.once('exit', (code) => {
      if (code === 0) resolve();
      else reject(new Error(`scripts/web/build-e2e.ts exited with ${code ?? 'a signal'}`));
    });
  });
}

/**
 * out/web (or another shop's build, for --compare) with the demo catalogue (productCount
 * undefined) or N generated products.
 */
export function serveShop(
  port: number,
  productCount?: number,
  staticDir = WEB_DIR,
): Promise<RunningServer> {
  return startBrowserShop({
    port,
    host: '127.0.0.1',
    staticDir,
    ...(productCount === undefined ? {} : { productCount }),
  });
}

export async function withShop<T>(
  port: number,
  productCount: number | undefined,
  work: (server: RunningServer) => Promise<T>,
  staticDir = WEB_DIR,
): Promise<T> {
  const server = await serveShop(port, productCount, staticDir);
  try {
    return await work(server);
  } finally {
    await server.close();
  }
}
