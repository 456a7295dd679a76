import { startTransition, type ReactNode } from 'react';
import { hydrateRoot, type HydrationOptions, type Root } from 'react-dom/client';

/**
 * The app's first render. On a laptop or a kiosk it is one render: slicing it cost more
 * main-thread time and a later first card (docs/decisions/0001-first-render-as-a-transition.md).
 * A phone's main thread is several times slower, so the same render is one task long enough
 * to hold every tap and scroll; there it is a transition, which React renders in slices of
 * a few ms with the browser's own work between them
 * (docs/decisions/0012-a-phones-first-render-in-slices.md).
 */
export function renderFirst(root: Root, app: ReactNode, sliced: boolean): void {
  if (sliced) startTransition(() => root.render(app));
  else root.render(app);
}

/**
 * The same for a first screen the page already holds as HTML: React takes it over
 * (hydrateRoot), in one go, or on a phone as a transition, in slices with the browser's own
 * work between them. Taps on the screen meanwhile are replayed once their part is taken over.
 */
export function hydrateFirst(
  container: Element,
  app: ReactNode,
  sliced: boolean,
  options?: HydrationOptions,
): void {
  const hydrate = () => void hydrateRoot(container, app, options);
  if (sliced) startTransition(hydrate);
  else hydrate();
}
