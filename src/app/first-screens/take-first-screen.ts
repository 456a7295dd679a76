/**
 * Whether React takes over the first screen the build wrote into the page (hydrateRoot) or
 * renders the app afresh (createRoot). The early start has already hidden the page when this
 * visit would not render the written screen (early-start.ts firstScreenUsable): the screen is
 * cleared here, and the page shown again, for the app to render into. A page without a
 * written screen (the kiosk build, the dev server) renders afresh.
 */
export function takeFirstScreen(page: HTMLElement, root: HTMLElement): boolean {
  if (!page.hidden) return root.firstElementChild !== null;
  root.replaceChildren();
  page.hidden = false;
  return false;
}
