import type { ComponentType, ReactNode } from 'react';
import { BrowserRouter, MemoryRouter } from 'react-router';

/**
 * A router around the shop's routes; remounting it starts a fresh history. The kiosk gets a
 * memory router, the web build real URLs, deep links and the back button (app.tsx picks one
 * per build); both render the one route table (routes.tsx). Declarative routers rather than
 * data routers: the shop loads no route data through the router, and they are half the
 * download.
 */
export type ShopRouter = ComponentType<{ children: ReactNode }>;

/** The kiosk has no URL bar and loads from disk or its app protocol: every session starts at /. */
export function KioskRouter({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter initialEntries={['/']} useTransitions={false}>
      {children}
    </MemoryRouter>
  );
}

/**
 * Without transitions a search, a category or a page change shows in the very next frame;
 * in a transition React renders it in slices between frames, twice as late on a slow kiosk.
 */
export function WebRouter({ children }: { children: ReactNode }) {
  return <BrowserRouter useTransitions={false}>{children}</BrowserRouter>;
}
