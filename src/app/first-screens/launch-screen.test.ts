import { describe, expect, it } from 'vitest';
import {
  isRefused,
  LAUNCH_SCREEN_KEY,
  launchKey,
  readLaunchScreen,
  refuseLaunchScreen,
  writeLaunchScreen,
} from './launch-screen';
import { bridgeWith, CONFIG, EMPTY_CART, LANDING, pageOf, storageOf } from '@/test/launch-fixtures';

describe('the launch key', () => {
  it('holds the build, the bridge’s config and parts, and the cart’s stored values', () => {
    const doc = pageOf();
    const bridge = bridgeWith();
    const key = launchKey(doc, bridge, storageOf(EMPTY_CART));
    expect(key).toBe(launchKey(doc, bridgeWith(), storageOf(EMPTY_CART)));
    expect(
      launchKey(doc, bridgeWith({ ...CONFIG, defaultLanguage: 'de' }), storageOf(EMPTY_CART)),
    ).not.toBe(key);
    expect(launchKey(doc, { ...bridge, speak: () => undefined }, storageOf(EMPTY_CART))).not.toBe(
      key,
    );
    expect(launchKey(doc, bridge, storageOf({ ...EMPTY_CART, cart: '[{"quantity":1}]' }))).not.toBe(
      key,
    );
    expect(launchKey(doc, bridge, storageOf({ ...EMPTY_CART, savings: '3' }))).not.toBe(key);
    expect(launchKey(pageOf('other'), bridge, storageOf(EMPTY_CART))).not.toBe(key);
    expect(launchKey(pageOf(), null, storageOf(EMPTY_CART))).not.toBe(key);
  });

  it('is none without the build’s name, or when the bridge cannot say its config', () => {
    const doc = pageOf();
    doc.head.innerHTML = '';
    expect(launchKey(doc, bridgeWith(), storageOf(EMPTY_CART))).toBeNull();
    const failing = {
      getConfig: () => {
        throw new Error('gone');
      },
    };
    expect(launchKey(pageOf(), failing, storageOf(EMPTY_CART))).toBeNull();
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(launchKey(pageOf(), bridgeWith(cyclic), storageOf(EMPTY_CART))).toBeNull();
  });
});

describe('the kept launch screen as stored', () => {
  it('reads back what was written, and nothing of another shape', () => {
    const page = { lang: 'ar', dir: 'rtl', target: 'kiosk' } as const;
    const screen = { key: 'k', html: LANDING, styles: ['assets/styles-A1.css'], page };
    expect(readLaunchScreen(writeLaunchScreen(screen))).toEqual(screen);
    for (const raw of [
      null,
      '',
      'not json',
      'null',
      '[]',
      JSON.stringify({ ...screen }),
      JSON.stringify({ v: 2, ...screen }),
      JSON.stringify({ v: 1, ...screen, key: 1 }),
      JSON.stringify({ v: 1, ...screen, html: '' }),
      JSON.stringify({ v: 1, ...screen, html: 'x'.repeat(300_000) }),
      JSON.stringify({ v: 1, ...screen, styles: 'assets/a.css' }),
      JSON.stringify({ v: 1, ...screen, styles: ['https://example.com/a.css'] }),
      JSON.stringify({ v: 1, ...screen, styles: ['../assets/a.css'] }),
      JSON.stringify({ v: 1, ...screen, styles: ['assets/a.js'] }),
      JSON.stringify({ v: 1, ...screen, styles: Array(9).fill('assets/a.css') }),
      JSON.stringify({ v: 1, ...screen, page: undefined }),
      JSON.stringify({ v: 1, ...screen, page: { ...page, lang: 'en" onload="x' } }),
      JSON.stringify({ v: 1, ...screen, page: { ...page, dir: 'auto' } }),
      JSON.stringify({ v: 1, ...screen, page: { ...page, target: 'web' } }),
    ]) {
      expect(readLaunchScreen(raw), String(raw).slice(0, 60)).toBeNull();
    }
  });

  it('refuses a key: no screen is read in its place, and that key alone is refused', () => {
    const values = new Map<string, string>([[LAUNCH_SCREEN_KEY, 'x']]);
    const storage = {
      setItem: (key: string, value: string) => values.set(key, value),
      removeItem: (key: string) => values.delete(key),
    } as unknown as Storage;
    refuseLaunchScreen(storage, 'k1');
    const raw = values.get(LAUNCH_SCREEN_KEY) ?? null;
    expect(readLaunchScreen(raw)).toBeNull();
    expect(isRefused(raw, 'k1')).toBe(true);
    expect(isRefused(raw, 'k2')).toBe(false);
    expect(isRefused('not json', 'k1')).toBe(false);
    expect(isRefused(null, 'k1')).toBe(false);
    refuseLaunchScreen(storage, null);
    expect(values.has(LAUNCH_SCREEN_KEY)).toBe(false);
    const locked = {
      setItem: () => {
        throw new Error('locked');
      },
    } as unknown as Storage;
    expect(() => refuseLaunchScreen(locked, 'k1')).not.toThrow();
    expect(() => refuseLaunchScreen(null, 'k1')).not.toThrow();
  });
});
