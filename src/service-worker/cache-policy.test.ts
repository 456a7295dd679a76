// @vitest-environment node
import { describe, expect, it } from 'vitest';
import {
  cachedUse,
  IMAGE_MAX_AGE_MS,
  keepAs,
  OPAQUE_MAX_AGE_MS,
  parseStoredImage,
  replaces,
  staleCaches,
  tryCorsFirst,
  type ImageAnswer,
} from './cache-policy';

function answer(
  type: string,
  status: number,
  contentType: string | null = 'image/png',
): ImageAnswer {
  return {
    type,
    ok: status >= 200 && status < 300,
    headers: { get: (name) => (name.toLowerCase() === 'content-type' ? contentType : null) },
  };
}

const NOW = Date.UTC(2026, 10, 23, 12);
const HOUR = 60 * 60_000;

describe('what the service worker keeps of an image', () => {
  it('keeps a readable answer only when it is a 2xx image', () => {
    for (const type of ['basic', 'cors']) {
      expect(keepAs(answer(type, 200)), type).toBe('ok');
      expect(keepAs(answer(type, 200, 'IMAGE/SVG+XML; charset=utf-8')), type).toBe('ok');
      expect(keepAs(answer(type, 404)), type).toBeNull();
      expect(keepAs(answer(type, 500)), type).toBeNull();
      expect(keepAs(answer(type, 304)), type).toBeNull();
      // A captive portal's page or a CDN's error page answering 200.
      expect(keepAs(answer(type, 200, 'text/html')), type).toBeNull();
      expect(keepAs(answer(type, 200, null)), type).toBeNull();
    }
  });

  it('marks an opaque answer as opaque, whatever it hides, and keeps no other kind', () => {
    expect(keepAs({ type: 'opaque', ok: false, headers: { get: () => null } })).toBe('opaque');
    expect(keepAs(answer('opaqueredirect', 0))).toBeNull();
    expect(keepAs(answer('error', 0))).toBeNull();
  });

  it('never lets an opaque answer replace a copy known to be good', () => {
    expect(replaces({ kind: 'ok', storedAt: NOW }, 'opaque')).toBe(false);
    expect(replaces({ kind: 'ok', storedAt: NOW }, 'ok')).toBe(true);
    expect(replaces({ kind: 'opaque', storedAt: NOW }, 'opaque')).toBe(true);
    expect(replaces({ kind: 'opaque', storedAt: NOW }, 'ok')).toBe(true);
    expect(replaces(null, 'opaque')).toBe(true);
  });
});

describe('when a kept image may answer', () => {
  it('serves a good copy from the cache for a week, then asks the network first', () => {
    expect(IMAGE_MAX_AGE_MS).toBe(7 * 24 * HOUR);
    expect(cachedUse({ kind: 'ok', storedAt: NOW }, NOW)).toBe('serve');
    expect(cachedUse({ kind: 'ok', storedAt: NOW - IMAGE_MAX_AGE_MS + 1 }, NOW)).toBe('serve');
    expect(cachedUse({ kind: 'ok', storedAt: NOW - IMAGE_MAX_AGE_MS }, NOW)).toBe('fallback');
    expect(cachedUse({ kind: 'ok', storedAt: NOW - 365 * 24 * HOUR }, NOW)).toBe('fallback');
  });

  it('never serves an opaque copy while the network answers; offline only, for a day', () => {
    expect(OPAQUE_MAX_AGE_MS).toBe(24 * HOUR);
    // Fresh or not, an opaque copy is asked for again at every view.
    expect(cachedUse({ kind: 'opaque', storedAt: NOW }, NOW)).toBe('fallback');
    expect(cachedUse({ kind: 'opaque', storedAt: NOW - OPAQUE_MAX_AGE_MS + 1 }, NOW)).toBe(
      'fallback',
    );
    expect(cachedUse({ kind: 'opaque', storedAt: NOW - OPAQUE_MAX_AGE_MS }, NOW)).toBe('drop');
  });

  it('treats a time in the future (a clock set back) as stale', () => {
    expect(cachedUse({ kind: 'ok', storedAt: NOW + HOUR }, NOW)).toBe('fallback');
    expect(cachedUse({ kind: 'opaque', storedAt: NOW + HOUR }, NOW)).toBe('drop');
  });

  it('reads back only a well-formed record', () => {
    expect(parseStoredImage(JSON.stringify({ kind: 'ok', storedAt: NOW }))).toEqual({
      kind: 'ok',
      storedAt: NOW,
    });
    for (const text of [
      String(NOW),
      'null',
      '{',
      JSON.stringify({ kind: 'good', storedAt: NOW }),
      JSON.stringify({ kind: 'opaque', storedAt: '1' }),
      JSON.stringify({ kind: 'ok' }),
    ]) {
      expect(parseStoredImage(text), text).toBeNull();
    }
  });
});

describe('how an image is asked for', () => {
  const WORKER = 'https://shop.example';

  it('asks another host in CORS mode first, so its status can be read', () => {
    expect(tryCorsFirst('https://cdn.example/1.png', WORKER, 'no-cors', new Set())).toBe(true);
  });

  it('asks as the page did on its own origin, in CORS mode already, or from a host that refuses CORS', () => {
    expect(tryCorsFirst(`${WORKER}/api/images/1.svg`, WORKER, 'no-cors', new Set())).toBe(false);
    expect(tryCorsFirst('https://cdn.example/1.png', WORKER, 'cors', new Set())).toBe(false);
    expect(
      tryCorsFirst(
        'https://cdn.example/1.png',
        WORKER,
        'no-cors',
        new Set(['https://cdn.example']),
      ),
    ).toBe(false);
  });
});

describe('the caches a new worker deletes', () => {
  it('every shop cache this version does not use, the v1 image caches included', () => {
    const current = ['shop-app-bbbbbbbbbbbb', 'shop-images-v2', 'shop-image-records-v2'];
    expect(
      staleCaches(
        [
          'shop-app-aaaaaaaaaaaa',
          'shop-app-bbbbbbbbbbbb',
          'shop-images-v1',
          'shop-image-times-v1',
          'shop-images-v2',
          'shop-image-records-v2',
          'someone-elses-cache',
        ],
        current,
      ),
    ).toEqual(['shop-app-aaaaaaaaaaaa', 'shop-images-v1', 'shop-image-times-v1']);
  });
});
