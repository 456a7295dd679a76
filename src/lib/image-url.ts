/**
 * Which catalogue image URLs the shop may load: http(s) images anywhere (the CSP still
 * limits the hosts), or a path on the shop's own origin. Never javascript:, data:, file:
 * or blob:, and never a path that a browser reads as another host: `//host`, `/\host`,
 * `/<tab>/host` all start with a slash and are not paths.
 */
const PAGE_ORIGIN = 'https://page.invalid';

function parse(src: string, base?: string): URL | null {
  try {
    return new URL(src, base);
  } catch {
    return null;
  }
}

// Parsing a URL is the dearest part of drawing a card, and a grid asks again for the same
// images at every page back and forth: answers are kept, up to a bound.
const MAX_REMEMBERED = 1000;
const remembered = new Map<string, boolean>();

export function isSafeImageUrl(src: string): boolean {
  let safe = remembered.get(src);
  if (safe === undefined) {
    safe = judge(src);
    if (remembered.size >= MAX_REMEMBERED) remembered.clear();
    remembered.set(src, safe);
  }
  return safe;
}

function judge(src: string): boolean {
  const absolute = parse(src);
  if (absolute) return absolute.protocol === 'https:' || absolute.protocol === 'http:';
  // Resolved as the browser will, against the page: it must stay on the page's origin.
  return src.trimStart().startsWith('/') && parse(src, `${PAGE_ORIGIN}/`)?.origin === PAGE_ORIGIN;
}
