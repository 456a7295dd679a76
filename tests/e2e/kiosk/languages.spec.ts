/**
 * The kiosk in every language: the attract screen offers the kiosk's languages by their
 * own names; the header's menu by touch; the idle wipe back to the default; the operator's
 * choice of languages and default (the bridge's config, as main hands it over); speech in
 * the language's voice, or in English, saying so, where the kiosk has none; the receipt
 * printed in the shopper's language; Arabic's keyboard. For each language: axe, 44 px
 * targets, and the journey by keypad with speech on from the attract screen to a receipt
 * in that language. And the long-text check of the kiosk's own screens (attract screen,
 * idle prompt, keyboard, accessibility mode, receipt) in the pseudo-locale and German.
 * Each screen is set up once per language, all of them in one tab, and checked at each size
 * by resizing the window, every one of those checks due at a size made there
 * (support/screen-sweep.ts); the idle prompt and the attract screen come by the page's clock.
 */
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Browser, Disposable, Locator, Page } from '@playwright/test';
import type { RendererConfig } from '../../../shared/bridge';
import type { Product } from '../support/catalogue';
import { expect, test } from '../support/fixtures';
import {
  assertKioskBuilt,
  installBridge,
  type FakeBridge,
  KIOSK_INDEX,
  KIOSK_URL,
  printedReceipts,
  runClockUntilShown,
  runSeconds,
  runUntilIdlePrompt,
} from '../support/kiosk';
import { LANGUAGE_NAMES, message, TRANSLATED, type Shown } from '../support/messages';
import {
  type Checks,
  problemsOnEveryScreen,
  type SizeChecks,
  sizesNamed,
  type SweptScreen,
  type Viewport,
} from '../support/screen-sweep';
import { cartJson, seedStorage } from '../support/storage';
import { expectShownIn, header, main, VIEWPORTS } from '../support/ui';

test.beforeAll(assertKioskBuilt);

/** A file of the kiosk's build beside its page, which runs no app: the sweep's blank. */
const KIOSK_BLANK = pathToFileURL(resolve(KIOSK_INDEX, '../favicon.png')).href;

/**
 * The kiosk as the main process configures it: its languages, its default. Disposing of
 * what it returns takes the bridge off the tab's next documents.
 */
async function openIn(
  page: Page,
  config: Partial<RendererConfig> = {},
  fake: Omit<FakeBridge, 'config'> = {},
): Promise<Disposable> {
  const bridge = await installBridge(page, { ...fake, config });
  await page.goto(KIOSK_URL);
  await expect(main(page).getByRole('heading', { level: 1 })).toBeVisible();
  return bridge;
}

/** The attract screen's call to action, named in the kiosk's default language. */
const touchToStart = (page: Page, language: Shown): Locator =>
  page.getByRole('button', { name: message(language, 'kiosk.touchToStart') });
/** Its languages, each by its own name. */
const languageChoice = (page: Page, language: Shown): Locator =>
  page.getByRole('group', { name: message(language, 'kiosk.chooseLanguage') });

/** Lets the idle prompt come and count down: the session is wiped, the attract screen up. */
async function wipe(page: Page, language: Shown = 'en'): Promise<void> {
  await runUntilIdlePrompt(page);
  await runSeconds(page, 16);
  await expect(touchToStart(page, language)).toBeVisible();
}

/** Speech's utterances, with the language of each, in order; nothing is played. */
async function recordVoices(page: Page, voices: readonly string[] = []): Promise<void> {
  await page.addInitScript((listed) => {
    const said: { text: string; lang: string }[] = [];
    Object.assign(window, { __said: said });
    const synth = window.speechSynthesis;
    synth.speak = (utterance: SpeechSynthesisUtterance) => {
      said.push({ text: utterance.text, lang: utterance.lang });
      queueMicrotask(() => utterance.dispatchEvent(new Event('end')));
    };
    synth.cancel = () => undefined;
    const fake = listed.map(
      (lang) =>
        ({
          lang,
          name: `voice ${lang}`,
          voiceURI: lang,
          default: false,
          localService: true,
        }) satisfies SpeechSynthesisVoice,
    );
    synth.getVoices = () => fake;
    // Chromium takes only its own voice objects; these plain ones are held as given.
    const held = new WeakMap<SpeechSynthesisUtterance, SpeechSynthesisVoice | null>();
    Object.defineProperty(SpeechSynthesisUtterance.prototype, 'voice', {
      configurable: true,
      get(this: SpeechSynthesisUtterance) {
        return held.get(this) ?? null;
      },
      set(this: SpeechSynthesisUtterance, voice: SpeechSynthesisVoice | null) {
        held.set(this, voice);
      },
    });
  }, voices);
}

const said = (page: Page) =>
  page.evaluate(() => (window as unknown as { __said: { text: string; lang: string }[] }).__said);
const transcript = async (page: Page) => (await said(page)).map((u) => u.text).join(' ');

const isFocused = (target: Locator): Promise<boolean> =>
  target.evaluate((element) => element === document.activeElement);

/** Presses `key` until `target` has the focus. */
async function arrowTo(page: Page, target: Locator, key: string, max = 40): Promise<void> {
  await expect(target).toBeVisible();
  for (let presses = 0; presses <= max; presses += 1) {
    if (await isFocused(target)) return;
    await page.keyboard.press(key);
  }
  throw new Error(`${key} ×${max} never reached ${target.toString()}`);
}

test.describe('choosing a language at the kiosk', () => {
  test('the attract screen offers the kiosk’s languages, each by its own name', async ({
    page,
  }) => {
    await page.clock.install();
    await openIn(page, { languages: ['en', 'ar', 'es'], defaultLanguage: 'en' });
    await wipe(page);
    const languages = languageChoice(page, 'en');
    await expect(languages.getByRole('button')).toHaveText(['English', 'العربية', 'Español']);
    await expect(languages.getByRole('button', { name: 'العربية' })).toHaveAttribute('lang', 'ar');
    await languages.getByRole('button', { name: 'العربية' }).click();
    await expect(touchToStart(page, 'en')).toHaveCount(0);
    await expectShownIn(page, 'ar');
    await expect(page.getByRole('link', { name: message('ar', 'home.start') })).toBeVisible();

    // The next shopper finds the kiosk's default again.
    await wipe(page);
    await expectShownIn(page, 'en');
    await expect(touchToStart(page, 'en')).toBeFocused();
  });

  test('a kiosk whose default is Spanish opens in Spanish and returns to it at the wipe', async ({
    page,
  }) => {
    await page.clock.install();
    await openIn(page, { languages: ['es', 'en'], defaultLanguage: 'es' });
    await expectShownIn(page, 'es');
    await expect(page.getByRole('link', { name: message('es', 'home.start') })).toBeVisible();
    await header(page)
      .getByRole('button', { name: message('es', 'layout.language', { name: 'Español' }) })
      .click();
    await header(page).getByRole('button', { name: 'English', exact: true }).click();
    await expectShownIn(page, 'en');
    await wipe(page, 'es');
    await expectShownIn(page, 'es');
  });

  test('one language offered: no menu and no choice on the attract screen', async ({ page }) => {
    await page.clock.install();
    await openIn(page, { languages: ['de'], defaultLanguage: 'de' });
    await expectShownIn(page, 'de');
    await expect(header(page).getByRole('button', { name: /:/ })).toHaveCount(0);
    await wipe(page, 'de');
    await expect(languageChoice(page, 'de')).toHaveCount(0);
  });

  test('the languages are on the kiosk’s disk: one chosen with the network gone still shows', async ({
    page,
    context,
  }) => {
    const fetched: string[] = [];
    page.on('requestfinished', (request) => fetched.push(request.url()));
    await openIn(page, { defaultLanguage: 'en' });
    await context.setOffline(true);
    await header(page).getByRole('button', { name: 'Language: English' }).click();
    await header(page).getByRole('button', { name: 'Deutsch', exact: true }).click();
    await expectShownIn(page, 'de');
    await expect(page.getByRole('link', { name: message('de', 'home.start') })).toBeVisible();
    // German's texts came from a file of the kiosk's own build, not from any server.
    const german = fetched.filter((url) => /\/assets\/de-[\w-]+\.js$/.test(url));
    expect(german).toHaveLength(1);
    expect(german[0]).toMatch(/^file:\/\//);
  });

  test('the receipt is printed in the shopper’s language', async ({ page, servedCatalogue }) => {
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 1]]) });
    await openIn(page, { defaultLanguage: 'fr' });
    await header(page)
      .getByRole('link', { name: /^Panier/ })
      .click();
    await page.getByRole('link', { name: message('fr', 'cart.proceed') }).click();
    await page.getByRole('button', { name: message('fr', 'checkout.confirm') }).click();
    await page.getByRole('button', { name: message('fr', 'checkout.print') }).click();
    await expect(page.getByText(message('fr', 'checkout.printed'))).toBeVisible();
    expect(await printedReceipts(page)).toEqual([expect.objectContaining({ language: 'fr' })]);
  });

  test('Arabic’s keyboard: Arabic letters, a key to the Latin ones, vouchers in Latin capitals', async ({
    page,
    servedCatalogue,
  }) => {
    await seedStorage(page, { cart: cartJson([[servedCatalogue[0]!, 1]]) });
    await openIn(page, { defaultLanguage: 'ar' });
    await header(page)
      .getByRole('link', { name: /^المنتجات$/ })
      .click();
    await main(page).getByRole('searchbox').click();
    const keys = page.getByRole('group', { name: message('ar', 'keyboard.keyboard') });
    await expect(keys.getByRole('button', { name: 'ض', exact: true })).toBeVisible();
    await expect(keys.getByRole('button', { name: 'q', exact: true })).toHaveCount(0);
    await keys.getByRole('button', { name: 'س', exact: true }).click();
    await keys.getByRole('button', { name: 'لا', exact: true }).click();
    await expect(main(page).getByRole('searchbox')).toHaveValue('سلا');
    await keys.getByRole('button', { name: message('ar', 'keyboard.latinLetters') }).click();
    await keys.getByRole('button', { name: 'q', exact: true }).click();
    await expect(main(page).getByRole('searchbox')).toHaveValue('سلاq');

    await header(page)
      .getByRole('link', { name: /^السلة/ })
      .click();
    await main(page)
      .getByRole('textbox', { name: message('ar', 'cart.voucherQuestion') })
      .click();
    await expect(keys.getByRole('button', { name: 'E', exact: true })).toBeVisible();
    await expect(keys.getByRole('button', { name: 'ض', exact: true })).toHaveCount(0);
  });

  test('with no voice for the chosen language, speech says so in English and goes on in English', async ({
    page,
  }) => {
    await recordVoices(page, ['en-US', 'es-ES', 'fr-FR', 'de-DE']);
    await openIn(page, { defaultLanguage: 'en' });
    await page.getByRole('button', { name: 'Speech', exact: true }).click();
    await expect.poll(() => transcript(page)).toContain('Speech is on.');
    await header(page).getByRole('button', { name: 'Language: English' }).click();
    await header(page).getByRole('button', { name: 'العربية' }).click();
    await expect
      .poll(() => transcript(page))
      .toContain('There is no Arabic voice on this kiosk, so speech goes on in English.');
    await expectShownIn(page, 'en');
    const utterances = await said(page);
    expect(utterances.find((u) => u.text.startsWith('There is no'))?.lang).toBe('en');
  });
});

/** What the language menu's button names the shown language. */
const shownName = (language: Shown): string =>
  language === 'en-XA' ? 'Ƥšéûðö' : LANGUAGE_NAMES[language];

const filled = (catalogue: Product[]) =>
  cartJson([
    [catalogue[0]!, 2],
    [catalogue[13]!, 1],
  ]);

/** The kiosk's own screens in `language`, its default, found by their structure. */
function kioskScreens(language: Shown, catalogue: Product[]): SweptScreen[] {
  const open = async (
    page: Page,
    later: (bridge: Disposable) => void,
    config: Partial<RendererConfig> = {},
    fake: Omit<FakeBridge, 'config'> = {},
  ): Promise<void> =>
    later(await openIn(page, { defaultLanguage: language as never, ...config }, fake));
  return [
    { name: 'home', show: open },
    {
      name: 'keyboard open',
      show: async (page, later) => {
        await open(page, later);
        await main(page)
          .getByRole('link', { name: message(language, 'home.start') })
          .click();
        await main(page).getByRole('searchbox').click();
        await expect(page.locator('[data-osk-panel]')).toBeVisible();
      },
    },
    {
      name: 'language menu open',
      show: async (page, later) => {
        await open(page, later);
        const name = message(language, 'layout.language', { name: shownName(language) });
        await header(page).getByRole('button', { name }).click();
        await expect(
          header(page).getByRole('list', { name: message(language, 'languageList.languages') }),
        ).toBeVisible();
      },
    },
    {
      name: 'accessibility mode',
      show: async (page, later) => {
        await open(page, later);
        // Its name's parts, in order: on a phone the outer words are screen-reader-only
        // boxes, which may bring a space of their own between the parts.
        const parts = [
          'kiosk.accessibilityBefore',
          'kiosk.accessibility',
          'kiosk.accessibilityAfter',
        ]
          .map((id) => message(language, id).trim())
          .filter((part) => part !== '')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'));
        const name = new RegExp(`^${parts.join('\\s*')}$`, 'u');
        await page.getByRole('button', { name }).click();
        await expect(page.locator('html')).toHaveAttribute('data-a11y', 'on');
      },
    },
    {
      name: 'receipt',
      storage: { cart: filled(catalogue) },
      show: async (page, later) => {
        // With the widest collection number main gives, and where to go with it.
        await open(page, later, {}, { collection: 'W 9999' });
        await header(page)
          .getByRole('link', { name: message(language, 'layout.cart', { count: 3 }) })
          .click();
        await main(page)
          .getByRole('link', { name: message(language, 'cart.proceed') })
          .click();
        await main(page)
          .getByRole('button', { name: message(language, 'checkout.confirm') })
          .click();
        await expect(main(page).getByText(/^Receipt-\d{13}-\d{1,3}$/)).toBeVisible();
        await expect(
          main(page).getByText(message(language, 'checkout.collectionWhere', { number: 'W 9999' })),
        ).toBeVisible();
      },
    },
    {
      name: 'idle prompt',
      clock: true,
      show: async (page, later) => {
        await open(page, later, { idleTimeoutSeconds: 5, idleCountdownSeconds: 60 });
        await runClockUntilShown(page, page.getByRole('dialog'));
      },
    },
    {
      name: 'attract screen',
      clock: true,
      show: async (page, later) => {
        await open(page, later, { idleTimeoutSeconds: 1, idleCountdownSeconds: 5 });
        await runClockUntilShown(page, touchToStart(page, language));
      },
    },
  ];
}

/** In each translated language, axe runs at the kiosk's two screens… */
const AXE_SIZES: readonly Viewport[] = [VIEWPORTS.kioskPortrait, VIEWPORTS.kioskLandscape];
/** …and the 44 px targets are measured on its portrait screen and on a phone. */
const TOUCH_SIZES: readonly Viewport[] = [VIEWPORTS.kioskPortrait, VIEWPORTS.phone];
/** The long-text check runs at all four design sizes, in these. */
const LONG_TEXTS: readonly Shown[] = ['en-XA', 'de'];

const sizesFor = (language: Shown): readonly Viewport[] =>
  LONG_TEXTS.includes(language)
    ? Object.values(VIEWPORTS)
    : [VIEWPORTS.kioskPortrait, VIEWPORTS.kioskLandscape, VIEWPORTS.phone];

function checksFor(language: Shown, viewport: Viewport): Checks {
  const translated = language !== 'en-XA';
  return {
    axe: translated && AXE_SIZES.includes(viewport),
    touch: translated && TOUCH_SIZES.includes(viewport),
    longTexts: LONG_TEXTS.includes(language),
  };
}

/** The sizes the kiosk's own screens are checked at in `language`, and the checks at each. */
const sizeChecksFor = (language: Shown): SizeChecks[] =>
  sizesFor(language).map((viewport) => ({ viewport, checks: checksFor(language, viewport) }));

/**
 * Seven screens in one tab (two on a tab of their own, for the clock), at up to four sizes
 * each: a loaded two-core machine has taken 25 s for one size.
 */
const screensTimeout = (sizes: readonly SizeChecks[]): number => 60_000 + sizes.length * 60_000;

/** Each of the kiosk's own screens opened once in `language`, checked at each size. */
const problemsOnKioskScreens = (
  browser: Browser,
  catalogue: Product[],
  language: Shown,
  sizes: readonly SizeChecks[],
): Promise<string[]> =>
  problemsOnEveryScreen({
    browser,
    sizes,
    blank: KIOSK_BLANK,
    screens: kioskScreens(language, catalogue),
    language,
    screenshotPrefix: 'kiosk-',
  });

for (const language of TRANSLATED) {
  test.describe(`the kiosk in ${LANGUAGE_NAMES[language]}`, () => {
    const sizes = sizeChecksFor(language);
    test(`its own screens at ${sizesNamed(sizes)}`, async ({ browser, servedCatalogue }) => {
      test.setTimeout(screensTimeout(sizes));
      expect(await problemsOnKioskScreens(browser, servedCatalogue, language, sizes)).toEqual([]);
    });

    test('attract screen to receipt by keypad, every step spoken in the language', async ({
      page,
      consoleErrors,
    }) => {
      test.setTimeout(150_000);
      await recordVoices(page);
      await page.clock.install();
      await openIn(page, { defaultLanguage: 'en' });
      await wipe(page);

      // The first key turns speech on and moves to the languages; Enter chooses one.
      const choice = languageChoice(page, 'en').getByRole('button', {
        name: LANGUAGE_NAMES[language],
      });
      await arrowTo(page, choice, 'ArrowDown');
      await page.keyboard.press('Enter');
      await expect(touchToStart(page, 'en')).toHaveCount(0);
      await expectShownIn(page, language);
      const speechSwitch = page.getByRole('button', {
        name: message(language, 'kiosk.speech'),
        exact: true,
      });
      await expect(speechSwitch).toHaveAttribute('aria-pressed', 'true');

      const heading = (id: string) =>
        main(page).getByRole('heading', { level: 1, name: message(language, id) });
      await page.keyboard.press('ArrowDown');
      await expect(main(page).getByRole('heading', { level: 1 })).toBeFocused();
      await arrowTo(
        page,
        page.getByRole('link', { name: message(language, 'home.start') }),
        'ArrowDown',
      );
      await page.keyboard.press('Enter');
      await expect(heading('catalogue.heading')).toBeFocused();
      const add = main(page)
        .getByRole('article')
        .first()
        .getByRole('button', { name: message(language, 'catalogue.addToCart') });
      await arrowTo(page, add, 'ArrowDown');
      await page.keyboard.press('Enter');
      const cartLink = header(page).getByRole('link', {
        name: message(language, 'layout.cart', { count: 1 }),
      });
      await expect(cartLink).toBeVisible();
      await arrowTo(page, cartLink, 'ArrowUp');
      await page.keyboard.press('Enter');
      await expect(heading('cart.heading')).toBeFocused();
      await arrowTo(
        page,
        page.getByRole('link', { name: message(language, 'cart.proceed') }),
        'ArrowDown',
      );
      await page.keyboard.press('Enter');
      await expect(heading('checkout.heading')).toBeFocused();
      await arrowTo(
        page,
        main(page).getByRole('button', { name: message(language, 'checkout.confirm') }),
        'ArrowDown',
      );
      await page.keyboard.press('Enter');
      await expect(heading('checkout.thanks')).toBeFocused();
      await expect(main(page).getByText(/^Receipt-\d{13}-\d{1,3}$/)).toBeVisible();

      // Speech said the shop's words in the language, in a voice of it.
      await expect
        .poll(() => transcript(page))
        .toContain(message(language, 'checkout.thanks').replace(/\s*[.!?]$/u, ''));
      const text = await transcript(page);
      expect(text).toContain(message(language, 'speech.button'));
      expect(text).toContain(message(language, 'speech.receiptIs', { id: '' }).trim());
      const after = (await said(page)).filter((u) =>
        u.text.includes(message(language, 'speech.button')),
      );
      expect(new Set(after.map((u) => u.lang))).toEqual(new Set([language]));
      expect(consoleErrors).toEqual([]);
    });
  });
}

test.describe('long texts fit the kiosk’s own screens, in the pseudo-locale, 40 % longer', () => {
  const sizes = sizeChecksFor('en-XA');
  test(`at ${sizesNamed(sizes)}`, async ({ browser, servedCatalogue }) => {
    test.setTimeout(screensTimeout(sizes));
    expect(await problemsOnKioskScreens(browser, servedCatalogue, 'en-XA', sizes)).toEqual([]);
  });
});
