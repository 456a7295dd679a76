/**
 * The one Content-Security-Policy of the shop, used by the builds (index.html: the kiosk's
 * as a <meta> tag, the web's from its first script, see buildWebPagePolicy) and by the
 * Electron main process (response header of the app protocol).
 * Only the app itself and the catalogue host may be reached; no inline or eval'd script.
 */
/**
 * An origin that is safe to paste into a CSP source list: http(s), a plain DNS name or
 * IPv4/IPv6 literal, an optional port. The URL parser lets `;` `,` `*` `'` `"` through in
 * host names, so `https://a.example;script-src` or `https://*` would add a directive or a
 * wildcard to the policy; those are refused.
 */
const SAFE_ORIGIN =
  /^https?:\/\/(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

export function catalogueOrigin(catalogueUrl: string): string | null {
  // A root-relative host ("/api") lives on the app's own origin: 'self' covers it.
  if (catalogueUrl.startsWith('/')) return null;
  try {
    const url = new URL(catalogueUrl);
    if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
    return SAFE_ORIGIN.test(url.origin) ? url.origin : null;
  } catch {
    return null;
  }
}

/** True for an absolute http(s) URL whose origin can be written into the CSP as is. */
export function isCspSafeUrl(catalogueUrl: string): boolean {
  return !catalogueUrl.startsWith('/') && catalogueOrigin(catalogueUrl) !== null;
}

export interface PolicyOptions {
  /**
   * Where scripts may come from: 'self' unless told. The kiosk names its build's own
   * folder (`app://shop/assets/`), so nothing else its origin serves, such as the embedded
   * catalogue's answers under `/api`, could ever be loaded as a script.
   */
  scriptSource?: string;
  /**
   * Where audio and video may come from; none unless told. The kiosk plays the WAVs its
   * espeak-ng voice makes from `blob:` URLs; the web build plays nothing.
   */
  mediaSource?: string;
}

/**
 * Images may come from any https host: real catalogues serve them from a CDN, and an image
 * cannot run code. Everything that can carry data out (fetch, XHR) stays limited to the
 * app and the catalogue. A plain-http catalogue (a loopback or shop-LAN host, such as the
 * end-to-end tests' server) is named as is; the kiosk's embedded catalogue needs none of
 * this: it lives on the app's own origin ('self').
 */
export function buildContentSecurityPolicy(
  catalogueUrl: string,
  { scriptSource = "'self'", mediaSource }: PolicyOptions = {},
): string {
  const origin = catalogueOrigin(catalogueUrl);
  const extra = origin ? ` ${origin}` : '';
  const httpImages = origin?.startsWith('http:') ? ` ${origin}` : '';
  return [
    "default-src 'none'",
    `script-src ${scriptSource}`,
    "style-src 'self'",
    `img-src 'self' data: https:${httpImages}`,
    `connect-src 'self'${extra}`,
    "worker-src 'self'",
    "font-src 'self'",
    ...(mediaSource ? [`media-src ${mediaSource}`] : []),
    "manifest-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    "object-src 'none'",
  ].join('; ');
}

/**
 * The web build's page states its policy from a script, not with a `<meta>` tag in its HTML.
 * Chromium's preload scanner holds back every request it finds (the app's scripts and
 * stylesheet) until the parser has applied a meta policy in the page: 10–15 ms of every cold
 * load (the bench, alternating loads of the two kinds). A meta policy added by script is
 * enforced alike from then on, and this script is the page's first, inline, before any other
 * can run; so a host that forgets the header still gets the policy, and one that sends it
 * allows this script, and only it, by its hash (WEB_POLICY_SCRIPT_HASH, in the header's
 * script-src). The policy itself is in `<meta name="shop-csp">`, so the script, and its
 * hash, stay the same for every catalogue.
 */
export const WEB_POLICY_META_NAME = 'shop-csp';
export const WEB_POLICY_SCRIPT =
  "{let d=document,m=d.createElement('meta');m.httpEquiv='Content-Security-Policy';" +
  "m.content=d.querySelector('meta[name=shop-csp]').content;d.head.prepend(m)}";
/** sha256 of WEB_POLICY_SCRIPT, as CSP writes it (tests/shared/csp.test.ts recomputes it). */
export const WEB_POLICY_SCRIPT_HASH = "'sha256-B8SITp73qCSMNspmXeH+xzyUscJ62cpxeh5Qu85+O7I='";

/**
 * sha256 of the web build's early start as index.html runs it (src/app/early-start.ts,
 * written inline by vite-plugins/early-start.mts, which fails the build when the two
 * disagree). Its bytes do not change with the build's file names or its catalogue: those
 * are in the JSON it reads.
 */
export const EARLY_START_SCRIPT_HASH = "'sha256-giJ7SLQ+1yA5mqMPJMpG2IIE39MLFKgfHEHWqMnq/cQ='";

/** The web page's policy: the one above, plus the two inline scripts, by their hashes. */
export function buildWebPagePolicy(catalogueUrl: string): string {
  return buildContentSecurityPolicy(catalogueUrl, {
    scriptSource: `'self' ${WEB_POLICY_SCRIPT_HASH} ${EARLY_START_SCRIPT_HASH}`,
  });
}

/**
 * The policy the service worker runs under (sent with /sw.js). The worker fetches only what
 * the page asked for and its own policy allowed: the page, the build's files, images from
 * any https host.
 */
export function buildServiceWorkerPolicy(catalogueUrl: string): string {
  const origin = catalogueOrigin(catalogueUrl);
  const httpImages = origin?.startsWith('http:') ? ` ${origin}` : '';
  return `default-src 'none'; connect-src 'self' https:${httpImages}`;
}
