import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  BUILD_META,
  LAUNCH_SCREEN_KEY,
  launchKey,
  TAKEN_OVER_EVENT,
  writeLaunchScreen,
} from './launch-screen';
import { LANDING } from '@/test/launch-landing';
import { paintLaunchScreen } from './paint-launch-screen';

const CONFIG = { catalogueUrl: 'https://catalogue.test', mode: 'kiosk', defaultLanguage: 'en' };

function bridgeWith(config: unknown = CONFIG) {
  return {
    getConfig: () => config,
    printReceipt: () => Promise.resolve({ status: 'printed' }),
    version: 3,
  };
}

function pageOf(build = 'b1234'): Document {
  document.head.innerHTML = `<meta charset="UTF-8"><meta name="${BUILD_META}" content="${build}">`;
  document.body.innerHTML = '<div id="root"></div>';
  delete document.documentElement.dataset.launchScreen;
  return document;
}

function storageOf(values: Record<string, string>) {
  return (key: string): string | null => values[key] ?? null;
}

const EMPTY_CART = { cart: '[]', savings: '0', totalPriceBeforeTax: '0' };

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
    document.head.innerHTML = '';
    document.body.innerHTML = '';
  });

  it('paints it into the empty root, with its stylesheets blocking the first paint', () => {
    const bridge = bridgeWith();
    const kept = keptFor(document, bridge, LANDING, ['assets/styles-A1.css']);
    const painted = paintLaunchScreen(
      document,
      bridge,
      storageOf({ ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: kept }),
    );
    expect(painted).toBe(true);
    expect(document.querySelector('#root h1')?.textContent).toMatch(/^Everything you love/);
    const link = document.head.querySelector<HTMLLinkElement>('link[rel="stylesheet"]');
    expect(link?.getAttribute('href')).toBe('assets/styles-A1.css');
    expect(link?.getAttribute('blocking')).toBe('render');
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

  it('keeps a form from being sent before React is there', () => {
    const bridge = bridgeWith();
    const values = { ...EMPTY_CART, [LAUNCH_SCREEN_KEY]: keptFor(document, bridge) };
    paintLaunchScreen(document, bridge, storageOf(values));
    const submit = new Event('submit', { bubbles: true, cancelable: true });
    document.querySelector('form')?.dispatchEvent(submit);
    expect(submit.defaultPrevented).toBe(true);
  });
});
