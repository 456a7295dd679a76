import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  checkKeptPage,
  FRAME_WAIT_MS,
  HOLD_AT_MOST_MS,
  KEPT_ENTRY_ATTRIBUTE,
  KEPT_MARK,
  KEPT_REDRAWN,
  KEPT_REFUSED,
  KEPT_SHOWN,
  keptScreenOf,
  keptScreenUsable,
  startKeptApp,
} from './kept-check';
import { inKeptScreen } from '@/lib/first-screen-pass';
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

  it('marks the page as the app reads it, to take the screen over as it was kept', () => {
    expect(inKeptScreen()).toBe(false);
    keptPage('/cart');
    checkKeptPage(document, stored);
    expect(inKeptScreen()).toBe(true);
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

describe('starting the app a kept page only fetched', () => {
  const ENTRY = '/assets/index-Ab1.js';
  const checkScript = (entry: string | null = ENTRY): HTMLScriptElement => {
    const script = document.createElement('script');
    if (entry !== null) script.setAttribute(KEPT_ENTRY_ATTRIBUTE, entry);
    return script;
  };
  afterEach(() => {
    vi.useRealTimers();
  });

  it('starts it once the kept screen’s first frame is shown', () => {
    vi.useFakeTimers();
    const load = vi.fn();
    startKeptApp(document, checkScript(), true, load);
    expect(load).not.toHaveBeenCalled();
    vi.advanceTimersByTime(FRAME_WAIT_MS);
    expect(load).toHaveBeenCalledExactlyOnceWith(ENTRY);
    vi.advanceTimersByTime(FRAME_WAIT_MS);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('starts it at once when the screen was refused, for the app to render the page', () => {
    const load = vi.fn();
    startKeptApp(document, checkScript(), false, load);
    expect(load).toHaveBeenCalledExactlyOnceWith(ENTRY);
  });

  it.each([null, '', 'https://evil.example/a.js', '//evil.example/a.js', '/assets/../x.js?'])(
    'starts nothing the page names that is not a file of the build: %s',
    (entry) => {
      const load = vi.fn();
      startKeptApp(document, checkScript(entry), false, load);
      startKeptApp(document, null, false, load);
      expect(load).not.toHaveBeenCalled();
    },
  );
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

describe('a tap on a kept page before the app has it', () => {
  let taps: string[];

  /** A kept cart page: its root, a button, a link and a form, and what reaches the page. */
  function keptCart(): HTMLElement {
    keptPage('/cart');
    checkKeptPage(document, stored);
    const root = document.createElement('div');
    root.id = 'root';
    root.innerHTML =
      '<main><button type="button">Quitar</button><a href="#more">Más</a>' +
      '<form><input name="code"><button type="submit">Aplicar</button></form></main>';
    document.body.append(root);
    taps = [];
    root.addEventListener('click', (event) => {
      taps.push(`click ${(event.target as HTMLElement).textContent}`);
    });
    root.addEventListener('submit', (event) => {
      event.preventDefault();
      taps.push('submit');
    });
    return root;
  }

  /** What hydrateRoot marks on its container. */
  const takeOver = (root: HTMLElement) => {
    Object.assign(root, { __reactContainer$test: {} });
  };

  beforeEach(() => {
    vi.useFakeTimers();
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it('holds a button’s tap and makes it again once React has the root', () => {
    const root = keptCart();
    root.querySelector<HTMLButtonElement>('button')?.click();
    expect(taps).toEqual([]);
    vi.advanceTimersByTime(200);
    expect(taps).toEqual([]);
    takeOver(root);
    vi.advanceTimersByTime(40);
    expect(taps).toEqual(['click Quitar']);
  });

  it('makes only the last tap held again', () => {
    const root = keptCart();
    const [remove, apply] = root.querySelectorAll<HTMLButtonElement>('button');
    remove?.click();
    apply?.click();
    takeOver(root);
    vi.advanceTimersByTime(40);
    expect(taps).toEqual(['click Aplicar', 'submit']);
  });

  it('follows a link as it is, and holds nothing once React has the root', () => {
    const root = keptCart();
    root.querySelector('a')?.click();
    expect(taps).toEqual(['click Más']);
    takeOver(root);
    root.querySelector<HTMLButtonElement>('button')?.click();
    expect(taps).toEqual(['click Más', 'click Quitar']);
  });

  it('gives a held tap up when React never takes the page', () => {
    const root = keptCart();
    root.querySelector<HTMLButtonElement>('button')?.click();
    vi.advanceTimersByTime(HOLD_AT_MOST_MS + 100);
    takeOver(root);
    vi.advanceTimersByTime(100);
    expect(taps).toEqual([]);
  });
});
