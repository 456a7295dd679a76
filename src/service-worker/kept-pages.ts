/**
 * The service worker's side of a returning visitor's kept screens
 * (src/app/first-screens/kept-screen-key.ts says what they are and why): what it accepts
 * from a page, and the page it answers with. Pure, so each rule is tested on its own
 * (kept-pages.test.ts); the worker only carries them out. Nothing here is shared with the
 * app's code (a shared module would become a chunk the worker cannot load): the names the
 * page uses are restated, and the test holds them to the page's.
 */

/** The kept page's meta element (kept-screen-key.ts KEPT_SCREEN_META). */
export const KEPT_SCREEN_META = 'shop-kept-screen';

/** A kept screen's markup larger than this is not kept. */
export const KEPT_HTML_MAX_CHARS = 600_000;

/** How many addresses the worker keeps a screen for (the oldest goes first). */
export const KEPT_SCREENS_MAX = 24;

/** What a page tells its worker (src/service-worker/sw.ts reads it). */
export type KeptScreenMessage =
  | { type: 'keep-screen'; screen: KeptScreen }
  | { type: 'forget-screen'; path: string }
  | { type: 'refuse-screen'; path: string; key: string };

/** What a page hands its worker to keep. */
export interface KeptScreen {
  /** The address: path and query, as the page was at (location.pathname + search). */
  path: string;
  key: string;
  /** React's server render of the app at `path`: the root's content. */
  html: string;
  lang: string;
  dir: 'ltr' | 'rtl';
  /** The page's stylesheets of the build's own, root-relative ('/assets/….css'). */
  styles: string[];
}

/**
 * Markup that could run, load or navigate anything by being parsed: an element that runs
 * or embeds code or another document, changes the page's head or base, or changes how the
 * rest is parsed; an inline handler or style (checked against the page's policy, and
 * reported, as soon as the parser meets it); a script address. React writes none of these
 * for the shop's pages, and escapes every text it writes, so a match is refused, whatever
 * it is (even a product's title that merely spells one out).
 */
const UNSAFE_MARKUP = new RegExp(
  [
    /<\/?(script|style|link|meta|base|iframe|frame|frameset|object|embed|applet|template|noscript|title|head|body|html|xmp|plaintext|noembed|noframes|portal|fencedframe|math|foreignobject|use|animate|set|image)\b/
      .source,
    /[\s/"'](on[a-z-]*|style|srcdoc|formaction|action|http-equiv|xlink:href|ping)\s*=/.source,
    /javascript:|vbscript:|data:text/.source,
    /<!\[CDATA\[|<\?/.source,
  ].join('|'),
  'i',
);

/** Whether a kept screen's markup is only what React writes for the shop's pages. */
export function isPlainScreenHtml(html: string): boolean {
  return html.length <= KEPT_HTML_MAX_CHARS && !UNSAFE_MARKUP.test(html);
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

function hasControlCharacter(text: string): boolean {
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    if (code <= 0x1f || code === 0x7f) return true;
  }
  return false;
}

/** A path and query of this origin's own: no scheme, host, fragment or control character. */
export function isKeptPath(value: unknown): value is string {
  return (
    typeof value === 'string' &&
    value.length <= 512 &&
    /^\/(?!\/)[^\s#\\"<>]*$/.test(value) &&
    !hasControlCharacter(value)
  );
}

/** A key of the shape kept-screen-key.ts makes. */
export const isKeptKey = (value: unknown): value is string =>
  typeof value === 'string' && /^k1\.[0-9a-z]{1,8}\.[0-9a-z]{1,7}\.[0-9a-z]{1,7}$/.test(value);

/**
 * What a page sent to be kept, when it is exactly this shape and within its limits, its
 * stylesheets files of this build (`files`: root-relative), its markup plain; otherwise null.
 */
export function readKeptScreen(value: unknown, files: readonly string[]): KeptScreen | null {
  if (!isRecord(value)) return null;
  const { path, key, html, lang, dir, styles } = value;
  if (!isKeptPath(path) || !isKeptKey(key)) return null;
  if (typeof html !== 'string' || html.length === 0 || !isPlainScreenHtml(html)) return null;
  if (typeof lang !== 'string' || !/^[a-z]{2,3}(-[A-Za-z0-9]{2,8}){0,2}$/.test(lang)) return null;
  if (dir !== 'ltr' && dir !== 'rtl') return null;
  if (!Array.isArray(styles) || styles.length > 16) return null;
  const own = (style: unknown): style is string =>
    typeof style === 'string' && /^\/assets\/[\w.-]+\.css$/.test(style) && files.includes(style);
  if (!styles.every(own)) return null;
  return { path, key, html, lang, dir, styles: [...styles] };
}

const escapeAttribute = (value: string): string =>
  value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/** The root and what the build writes in it: up to the `<noscript>` that follows it. */
const ROOT = /<div id="root">[\s\S]*?<\/div>(?=\s*<noscript>)/;
const PAGE_TAG = /<html lang="[^"]*" dir="[^"]*">/;
const WRITTEN_META = /<meta name="shop-first-screen" content="[^"]*" \/>/;
/** The app's entry as the build's page starts it. */
const ENTRY_SCRIPT = /<script type="module" crossorigin src="(\/assets\/[\w.-]+\.js)"><\/script>/;

/**
 * Where a kept page names the app's entry for its check to start
 * (src/app/first-screens/kept-check.ts KEPT_ENTRY_ATTRIBUTE, restated: the test holds them
 * equal).
 */
export const ENTRY_ATTRIBUTE = 'data-shop-entry';

/**
 * The build's page (`shell`, index.html as the build wrote it) with the kept screen in its
 * root, its language and direction, its stylesheets linked before it paints, and in its
 * head, in place of the written screen's name, the kept screen's key and the check script
 * (`checkScript`, a file of the build) that compares it with the visit's storage. The app's
 * entry is only fetched there (a module script is compiled on the main thread as it
 * arrives, before the kept screen's first frame): the check starts it once that frame is
 * shown. Null when the shell is not a page of that shape.
 */
export function composeKeptPage(
  shell: string,
  screen: KeptScreen,
  checkScript: string,
): string | null {
  if (!ROOT.test(shell) || !PAGE_TAG.test(shell) || !WRITTEN_META.test(shell)) return null;
  if (!/^\/assets\/[\w.-]+\.js$/.test(checkScript)) return null;
  const entry = ENTRY_SCRIPT.exec(shell)?.[1];
  if (entry === undefined) return null;
  const head =
    `<meta name="${KEPT_SCREEN_META}" content="${screen.key}" data-path="${escapeAttribute(screen.path)}" />` +
    `<script src="${checkScript}" ${ENTRY_ATTRIBUTE}="${entry}"></script>`;
  const links = screen.styles
    .filter((style) => !shell.includes(`href="${style}"`))
    .map((style) => `<link rel="stylesheet" crossorigin href="${style}">`)
    .join('');
  return shell
    .replace(ENTRY_SCRIPT, () => `<link rel="preload" as="script" crossorigin href="${entry}">`)
    .replace(PAGE_TAG, `<html lang="${screen.lang}" dir="${screen.dir}">`)
    .replace(WRITTEN_META, () => head)
    .replace('</head>', `${links}</head>`)
    .replace(ROOT, () => `<div id="root">${screen.html}</div>`);
}

/**
 * What a kept page's body does not share with the build's page it was made from: its
 * length, its encoding as it came over the network, and what named those bytes.
 */
const OF_THE_BYTES = [
  'content-length',
  'content-encoding',
  'transfer-encoding',
  'content-range',
  'accept-ranges',
  'etag',
  'last-modified',
  'content-md5',
  'digest',
];

/**
 * The headers a kept page is answered with: those the build's page was served with (its
 * type, its security headers), but for any that describe the bytes of that page. A length
 * the kept page's body does not have would cut it short.
 */
export function keptPageHeaders(shell: Headers): Headers {
  const headers = new Headers(shell);
  for (const name of OF_THE_BYTES) headers.delete(name);
  return headers;
}
