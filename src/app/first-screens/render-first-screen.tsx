/**
 * A first screen as HTML, for the web build to write into its pages at build time
 * (vite-plugins/first-screens.mts runs this in Node, never in a browser). The app is
 * rendered as a first visit's browser renders it (main.tsx): the same capabilities, the
 * same routes, English, nothing in storage; only the router differs, a memory router at
 * the route's path instead of the browser's, which draws the same links. Lazy pages are
 * waited for (`prerender`), so the HTML holds the page and not its placeholder.
 */
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { MemoryRouter } from 'react-router';
import { App } from '@/app/app';
import { createCatalogueCache } from '@/app/catalogue-cache';
import { resolveCapabilities } from '@/platform/capabilities';

export { FIRST_SCREEN_META, FIRST_SCREEN_ROUTES } from './first-screen-routes';

async function text(stream: ReadableStream<Uint8Array>): Promise<string> {
  const decoder = new TextDecoder();
  const reader = stream.getReader();
  let html = '';
  for (;;) {
    const { done, value } = await reader.read();
    if (done) return html + decoder.decode();
    html += decoder.decode(value, { stream: true });
  }
}

export async function renderFirstScreen(path: string): Promise<string> {
  const capabilities = resolveCapabilities(
    { target: 'web', catalogueUrl: __SHOP_CATALOGUE_URL__ },
    null,
  );
  function AtPath({ children }: { children: ReactNode }) {
    return (
      <MemoryRouter initialEntries={[path]} useTransitions={false}>
        {children}
      </MemoryRouter>
    );
  }
  let failed: unknown;
  const { prelude } = await prerender(
    <App capabilities={capabilities} Router={AtPath} catalogue={createCatalogueCache()} />,
    {
      onError: (error) => {
        failed ??= error;
      },
    },
  );
  // A screen that failed in part would be written with React's client fallback in it.
  if (failed instanceof Error) throw failed;
  if (failed !== undefined) throw new Error(`the first screen of ${path} failed to render`);
  return text(prelude);
}
