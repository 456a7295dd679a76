/**
 * Whether React takes over the first screen the build wrote into the page (hydrateRoot) or
 * renders the app afresh (createRoot). The early start has already hidden a screen this visit
 * would not render (early-start.ts firstScreenUsable); that one is cleared here, and the page
 * shown again, for the app to render into. A page without a written screen (the kiosk build,
 * the dev server, a route the build does not write) renders afresh.
 */
export function takeFirstScreen(doc: Document, root: HTMLElement): boolean {
  if (root.firstElementChild === null) return false;
  if (doc.documentElement.dataset.firstScreen !== 'unused') return true;
  root.replaceChildren();
  delete doc.documentElement.dataset.firstScreen;
  return false;
}
