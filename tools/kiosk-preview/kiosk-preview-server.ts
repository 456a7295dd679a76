/**
 * The kiosk in a browser: the kiosk renderer build (out/renderer, from electron-vite) and
 * the embedded catalogue at /api on one loopback server, with the stand-in bridge
 * (stand-in-bridge.ts) that gives the page its config as the Electron preload would.
 * `npm start` runs it when Electron cannot be had; out/web is never touched.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { RendererConfig } from '../../shared/bridge';
import { loadDemoCatalogue } from '../../server/catalogue/demo-catalogue';
import { listenFetchFor, type RunningServer } from '../../server/http/listen-fetch';
import { createShopHandler } from '../../server/http/shop-handler';
import { REPO_ROOT } from '../repo-root';
import { previewIndexHtml, previewPolicy } from './kiosk-page';
import { STAND_IN_BRIDGE_PATH, standInBridgeScript } from './stand-in-bridge';

export const RENDERER_DIR = resolve(REPO_ROOT, 'out', 'renderer');
export const PREVIEW_API_BASE = '/api';
export const PREVIEW_PORT = 4174;

/** Builds out/main, out/preload and out/renderer, as `npm start` does before Electron. */
export async function buildKioskRenderer(say: (line: string) => void = console.log): Promise<void> {
  say('Building the kiosk (out/renderer)…');
  const { build } = await import('electron-vite');
  await build({ configFile: resolve(REPO_ROOT, 'electron.vite.config.ts'), logLevel: 'warn' });
}

export interface KioskPreviewOptions {
  /** The config the launcher resolved; catalogueUrl '' is the embedded catalogue here. */
  config: RendererConfig;
  port?: number;
  /** Take a free port when `port` is taken. */
  anyPortIfBusy?: boolean;
  /** The kiosk renderer build (default out/renderer). */
  rendererDir?: string;
}

const isPage = (pathname: string): boolean => pathname === '/' || pathname === '/index.html';

export async function startKioskPreview({
  config,
  port = PREVIEW_PORT,
  anyPortIfBusy = false,
  rendererDir = RENDERER_DIR,
}: KioskPreviewOptions): Promise<RunningServer> {
  const products = loadDemoCatalogue();
  const html = readFileSync(join(rendererDir, 'index.html'), 'utf8');
  const handlerFor = (origin: string) => {
    const page = {
      ...config,
      catalogueUrl:
        config.catalogueUrl === '' ? `${origin}${PREVIEW_API_BASE}` : config.catalogueUrl,
    };
    const index = previewIndexHtml(html, page.catalogueUrl);
    const bridge = standInBridgeScript(page);
    const site = createShopHandler({
      staticDir: rendererDir,
      products,
      apiBase: PREVIEW_API_BASE,
      publicOrigin: origin,
    });
    return async (request: Request): Promise<Response> => {
      const { pathname } = new URL(request.url);
      if (pathname === STAND_IN_BRIDGE_PATH) {
        return new Response(bridge, {
          headers: {
            'Content-Type': 'text/javascript; charset=utf-8',
            'Cache-Control': 'no-store',
          },
        });
      }
      if (isPage(pathname)) {
        return new Response(index, {
          headers: {
            'Content-Type': 'text/html; charset=utf-8',
            'Cache-Control': 'no-store',
            'Content-Security-Policy': `${previewPolicy(page.catalogueUrl)}; frame-ancestors 'none'`,
            'X-Content-Type-Options': 'nosniff',
          },
        });
      }
      return site(request);
    };
  };
  const host = '127.0.0.1';
  try {
    return await listenFetchFor(handlerFor, { port, host });
  } catch (error) {
    if (!anyPortIfBusy || (error as { code?: unknown } | null)?.code !== 'EADDRINUSE') throw error;
    return listenFetchFor(handlerFor, { port: 0, host });
  }
}
