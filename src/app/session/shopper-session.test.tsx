import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { KioskBridge, StaffExitResult } from '@shared/bridge';
import { announce, ANNOUNCE_SETTLE_MS } from '@web-shared/ui/announcer';
import { orderTotals, useCartStore } from '@/features/cart/public';
import { lastReceipt, rememberReceipt } from '@/features/checkout/last-receipt';
import { buildReceipt } from '@/features/checkout/receipt';
import { KioskBehaviours, type KioskBehavioursProps } from '@/features/kiosk/kiosk-behaviours';
import { ALL_LANGUAGES, type Capabilities } from '@/platform/capabilities';
import { chooseLanguage, shownLanguage } from '@/i18n/language-store';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse, renderApp, TEST_CATALOGUE_URL, type TestRouter } from '@/test/render-app';
import { recordSpeech } from '@/test/speech-recorder';
import type { SessionPart } from './shopper-session';

const ring = makeProduct({ id: 2, title: 'Silver Ring With a Small Blue Stone', price: 22.3 });

/** A kiosk bridge whose staff exit the test opens, answering each PIN in turn. */
function fakeBridge(answers: StaffExitResult[]) {
  let requestExit: () => void = () => undefined;
  const bridge: KioskBridge = {
    getConfig: () => {
      throw new Error('the capabilities are given');
    },
    onStaffExitRequested: (listener) => {
      requestExit = listener;
      return () => undefined;
    },
    submitStaffExitPin: () => Promise.resolve(answers.shift() ?? { status: 'wrong' }),
    printReceipt: () => Promise.resolve({ ok: true }),
  };
  return { bridge, requestExit: () => act(() => requestExit()) };
}

function kiosk(bridge: KioskBridge, afterSeconds = 600): Capabilities {
  return {
    target: 'kiosk',
    catalogueUrl: TEST_CATALOGUE_URL,
    bridge,
    languages: ALL_LANGUAGES,
    kiosk: {
      idleReset: { afterSeconds, countdownSeconds: 15 },
      staffExit: true,
      onScreenKeyboard: true,
      accessibilityMode: true,
      catalogueMaxAgeMinutes: 60,
      keypadNavigation: true,
      speech: { outputDevice: null },
    },
  };
}

/** The real kiosk behaviours, keeping the wipe the app hands them (as a fleet command would call it). */
function withWipeKept() {
  const held: { wipe: () => void } = { wipe: () => undefined };
  function Kept(props: KioskBehavioursProps) {
    held.wipe = props.onWipe;
    return <KioskBehaviours {...props} />;
  }
  return { Kept, wipe: () => act(() => held.wipe()) };
}

const searchBox = () => screen.getByRole('searchbox', { name: 'Search products' });
const keyboard = () => screen.queryByRole('group', { name: 'On-screen keyboard' });
const openDialogs = () => document.querySelectorAll('dialog[open]');
/** What the live regions hold for a screen reader. */
const spoken = () =>
  [...document.querySelectorAll('[aria-live]')].map((region) => region.textContent).join(' ');
const attractScreen = () => screen.getByRole('button', { name: /^Touch to start/ });

interface Shop {
  router: TestRouter;
  /** The main process's staff exit chord. */
  requestExit: () => void;
}

interface Check {
  /** Leaves this part of a shopper's session behind. */
  fill: (shop: Shop) => Promise<void>;
  /** True of a wiped session: nothing of that part is left. */
  cleared: (shop: Shop) => Promise<void> | void;
}

/** One check per part shopper-session.ts lists: a new part fails to compile until it has one. */
const CHECKS: Record<SessionPart, Check> = {
  'cart, savings and subtotal': {
    fill: () => {
      useCartStore.getState().addToCart(ring, 2);
      return Promise.resolve();
    },
    cleared: () => {
      expect(useCartStore.getState()).toMatchObject({
        cart: [],
        subtotalCents: 0,
        savingsCents: 0,
      });
      expect(localStorage.getItem('cart')).toBe('[]');
      expect(localStorage.getItem('savings')).toBe('0');
      expect(localStorage.getItem('totalPriceBeforeTax')).toBe('0');
    },
  },
  receipt: {
    fill: () => {
      const { cart, subtotalCents, savingsCents } = useCartStore.getState();
      rememberReceipt(buildReceipt(cart, orderTotals(subtotalCents, savingsCents)));
      return Promise.resolve();
    },
    cleared: () => expect(lastReceipt()).toBeNull(),
  },
  language: {
    fill: async () => {
      // Speech is on by now: with no Spanish voice it would go back to English at once.
      const voices = voice.synth.getVoices();
      voice.synth.getVoices = () => [
        ...voices,
        { lang: 'es-ES', name: 'Test Spanish', default: false, localService: true, voiceURI: 'es' },
      ];
      await act(() => chooseLanguage('es'));
      expect(document.documentElement.lang).toBe('es');
    },
    cleared: () => {
      expect(shownLanguage().language).toBe('en');
      expect(document.documentElement.lang).toBe('en');
      expect(document.documentElement.dir).toBe('ltr');
    },
  },
  history: {
    fill: ({ router }) => router.navigate('/products'),
    cleared: ({ router }) => {
      expect(router.location.pathname).toBe('/');
      expect(router.location.key).toBe('default');
    },
  },
  'accessibility mode': {
    fill: async () => {
      await userEvent.click(screen.getByRole('button', { name: /Accessibility mode/ }));
      expect(document.documentElement.dataset.a11y).toBe('on');
    },
    cleared: () => {
      expect(document.documentElement.dataset.a11y).toBeUndefined();
      expect(screen.getByRole('button', { name: /Accessibility mode/ })).toHaveAttribute(
        'aria-pressed',
        'false',
      );
    },
  },
  speech: {
    fill: async () => {
      await userEvent.click(screen.getByRole('button', { name: 'Speech' }));
      await waitFor(() => expect(voice.transcript()).toContain('Speech is on.'));
    },
    cleared: async () => {
      // The wipe silenced the voice: nothing was said after its last word was stopped.
      const lastSpoken = voice.synth.speak.mock.invocationCallOrder.at(-1) ?? 0;
      expect(voice.synth.cancel.mock.invocationCallOrder.at(-1)).toBeGreaterThan(lastSpoken);
      // The next shopper finds it off, and silent.
      const toggle = screen.getByRole('button', { name: 'Speech' });
      expect(toggle).toHaveAttribute('aria-pressed', 'false');
      voice.clear();
      act(() => toggle.focus());
      await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
      expect(voice.said).toEqual([]);
    },
  },
  announcements: {
    fill: async () => {
      announce('Added 2 × Silver Ring to the cart.');
      await act(() => new Promise((resolve) => setTimeout(resolve, ANNOUNCE_SETTLE_MS + 50)));
      expect(spoken()).toContain('Added 2 × Silver Ring to the cart.');
    },
    cleared: () => {
      expect(spoken()).not.toContain('Silver Ring');
    },
  },
  dialogs: {
    fill: async ({ requestExit }) => {
      requestExit();
      await waitFor(() => expect(openDialogs()).toHaveLength(1));
    },
    cleared: () => expect(openDialogs()).toHaveLength(0),
  },
  'typed fields': {
    fill: async () => {
      await userEvent.type(await screen.findByRole('searchbox'), 'ring');
      expect(searchBox()).toHaveValue('ring');
    },
    cleared: async ({ router }) => {
      await router.navigate('/products');
      expect(searchBox()).toHaveValue('');
    },
  },
  'on-screen keyboard': {
    fill: async () => {
      await userEvent.click(searchBox());
      expect(keyboard()).toBeInTheDocument();
      expect(document.documentElement.dataset.osk).toBe('open');
    },
    cleared: () => {
      expect(keyboard()).not.toBeInTheDocument();
      expect(document.documentElement.dataset.osk).toBeUndefined();
    },
  },
};

let voice: ReturnType<typeof recordSpeech>;

describe('a shopper’s session', () => {
  beforeEach(async () => {
    voice = recordSpeech();
    localStorage.clear();
    await useCartStore.persist.rehydrate();
    vi.stubGlobal('fetch', () => Promise.resolve(jsonResponse([ring])));
  });
  afterEach(() => vi.unstubAllGlobals());

  it('a wipe clears every part listed, whoever asks for it', async () => {
    const { bridge, requestExit } = fakeBridge([]);
    const { Kept, wipe } = withWipeKept();
    const { router } = await renderApp('/', { capabilities: kiosk(bridge), KioskBehaviours: Kept });
    const shop: Shop = { router, requestExit };
    // In this order: a dialog first, so the keyboard is still open when the wipe comes; the
    // language last, as the other parts are found by their English names.
    const order: SessionPart[] = [
      'cart, savings and subtotal',
      'receipt',
      'history',
      'accessibility mode',
      'speech',
      'announcements',
      'dialogs',
      'typed fields',
      'on-screen keyboard',
      'language',
    ];
    expect([...order].sort()).toEqual(Object.keys(CHECKS).sort());
    for (const part of order) await CHECKS[part].fill(shop);

    wipe();

    // The attract screen waits for the next shopper, who finds nothing of the last one.
    await userEvent.click(attractScreen());
    for (const part of order) await CHECKS[part].cleared(shop);
  });

  it('the idle prompt wipes the session, and the catalogue stays', async () => {
    const { bridge, requestExit } = fakeBridge([]);
    localStorage.setItem('products', JSON.stringify([ring]));
    const { router } = await renderApp('/', { capabilities: kiosk(bridge, 1), KioskBehaviours });
    const shop: Shop = { router, requestExit };
    await CHECKS['cart, savings and subtotal'].fill(shop);
    const prompt = await screen.findByRole(
      'dialog',
      { name: 'Are you still there?' },
      {
        timeout: 3000,
      },
    );
    await userEvent.click(within(prompt).getByRole('button', { name: 'Start over' }));
    await CHECKS['cart, savings and subtotal'].cleared(shop);
    expect(attractScreen()).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem('products') ?? '[]')).toEqual([ring]);
  });

  it('the staff exit wipes the session once the PIN is accepted, so the next launch starts clean', async () => {
    const { bridge, requestExit } = fakeBridge([{ status: 'wrong' }, { status: 'accepted' }]);
    const { router } = await renderApp('/', { capabilities: kiosk(bridge), KioskBehaviours });
    const shop: Shop = { router, requestExit };
    await CHECKS['cart, savings and subtotal'].fill(shop);
    await CHECKS.receipt.fill(shop);
    requestExit();
    const pin = screen.getByLabelText('Enter the staff PIN to close the kiosk');
    await userEvent.type(pin, '1357{Enter}');
    expect(useCartStore.getState().cart).toHaveLength(1);
    expect(lastReceipt()).not.toBeNull();
    await userEvent.type(pin, '2468{Enter}');
    await CHECKS['cart, savings and subtotal'].cleared(shop);
    await CHECKS.receipt.cleared(shop);
  });
});
