/**
 * The security headers of the web shop, from one place: `npm run serve` sends them
 * (shop-handler.ts), and the nginx example of docs/web/deploy.md is this module's output
 * (`npm run -s headers:nginx`), compared by tests/server/http/security-headers.test.ts. The
 * page's own policy (stated by its first script) cannot say `frame-ancestors`, so only a
 * header stops framing.
 */
import { buildServiceWorkerPolicy, buildWebPagePolicy } from '../../shared/csp';

/** `catalogueUrl` is the build's VITE_CATALOGUE_URL (`/api` when served beside it). */
export function webSecurityHeaders(catalogueUrl: string): Readonly<Record<string, string>> {
  return {
    'Content-Security-Policy': `${buildWebPagePolicy(catalogueUrl)}; frame-ancestors 'none'`,
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'no-referrer',
    // For browsers too old for frame-ancestors.
    'X-Frame-Options': 'DENY',
  };
}

/** The path of the web build's service worker, which runs under a policy of its own. */
export const SERVICE_WORKER_PATH = '/sw.js';

/**
 * The same headers for /sw.js, with the worker's policy: it fetches the images the page
 * shows (any https host), which the page's connect-src rightly does not allow.
 */
export function serviceWorkerSecurityHeaders(
  catalogueUrl: string,
): Readonly<Record<string, string>> {
  return {
    ...webSecurityHeaders(catalogueUrl),
    'Content-Security-Policy': buildServiceWorkerPolicy(catalogueUrl),
  };
}

/** The same headers as nginx `add_header` lines; `always` puts them on error pages too. */
export function nginxHeaderLines(headers: Readonly<Record<string, string>>): string[] {
  return Object.entries(headers).map(([name, value]) => {
    if (value.includes('"')) throw new Error(`${name}: a double quote cannot go into nginx`);
    return `add_header ${name} "${value}" always;`;
  });
}
