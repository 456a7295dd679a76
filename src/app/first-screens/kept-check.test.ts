import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  checkKeptPage,
  KEPT_MARK,
  KEPT_REDRAWN,
  KEPT_REFUSED,
  KEPT_SHOWN,
  keptScreenOf,
  keptScreenUsable,
} from './kept-check';
import { KEPT_SCREEN_META, keptScreenKey } from './kept-screen-key';

const visit: Record<string, string> = { shopLanguage: 'fr', cart: '{"state":{"cart":[]}}' };
const stored = (key: string): string | null => visit[key] ?? null;

function keptPage(path: string, key: string | null = keptScreenKey(stored)): void {
  const meta = document.createElement('meta');
  meta.name = KEPT_SCREEN_META;
  meta.content = key ?? '';
  meta.dataset.path = path;
  document.head.append(meta);
}

const page = document.documentElement;

beforeEach(() => {
  window.history.replaceState(null, '', '/cart');
});

afterEach(() => {
  document.head.replaceChildren();
  document.body.replaceChildren();
  page.hidden = false;
  page.removeAttribute('data-kept-screen');
});

describe('a kept page’s check before it paints', () => {
  it('shows the screen kept for this address and this storage', () => {
    keptPage('/cart');
    expect(keptScreenUsable(document, stored)).toBe(true);
    checkKeptPage(document, stored);
    expect(page.hidden).toBe(false);
    expect(page.dataset[KEPT_MARK]).toBe(KEPT_SHOWN);
    expect(keptScreenOf(document)).toEqual({ path: '/cart', key: keptScreenKey(stored) });
  });

  it.each([
    ['another address', () => keptPage('/checkout')],
    ['another query', () => keptPage('/cart?x=1')],
    [
      'storage changed since',
      () =>
        keptPage(
          '/cart',
          keptScreenKey(() => null),
        ),
    ],
    ['no key', () => keptPage('/cart', null)],
  ])('hides the page for %s, for the app to render in its place', (_what, make) => {
    make();
    checkKeptPage(document, stored);
    expect(page.hidden).toBe(true);
    expect(page.dataset[KEPT_MARK]).toBe(KEPT_REFUSED);
  });

  it('hides the page when storage cannot be read', () => {
    keptPage('/cart');
    checkKeptPage(document, () => {
      throw new Error('storage switched off');
    });
    expect(page.hidden).toBe(true);
  });
});

describe('a kept screen React drew again', () => {
  it('is marked when the root’s children are taken away', async () => {
    keptPage('/cart');
    checkKeptPage(document, stored);
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML = '<main><h1>Panier</h1></main>';
    document.body.append(root);
    await Promise.resolve();
    expect(page.dataset[KEPT_MARK]).toBe(KEPT_SHOWN);
    root.replaceChildren();
    await Promise.resolve();
    expect(page.dataset[KEPT_MARK]).toBe(KEPT_REDRAWN);
  });

  it('is marked when React reports a part it rendered afresh', () => {
    keptPage('/cart');
    checkKeptPage(document, stored);
    window.dispatchEvent(
      new ErrorEvent('error', {
        message: 'Minified React error #418; visit https://react.dev/errors/418?args[]=HTML',
      }),
    );
    expect(page.dataset[KEPT_MARK]).toBe(KEPT_REDRAWN);
  });

  it('is not marked for another error', () => {
    keptPage('/cart');
    checkKeptPage(document, stored);
    window.dispatchEvent(new ErrorEvent('error', { message: 'Failed to fetch' }));
    expect(page.dataset[KEPT_MARK]).toBe(KEPT_SHOWN);
  });
});
