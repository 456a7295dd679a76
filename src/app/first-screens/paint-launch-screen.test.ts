import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { LAUNCH_SCREEN_KEY, launchKey, writeLaunchScreen } from './launch-screen';
import { bridgeWith, EMPTY_CART, LANDING, pageOf, storageOf } from '@/test/launch-fixtures';
import { TAKEN_OVER_EVENT } from './launch-marks';
import { HOLD_AT_MOST_MS, paintLaunchScreen } from './paint-launch-screen';

function keptFor(doc: Document, bridge: unknown, html = LANDING, styles: string[] = []): string {
  const key = launchKey(doc, bridge, storageOf(EMPTY_CART));
  if (key === null) throw new Error('no key');
  return writeLaunchScreen({
    key,
    html,
    styles,
    page: { lang: 'ar', dir: 'rtl', target: 'kiosk' },
  });
}

describe('painting the kept screen', () => {
  beforeEach(() => pageOf());
  afterEach(() => {
    vi.restoreAllMocks();
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  /** The links the painter adds, held out of the page: the test says when each is in. */
  function holdLinks(): HTMLLinkElement[] {
    const added: HTMLLinkElement[] = [];
    vi.spyOn(document.head, 'append').mockImplementation((...nodes) => {
      added.push(...(nodes as HTMLLinkElement[]));
    });
    return added;
  }

  it('paints it into the empty root, hidden until the stylesheets it needs are in', () => {
    const links = holdLinks();
    const bridge = bridgeWith();
    const kept = keptFor(document, bridge, LANDING, ['assets/styles-A1.css']);
    const painted = paintLaunchScreen(
      document,
      bridge,
      storageOf({ ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: kept }),
    );
    expect(painted).toBe(true);
    expect(document.querySelector('#root h1')?.textContent).toMatch(/^Everything you love/);
    const [link] = links;
    expect(link?.getAttribute('href')).toBe('assets/styles-A1.css');
    const root = document.getElementById('root');
    expect(root?.hidden, 'never shown unstyled').toBe(true);
    link?.dispatchEvent(new Event('load'));
    expect(root?.hidden).toBe(false);
    expect(document.documentElement.dataset.launchScreen).toBe('painted');
    // The page as the app will set it: nothing moves when it does.
    expect(document.documentElement.lang).toBe('ar');
    expect(document.documentElement.dir).toBe('rtl');
    expect(document.documentElement.dataset.target).toBe('kiosk');
  });

  it('paints nothing for another key, a broken value, markup of another kind, or a full root', () => {
    const bridge = bridgeWith();
    const cases: [string, Record<string, string>][] = [
      ['nothing kept', EMPTY_CART],
      ['another cart', { cart: '[{}]', [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) }],
      ['broken', { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: '{"v":1' }],
      [
        'a script in it',
        {
          ...EMPTY_CART,
          [LAUNCH_SCREEN_KEY]: keptFor(document, bridge, `${LANDING}<script>ran()</script>`),
        },
      ],
    ];
    for (const [what, values] of cases) {
      pageOf();
      expect(paintLaunchScreen(document, bridge, storageOf(values)), what).toBe(false);
      expect(document.getElementById('root')?.childNodes.length, what).toBe(0);
      expect(document.head.querySelector('link'), what).toBeNull();
    }
    pageOf();
    document.getElementById('root')?.append(document.createElement('p'));
    const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
    expect(paintLaunchScreen(document, bridge, storageOf(values))).toBe(false);
  });

  it('holds a tap until React is there, then taps again for the app', () => {
    const bridge = bridgeWith();
    const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
    expect(paintLaunchScreen(document, bridge, storageOf(values))).toBe(true);
    const start = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'Start Shoping',
    );
    const followed: boolean[] = [];
    const app = (event: Event) => followed.push(event.defaultPrevented);
    document.getElementById('root')?.addEventListener('click', app);
    start?.click();
    expect(followed, 'held: neither the app nor the link had it').toEqual([]);
    document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
    expect(followed, 'tapped again for the app').toEqual([false]);
    start?.click();
    expect(followed, 'then taps go straight to the app').toEqual([false, false]);
  });

  it('shows it at once when the page links its stylesheets already, and after one that failed', () => {
    const bridge = bridgeWith();
    const a = Object.assign(document.createElement('link'), {
      rel: 'stylesheet',
      href: 'assets/a.css',
    });
    document.head.append(a);
    const links = holdLinks();
    const both = keptFor(document, bridge, LANDING, ['assets/a.css', 'assets/b.css']);
    paintLaunchScreen(document, bridge, storageOf({ ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: both }));
    const root = document.getElementById('root');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['assets/b.css']);
    expect(root?.hidden).toBe(true);
    links[0]?.dispatchEvent(new Event('error'));
    expect(root?.hidden).toBe(false);
    vi.restoreAllMocks();
    pageOf();
    const none = keptFor(document, bridge, LANDING, []);
    paintLaunchScreen(document, bridge, storageOf({ ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: none }));
    expect(document.getElementById('root')?.hidden).toBe(false);
  });

  it('holds every tap inside it', () => {
    const bridge = bridgeWith();
    const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
    paintLaunchScreen(document, bridge, storageOf(values));
    const label = document.querySelector('label');
    const tap = new MouseEvent('click', { bubbles: true, cancelable: true });
    label?.dispatchEvent(tap);
    expect(tap.defaultPrevented, 'a label would reach its input').toBe(true);
    document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
    const later = new MouseEvent('click', { bubbles: true, cancelable: true });
    label?.dispatchEvent(later);
    expect(later.defaultPrevented, 'the app has its taps').toBe(false);
  });

  it('taps nothing again that the app has covered', () => {
    const bridge = bridgeWith();
    const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
    paintLaunchScreen(document, bridge, storageOf(values));
    const start = [...document.querySelectorAll('a')].find(
      (a) => a.textContent === 'Start Shoping',
    );
    const followed: unknown[] = [];
    document.getElementById('root')?.addEventListener('click', (event) => followed.push(event));
    start?.click();
    document.querySelector('main')?.setAttribute('inert', '');
    document.dispatchEvent(new Event(TAKEN_OVER_EVENT));
    expect(followed).toEqual([]);
  });

  it('stops holding when React never says it is there', () => {
    vi.useFakeTimers();
    try {
      const bridge = bridgeWith();
      const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
      paintLaunchScreen(document, bridge, storageOf(values));
      const button = document.querySelector('button');
      const held = new MouseEvent('click', { bubbles: true, cancelable: true });
      button?.dispatchEvent(held);
      expect(held.defaultPrevented).toBe(true);
      vi.advanceTimersByTime(HOLD_AT_MOST_MS);
      const free = new MouseEvent('click', { bubbles: true, cancelable: true });
      button?.dispatchEvent(free);
      expect(free.defaultPrevented, 'the page is usable as it is').toBe(false);
    } finally {
      vi.useRealTimers();
    }
  });

  it('keeps a form from being sent before React is there', () => {
    const bridge = bridgeWith();
    const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
    paintLaunchScreen(document, bridge, storageOf(values));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
