/**
 * The window's size, changed in a page that is already open: the layout, and the app's own
 * listeners for the size (matchMedia), have answered by the time resizeTo returns.
 */
import type { Page } from '@playwright/test';

export interface Viewport {
  width: number;
  height: number;
}

export const sizeOf = (viewport: Viewport): string => `${viewport.width}x${viewport.height}`;

/** Resizes the window, then waits two frames: one for the resize's renders, one painted. */
export async function resizeTo(page: Page, viewport: Viewport): Promise<void> {
  const now = page.viewportSize();
  if (now?.width === viewport.width && now.height === viewport.height) return;
  await page.setViewportSize(viewport);
  await page.evaluate(
    () =>
      new Promise<void>((done) => {
        requestAnimationFrame(() => requestAnimationFrame(() => done()));
      }),
  );
}
