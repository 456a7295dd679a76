/**
 * Whether a body the image cache is sent is an image it may keep. Judged from the bytes
 * themselves, chunk by chunk as they stream past, never from the Content-Type alone: a
 * captive portal's HTML page, a CDN's error text or a scripted SVG labelled `image/png`
 * must not become a product's picture for days.
 *
 * - Raster images by their magic numbers: PNG, JPEG, GIF, WebP, AVIF. The declared type
 *   must be an image type other than SVG.
 * - SVG, declared as `image/svg+xml` (UTF-8 or ASCII), by a strict rule: the document's
 *   first element is `<svg>`, and nowhere in it (after numeric character references are
 *   decoded and tabs and line breaks dropped, as a URL parser drops them) is there a
 *   script or anything that can hold one: `<script>`, `<foreignObject>`, `<iframe>`,
 *   `<embed>`, `<object>`, `<handler>`, `<listener>` (in any namespace prefix), an `on…=`
 *   event attribute or an animation that sets one, a `javascript:` or `vbscript:` URL, a
 *   `data:` URL other than a raster image, an entity declaration, a DOCTYPE with an
 *   internal subset, or an `<?xml-stylesheet?>`. Anything unusual (UTF-16, NUL bytes, a
 *   character reference too long to read) is refused. Refusing costs only the offline
 *   copy: the image still reaches the screen, where Chromium never runs an `<img>`'s script.
 * No Electron import.
 */

/** How many first bytes decide a raster format. */
const HEAD_BYTES = 32;
/** The prolog (XML declaration, comments, DOCTYPE) before `<svg` must fit in this. */
const MAX_PROLOG_CHARS = 4096;
/** Normalised text kept between chunks, so a forbidden word split across them is seen. */
const OVERLAP_CHARS = 64;
/** `&#x0000…6A;` with many zeros could hide a word from a window: refused beyond this. */
const MAX_CHAR_REF_CHARS = 16;

const FORBIDDEN_SVG = [
  /<(?:[a-z0-9_.-]+:)?(?:script|foreignobject|iframe|embed|object|handler|listener)\b/,
  /[\s/"':]on[a-z0-9_.-]*\s*=/,
  /attributename\s*=\s*["']?\s*(?:[a-z0-9_.-]+:)?on/,
  /(?:javascript|vbscript):/,
  /data:(?!image\/(?:png|jpeg|gif|webp|avif)[;,])/,
  /<!entity/,
  /<!doctype[^>]*\[/,
  /<\?xml-stylesheet/,
];

function startsWith(bytes: Uint8Array, prefix: readonly number[], at = 0): boolean {
  return prefix.every((byte, index) => bytes[at + index] === byte);
}

const ascii = (text: string): number[] =>
  Array.from({ length: text.length }, (_, index) => text.charCodeAt(index));

/** The raster format the first bytes name, or null. */
export function rasterFormat(head: Uint8Array): string | null {
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpeg';
  if (startsWith(head, ascii('GIF87a')) || startsWith(head, ascii('GIF89a'))) return 'gif';
  if (startsWith(head, ascii('RIFF')) && startsWith(head, ascii('WEBP'), 8)) return 'webp';
  // ISO-BMFF: a `ftyp` box whose major or a compatible brand is AVIF.
  if (startsWith(head, ascii('ftyp'), 4)) {
    const boxEnd = Math.min(head.length, new DataView(head.buffer, head.byteOffset).getUint32(0));
    for (let at = 8; at + 4 <= boxEnd; at += 4) {
      if (at === 12) continue; // the minor version, not a brand
      if (startsWith(head, ascii('avif'), at) || startsWith(head, ascii('avis'), at)) {
        return 'avif';
      }
    }
  }
  return null;
}

/** The declared type, lower case, without parameters; and its charset if any. */
function parseContentType(contentType: string): { type: string; charset: string | null } {
  const [type = '', ...params] = contentType.toLowerCase().split(';');
  const charset = params
    .map((param) => /^\s*charset\s*=\s*"?([^";\s]+)"?\s*$/.exec(param)?.[1])
    .find((value) => value !== undefined);
  return { type: type.trim(), charset: charset ?? null };
}

const UTF8_NAMES = new Set(['utf-8', 'utf8', 'us-ascii', 'ascii']);

function decodeCharRef(body: string, hex: boolean): string {
  const code = Number.parseInt(body, hex ? 16 : 10);
  return Number.isFinite(code) && code <= 0x10ffff ? String.fromCodePoint(code) : '\uFFFD';
}

/**
 * The SVG rule, fed as the body streams. Text is read byte for byte (latin1), so a
 * multi-byte UTF-8 character split between chunks cannot hide or forge an ASCII word.
 */
class SvgCheck {
  private refused = false;
  private prolog = '';
  private rootSeen = false;
  /** Raw text not yet normalised: an unfinished `&#…` at the end of a chunk. */
  private pending = '';
  /** The ends of the normalised texts already checked. */
  private markupOverlap = '';
  private urlOverlap = '';
  private first = true;

  get ok(): boolean {
    return !this.refused;
  }

  push(chunk: Uint8Array): void {
    if (this.refused) return;
    if (chunk.includes(0)) {
      this.refused = true;
      return;
    }
    let raw = Buffer.from(chunk.buffer, chunk.byteOffset, chunk.byteLength).toString('latin1');
    if (this.first) {
      this.first = false;
      // UTF-16 and UTF-32 byte order marks: the words below would not be seen in them.
      if (/^(?:\xfe\xff|\xff\xfe)/.test(raw)) {
        this.refused = true;
        return;
      }
      raw = raw.replace(/^\xef\xbb\xbf/, '');
    }
    if (!this.rootSeen) this.readProlog(raw);
    this.scan(this.pending + raw);
  }

  finish(): boolean {
    if (this.pending !== '') this.refused = true;
    return !this.refused && this.rootSeen;
  }

  /** Everything before the first element: declaration, comments, DOCTYPE; then `<svg`. */
  private readProlog(raw: string): void {
    this.prolog += raw.slice(0, MAX_PROLOG_CHARS + 8 - this.prolog.length).toLowerCase();
    let rest = this.prolog;
    for (;;) {
      rest = rest.trimStart();
      const skipped = /^(?:<\?xml[^>]*\?>|<!--[\s\S]*?-->|<!doctype\s+svg[^>[]*>)/.exec(rest);
      if (!skipped) break;
      const declared = /^<\?xml[^>]*\bencoding\s*=\s*["']([^"']*)["']/.exec(skipped[0]);
      if (declared?.[1] !== undefined && !UTF8_NAMES.has(declared[1])) {
        this.refused = true;
        return;
      }
      rest = rest.slice(skipped[0].length);
    }
    if (/^<svg[\s/>]/.test(rest)) {
      this.rootSeen = true;
    } else if (rest.length >= 5 || this.prolog.length > MAX_PROLOG_CHARS) {
      // Another element first, text first, or a prolog that never ends.
      const couldStillBeProlog = /^<(?:\?|!|$)/.test(rest) || rest === '';
      if (!couldStillBeProlog || this.prolog.length > MAX_PROLOG_CHARS) this.refused = true;
    }
  }

  private scan(raw: string): void {
    // An unfinished character reference waits for the next chunk, up to a bound.
    const tail = /&(?:#[0-9a-z]*)?$/i.exec(raw);
    this.pending = tail ? tail[0] : '';
    if (this.pending.length > MAX_CHAR_REF_CHARS) {
      this.refused = true;
      return;
    }
    const decoded = (tail ? raw.slice(0, tail.index) : raw)
      .replace(/&#x([0-9a-f]+);?/gi, (_match, hex: string) => decodeCharRef(hex, true))
      .replace(/&#([0-9]+);?/g, (_match, dec: string) => decodeCharRef(dec, false))
      .toLowerCase();
    // Markup as the XML parser reads it (any run of white space is one separator), and
    // URLs as the URL parser reads them (tabs and line breaks vanish anywhere).
    const markup = this.markupOverlap + decoded.replace(/\s+/g, ' ');
    const url = this.urlOverlap + decoded.replace(/[\t\n\r]/g, '');
    if (FORBIDDEN_SVG.some((pattern) => pattern.test(markup) || pattern.test(url))) {
      this.refused = true;
      return;
    }
    this.markupOverlap = markup.slice(-OVERLAP_CHARS);
    this.urlOverlap = url.slice(-OVERLAP_CHARS);
  }
}

/**
 * Fed every chunk of one body, in order. `wanted` turns false as soon as the body cannot
 * be kept, so the caller stops writing it; `finish()` gives the verdict at its end.
 */
export class ImageSniffer {
  private readonly head = new Uint8Array(HEAD_BYTES);
  private headLength = 0;
  private readonly svg: SvgCheck | null;
  private refused: boolean;

  constructor(contentType: string) {
    const { type, charset } = parseContentType(contentType);
    const isSvg = type === 'image/svg+xml';
    this.svg = isSvg ? new SvgCheck() : null;
    this.refused =
      !type.startsWith('image/') || (isSvg && charset !== null && !UTF8_NAMES.has(charset));
  }

  get wanted(): boolean {
    return !this.refused && (this.svg?.ok ?? true);
  }

  push(chunk: Uint8Array): void {
    if (!this.wanted) return;
    if (this.svg) {
      this.svg.push(chunk);
      return;
    }
    if (this.headLength < HEAD_BYTES) {
      const part = chunk.subarray(0, HEAD_BYTES - this.headLength);
      this.head.set(part, this.headLength);
      this.headLength += part.length;
      if (this.headLength === HEAD_BYTES) this.judgeHead();
    }
  }

  /** True when the whole body was an image this cache keeps. */
  finish(): boolean {
    if (!this.wanted) return false;
    if (this.svg) return this.svg.finish();
    if (this.headLength < HEAD_BYTES) this.judgeHead();
    return this.wanted;
  }

  private judgeHead(): void {
    if (rasterFormat(this.head.subarray(0, this.headLength)) === null) this.refused = true;
  }
}

/** The verdict on a whole body at once (tests, and callers that already hold the bytes). */
export function isKeepableImage(contentType: string, body: Uint8Array): boolean {
  const sniffer = new ImageSniffer(contentType);
  sniffer.push(body);
  return sniffer.finish();
}
