import { describe, expect, it } from 'vitest';
import { precacheManifest, type PrecacheFile } from '../../../tools/build/precache-manifest.mts';

const png = (byte: number) => Uint8Array.of(0x89, 0x50, 0x4e, 0x47, byte);

/** Two builds' files: the same names, the second with other bytes where told. */
function build(overrides: Record<string, Uint8Array | string> = {}): PrecacheFile[] {
  const files: Record<string, Uint8Array | string> = {
    '/index.html': '<!doctype html><title>Kiosk Shop</title>',
    '/assets/index-CQcrCqtC.js': 'console.log(1)',
    '/favicon.png': png(1),
    '/apple-touch-icon.png': png(2),
    ...overrides,
  };
  return Object.entries(files).map(([path, bytes]) => ({ path, bytes }));
}

describe('the precache manifest', () => {
  it('lists index.html first, then every file in a fixed order', () => {
    expect(precacheManifest(build()).files).toEqual([
      '/index.html',
      '/apple-touch-icon.png',
      '/assets/index-CQcrCqtC.js',
      '/favicon.png',
    ]);
  });

  it('gives two builds with the same bytes the same version, whatever order they list', () => {
    const first = precacheManifest(build());
    expect(first.version).toMatch(/^[0-9a-f]{12}$/);
    expect(precacheManifest(build().reverse())).toEqual(first);
  });

  it('gives a new version when a file changes under the same name', () => {
    const first = precacheManifest(build());
    const favicon = precacheManifest(build({ '/favicon.png': png(3) }));
    expect(favicon.files).toEqual(first.files);
    expect(favicon.version).not.toBe(first.version);
    const page = precacheManifest(
      build({ '/index.html': '<!doctype html><title>Kiosk Shop</title><meta name="x">' }),
    );
    expect(page.version).not.toBe(first.version);
    expect(page.version).not.toBe(favicon.version);
  });

  it('reads text and bytes alike, so the same content gives the same version', () => {
    const text = precacheManifest(build());
    const bytes = precacheManifest(
      build({
        '/index.html': new TextEncoder().encode('<!doctype html><title>Kiosk Shop</title>'),
      }),
    );
    expect(bytes.version).toBe(text.version);
  });

  it('cannot be fooled by moving bytes from one file name into another', () => {
    const a = precacheManifest([
      { path: '/index.html', bytes: 'ab' },
      { path: '/x', bytes: 'c' },
    ]);
    const b = precacheManifest([
      { path: '/index.html', bytes: 'a' },
      { path: '/x', bytes: 'bc' },
    ]);
    expect(a.version).not.toBe(b.version);
  });

  it('refuses a build without index.html or with a name twice', () => {
    expect(() => precacheManifest([{ path: '/favicon.png', bytes: png(1) }])).toThrow(
      'no /index.html',
    );
    expect(() => precacheManifest([...build(), { path: '/favicon.png', bytes: png(9) }])).toThrow(
      'twice',
    );
  });
});
