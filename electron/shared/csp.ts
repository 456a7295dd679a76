/**
 * The one Content-Security-Policy of the shop, used by the build (a <meta> tag in
 * index.html) and by the Electron main process (response header of the app protocol).
 * Only the app itself and the catalogue host may be reached; no inline or eval'd script.
 */
export function catalogueOrigin(catalogueUrl: string): string | null {
  // A root-relative host ("/api") lives on the app's own origin: 'self' covers it.
  if (catalogueUrl.startsWith('/')) return null;
  try {
    const url = new URL(catalogueUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

export function buildContentSecurityPolicy(catalogueUrl: string): string {
  const origin = catalogueOrigin(catalogueUrl);
  const extra = origin ? ` ${origin}` : '';
  return [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    `img-src 'self' data:${extra}`,
    `connect-src 'self'${extra}`,
    "font-src 'self'",
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}
