import { describe, expect, it } from 'vitest';
import {
  ImageSniffer,
  isKeepableImage,
  rasterFormat,
} from '../../../../electron/main/images/image-sniff';
import { loadDemoCatalogue } from '../../../../server/catalogue/demo-catalogue';
import { artFor, renderProductSvg } from '../../../../server/catalogue/product-art';

const bytes = (...values: number[]) => Uint8Array.from(values);
const padded = (head: Uint8Array, length = 64) => {
  const body = new Uint8Array(length);
  body.set(head);
  return body;
};
const text = (value: string) => new TextEncoder().encode(value);

const PNG = padded(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a));
const JPEG = padded(bytes(0xff, 0xd8, 0xff, 0xe0));
const GIF = padded(text('GIF89a'));
const WEBP = padded(text('RIFF\0\0\0\0WEBPVP8 '));
/** An ftyp box of 28 bytes: major brand mif1, compatible brands mif1, avif. */
const AVIF = padded(
  Uint8Array.from([
    ...[0, 0, 0, 28],
    ...text('ftypmif1'),
    ...[0, 0, 0, 0],
    ...text('mif1avifmiaf'),
  ]),
);

const SVG_TYPE = 'image/svg+xml; charset=utf-8';
const svg = (inner: string, attributes = '') =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"${attributes}>${inner}</svg>`;
const keepsSvg = (body: string, type = SVG_TYPE) => isKeepableImage(type, text(body));

/** Feeds the body one byte at a time: nothing may hide across a chunk boundary. */
function keepsByteByByte(type: string, body: Uint8Array): boolean {
  const sniffer = new ImageSniffer(type);
  for (const byte of body) sniffer.push(Uint8Array.of(byte));
  return sniffer.finish();
}

describe('what the image cache keeps', () => {
  it.each([
    ['png', PNG],
    ['jpeg', JPEG],
    ['gif', GIF],
    ['webp', WEBP],
    ['avif', AVIF],
  ])('knows %s by its first bytes', (format, body) => {
    expect(rasterFormat(body)).toBe(format);
    expect(isKeepableImage(`image/${format}`, body)).toBe(true);
  });

  it('keeps a raster image under another raster type, as CDNs mislabel them', () => {
    expect(isKeepableImage('image/jpeg', PNG)).toBe(true);
  });

  it.each([
    ['an HTML page labelled as a PNG', 'image/png', text('<!doctype html><html>portal</html>')],
    ['an error text labelled as a JPEG', 'image/jpeg', text('Service unavailable')],
    ['an empty body', 'image/png', new Uint8Array()],
    ['a PNG cut short before its signature ends', 'image/png', PNG.subarray(0, 5)],
    ['a PNG declared as text', 'text/plain', PNG],
    ['a PNG declared as SVG', 'image/svg+xml', PNG],
    ['an SVG declared as a PNG', 'image/png', text(svg('<rect/>'))],
    ['an ICO (not a format the cache keeps)', 'image/x-icon', padded(bytes(0, 0, 1, 0))],
  ])('refuses %s', (_name, type, body) => {
    expect(isKeepableImage(type, body)).toBe(false);
  });

  it('keeps a plain SVG, with a prolog, comments, styles and raster data URLs', () => {
    expect(keepsSvg(svg('<rect width="10" height="10" fill="#f00"/>'))).toBe(true);
    expect(
      keepsSvg(
        `\ufeff<?xml version="1.0" encoding="UTF-8"?>\n<!-- drawn by hand -->\n<!DOCTYPE svg PUBLIC "-//W3C//DTD SVG 1.1//EN" "http://www.w3.org/Graphics/SVG/1.1/DTD/svg11.dtd">\n` +
          svg(
            '<style>rect{fill:red}</style><title>Tom &#38; Jerry&#39;s</title><image href="data:image/png;base64,iVBORw0KGgo="/>',
          ),
      ),
    ).toBe(true);
    expect(keepsSvg(svg('<rect/>'), 'image/svg+xml')).toBe(true);
  });

  it('keeps every image of the demo catalogue', () => {
    for (const product of loadDemoCatalogue()) {
      const body = renderProductSvg(artFor(product), product.title);
      expect(keepsSvg(body), product.title).toBe(true);
    }
  });

  it.each([
    ['a script element', svg('<script>alert(1)</script>')],
    ['a script element in upper case', svg('<SCRIPT>alert(1)</SCRIPT>')],
    ['a namespaced script element', svg('<svg:script>alert(1)</svg:script>')],
    ['an XHTML script element', svg('<h:script xmlns:h="http://www.w3.org/1999/xhtml"/>')],
    ['an onload attribute', svg('<rect/>', ' onload="alert(1)"')],
    ['an event attribute after a line break', svg('<rect\nonclick="alert(1)"/>')],
    ['an event attribute after a tab and spaces', svg('<rect\t  ONMOUSEOVER  =  "x"/>')],
    ['an animation that sets an event attribute', svg('<set attributeName="onclick" to="x"/>')],
    ['a foreignObject', svg('<foreignObject><div>x</div></foreignObject>')],
    ['an iframe', svg('<iframe src="x"/>')],
    ['an embed', svg('<embed src="x"/>')],
    ['an object', svg('<object data="x"/>')],
    ['a javascript: link', svg('<a href="javascript:alert(1)"><rect/></a>')],
    ['a javascript: link in mixed case', svg('<a href="JaVaScRiPt:alert(1)"/>')],
    ['a javascript: link broken by line breaks', svg('<a href="java\nscr\tipt:alert(1)"/>')],
    ['a javascript: link in character references', svg('<a href="&#106;avascript&#x3A;x"/>')],
    ['a javascript: link with padded references', svg('<a href="&#x000006A;avascript:x"/>')],
    ['a javascript: link with encoded line breaks', svg('<a href="java&#10;script:x"/>')],
    ['a vbscript: link', svg('<a href="vbscript:x"/>')],
    ['an HTML data URL', svg('<image href="data:text/html,<script>x</script>"/>')],
    ['a nested SVG data URL', svg('<image href="data:image/svg+xml;base64,PHN2Zz4="/>')],
    ['a CSS url() with javascript:', svg('<style>rect{background:url(javascript:x)}</style>')],
    [
      'an entity declaration',
      `<!DOCTYPE svg [<!ENTITY x "&#60;script&#62;">]>${svg('<text>&x;</text>')}`,
    ],
    ['a DOCTYPE with an internal subset', `<!DOCTYPE svg [ ]>${svg('<rect/>')}`],
    ['an XSLT stylesheet', `<?xml-stylesheet type="text/xsl" href="x.xsl"?>${svg('<rect/>')}`],
    ['an HTML page', '<!doctype html><html><body>not an image</body></html>'],
    ['text before the root', `hello${svg('<rect/>')}`],
    ['another root element', '<html xmlns="http://www.w3.org/1999/xhtml"><svg/></html>'],
    ['a namespaced root', '<s:svg xmlns:s="http://www.w3.org/2000/svg"/>'],
    ['a declared non-UTF-8 encoding', `<?xml version="1.0" encoding="ISO-2022-JP"?>${svg('')}`],
    ['a body that ends inside a character reference', `${svg('<rect/>')}&#10`],
  ])('refuses an SVG with %s', (_name, body) => {
    expect(keepsSvg(body)).toBe(false);
  });

  it('refuses an SVG in UTF-16 or with a NUL byte, and one declared in another charset', () => {
    const utf16 = Buffer.from(`\ufeff${svg('<script>x</script>')}`, 'utf16le');
    expect(isKeepableImage(SVG_TYPE, utf16)).toBe(false);
    expect(isKeepableImage(SVG_TYPE, text(`${svg('<rect/>')}\0`))).toBe(false);
    expect(isKeepableImage('image/svg+xml; charset=utf-16', text(svg('<rect/>')))).toBe(false);
  });

  it('sees a forbidden word split across chunks, and passes a clean SVG fed byte by byte', () => {
    for (const body of [
      svg('<script>x</script>'),
      svg('<a href="java&#10;script:x"/>'),
      svg('<rect\nonclick="x"/>'),
      svg(`<a href="java${'\n'.repeat(5000)}script:x"/>`),
      svg(`<set attributeName="onclick"${' '.repeat(5000)}to="x"/>`),
    ]) {
      expect(keepsByteByByte(SVG_TYPE, text(body))).toBe(false);
    }
    expect(keepsByteByByte(SVG_TYPE, text(svg('<rect fill="#0f0"/><title>Salon</title>')))).toBe(
      true,
    );
  });
});
