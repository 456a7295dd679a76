/**
 * npm run -s headers:nginx [-- CATALOGUE_URL] — prints the nginx `add_header` lines of the
 * web shop's security headers (server/http/security-headers.ts) for a web build made with
 * that catalogue URL (default: VITE_CATALOGUE_URL, else the build's own default). Paste
 * them into the two snippets the nginx example of docs/web/deploy.md includes.
 */
import {
  nginxHeaderLines,
  serviceWorkerSecurityHeaders,
  webSecurityHeaders,
} from '../../server/http/security-headers';
import { webCatalogueUrl } from '../../shared/catalogue-url';
import { exitOnHelp } from '../../tools/cli/help';

exitOnHelp(`Usage: npm run -s headers:nginx [-- CATALOGUE_URL]

Prints the nginx add_header lines of the web shop's security headers for a web build made
with that catalogue URL (default: VITE_CATALOGUE_URL, else the build's own default), for
the two snippets of docs/web/deploy.md.`);

const argument = process.argv[2];
const catalogueUrl = webCatalogueUrl(argument ?? process.env.VITE_CATALOGUE_URL);
console.log(`# Security headers of the Kiosk Shop web build (catalogue ${catalogueUrl})`);
for (const line of nginxHeaderLines(webSecurityHeaders(catalogueUrl))) console.log(line);
console.log('\n# The same for /sw.js, the service worker (its own policy)');
for (const line of nginxHeaderLines(serviceWorkerSecurityHeaders(catalogueUrl))) console.log(line);
