/**
 * Where in an update feed the updater looks for a version's files. Which feeds a kiosk may
 * take code from is the config's rule, shared/kiosk-config/feed-url.ts.
 */

/** The feed URL with exactly one trailing slash, so relative file names resolve inside it. */
export function feedFolder(feedUrl: string, subfolder = ''): string {
  const base = feedUrl.replace(/\/+$/, '');
  return subfolder === '' ? `${base}/` : `${base}/${subfolder.replace(/^\/+|\/+$/g, '')}/`;
}
