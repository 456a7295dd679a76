/**
 * Speech output in the kiosk, in the whole app with its real pages, cart and
 * kiosk behaviours: what it says, in order, for a shopper who cannot see the screen. The
 * page's voices are a recorder (src/test/speech-recorder.ts).
 */
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { useCartStore } from '@/features/cart/public';
import { ALL_LANGUAGES, type Capabilities, type PageBridge } from '@/platform/capabilities';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse, renderApp, TEST_CATALOGUE_URL } from '@/test/render-app';
import { pressRealKey, recordSpeech } from '@/test/speech-recorder';
import { KioskWithCart } from './kiosk-with-cart';

const sweater = makeProduct({
  id: 1,
  title: 'Classic Merino Wool Crew Neck Sweater for Men',
  price: 89.95,
});
const ring = makeProduct({ id: 2, title: 'Silver Ring With a Small Blue Stone', price: 22.3 });

const KIOSK: Capabilities = {
  target: 'kiosk',
  catalogueUrl: TEST_CATALOGUE_URL,
  bridge: null,
  languages: ALL_LANGUAGES,
  kiosk: {
    idleReset: null,
    staffExit: false,
    onScreenKeyboard: true,
    accessibilityMode: true,
    catalogueMaxAgeMinutes: null,
    keypadNavigation: true,
    speech: { outputDevice: null },
  },
};

let voice: ReturnType<typeof recordSpeech>;

async function openKiosk(path: string) {
  const view = await renderApp(path, { capabilities: KIOSK, KioskBehaviours: KioskWithCart });
  await screen.findByRole('button', { name: 'Speech' });
  return view;
}

const speechSwitch = () => screen.getByRole('button', { name: 'Speech' });

async function turnSpeechOn() {
  await userEvent.click(speechSwitch());
  await waitFor(() => expect(voice.transcript()).toContain('Speech is on.'));
}

/** Waits until the recorder has heard `text` (in spoken form). */
const heard = (text: string | RegExp) =>
  waitFor(() =>
    typeof text === 'string'
      ? expect(voice.transcript()).toContain(text)
      : expect(voice.transcript()).toMatch(text),
  );

beforeEach(async () => {
  localStorage.clear();
  await useCartStore.persist.rehydrate();
  useCartStore.getState().clearCart();
  voice = recordSpeech();
  vi.stubGlobal('fetch', (url: unknown) => {
    const path = String(url);
    if (path.endsWith('/products/9')) return Promise.resolve(new Response('', { status: 404 }));
    if (path.endsWith('/products')) return Promise.resolve(jsonResponse([sweater, ring]));
    return Promise.resolve(jsonResponse(path.endsWith('/2') ? ring : sweater));
  });
});
afterEach(() => vi.unstubAllGlobals());

describe('speech in the kiosk', () => {
  it('never speaks before it is asked: touches, typing, a cart change and a new page say nothing', async () => {
    const { router } = await openKiosk('/products');
    const card = (await screen.findAllByRole('article'))[0]!;
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await userEvent.type(screen.getByRole('searchbox'), 'ring');
    // A made-up Enter, as the on-screen keyboard sends, is not a keypad.
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Enter' });
    await router.navigate('/cart');
    await act(() => new Promise((resolve) => setTimeout(resolve, 800)));
    expect(voice.synth.speak).not.toHaveBeenCalled();
    expect(speechSwitch()).toHaveAttribute('aria-pressed', 'false');
  });

  it('turns on with the Speech switch: first how to use it, then where the shopper is', async () => {
    await openKiosk('/products');
    await screen.findAllByRole('article');
    await turnSpeechOn();
    expect(speechSwitch()).toHaveAttribute('aria-pressed', 'true');
    const [first] = voice.said;
    expect(first).toMatch(/^Speech is on\./);
    for (const part of [
      'press Tab or the arrow keys',
      'press Enter or Space',
      'press Escape',
      'press R or F1',
      'press plus or minus',
      'Any key stops the speech',
      'To turn speech off',
    ]) {
      expect(voice.transcript()).toContain(part);
    }
    await heard('Products, page 1 of 1, 2 products.');
  });

  it('turns on with the first key a keypad sends, and the key still does its work', async () => {
    await openKiosk('/products');
    await screen.findAllByRole('article');
    const heading = screen.getByRole('heading', { level: 1, name: 'Products' });
    act(() => heading.focus());
    act(() => {
      pressRealKey('ArrowDown');
    });
    await heard('Speech is on.');
    expect(speechSwitch()).toHaveAttribute('aria-pressed', 'true');
    expect(document.activeElement).not.toBe(heading);
  });

  it('says a card’s title and price before its button, and the control’s name and role', async () => {
    await openKiosk('/products');
    const card = (await screen.findAllByRole('article'))[0]!;
    await turnSpeechOn();
    voice.clear();
    act(() => within(card).getByRole('button', { name: 'Add to Cart' }).focus());
    await heard('Classic Merino Wool Crew Neck Sweater for Men, $89.95. Add to Cart, button');
  });

  it('says Added, then the cart’s total with tax and savings', async () => {
    await openKiosk('/products');
    const card = (await screen.findAllByRole('article'))[0]!;
    await turnSpeechOn();
    await userEvent.click(within(card).getByRole('button', { name: 'Add to Cart' }));
    await heard('Added Classic Merino Wool Crew Neck Sweater for Men to the cart.');
    // $89.95 + 20% tax − 10% savings = $98.94.
    await heard('Cart: 1 item, total $98.94 including tax, you save $9.00.');
    const added = voice.transcript().indexOf('Added Classic');
    expect(voice.transcript().indexOf('Cart: 1 item')).toBeGreaterThan(added);
  });

  it('says a new page’s heading and what it holds, and the cart’s summary', async () => {
    useCartStore.getState().addToCart(sweater, 2);
    const { router } = await openKiosk('/products');
    await screen.findAllByRole('article');
    await turnSpeechOn();
    await router.navigate('/cart');
    await heard(/Shopping Cart, 1 product\. Original price \$179\.90\..*Total \$197\.89\./);
  });

  it('says the quantity, its number and how to change it, and each step', async () => {
    useCartStore.getState().addToCart(ring, 2);
    await openKiosk('/cart');
    await turnSpeechOn();
    const quantity = await screen.findByRole('textbox', { name: 'Quantity' });
    voice.clear();
    act(() => quantity.focus());
    await heard(
      'Quantity 2, edit, use up and down to change. For Silver Ring With a Small Blue Stone',
    );
    act(() => {
      pressRealKey('ArrowUp', quantity);
    });
    await waitFor(() => expect(quantity).toHaveValue('3'));
    await heard(/change\. For Silver Ring With a Small Blue Stone 3/);
    // The announcer's line and the cart's new total follow.
    await heard('Silver Ring With a Small Blue Stone: quantity 3.');
    await heard('Cart: 3 items');
  });

  it('says the order before it is confirmed, and the receipt after: its id, items and what was paid', async () => {
    useCartStore.getState().addToCart(ring, 1);
    await openKiosk('/checkout');
    await turnSpeechOn();
    await heard(/Checkout\. Your order: Silver Ring With a Small Blue Stone quantity 1 \$22\.30\./);
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Purchase !' }));
    const id = (await screen.findByText(/^Receipt-\d{13}-\d{1,3}$/)).textContent;
    await heard(`Thank you for your purchase! Your receipt is ${id}.`);
    await heard('Items: 1 of Silver Ring With a Small Blue Stone $22.30.');
    await heard('Paid $24.53.');
    // The cart it emptied is not news at checkout.
    expect(voice.transcript()).not.toContain('The cart is empty');
  });

  it('says the collection number main gives, and where to go with it, after the receipt', async () => {
    const bridge: PageBridge = {
      getConfig: () => {
        throw new Error('the capabilities are given');
      },
      onStaffExitRequested: () => () => undefined,
      submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
      printReceipt: () => Promise.resolve({ ok: true }),
      // Main answers a moment after the thank-you, as over IPC.
      collectionNumber: () => new Promise((resolve) => setTimeout(() => resolve('C 27'), 20)),
    };
    useCartStore.getState().addToCart(ring, 1);
    await renderApp('/checkout', {
      capabilities: { ...KIOSK, bridge },
      KioskBehaviours: KioskWithCart,
    });
    await screen.findByRole('button', { name: 'Speech' });
    await turnSpeechOn();
    await userEvent.click(screen.getByRole('button', { name: 'Confirm Purchase !' }));
    const id = (await screen.findByText(/^Receipt-\d{13}-\d{1,3}$/)).textContent;
    await heard(`Thank you for your purchase! Your receipt is ${id}.`);
    await heard(
      'Your collection number is C 27. Go to the pickup counter and watch the board for C 27.',
    );
    // Asked again, the page's summary has it too, before the receipt.
    act(() => {
      pressRealKey('h');
    });
    await heard(
      `Thank you for your purchase! Your collection number is C 27. Go to the pickup counter and watch the board for C 27. When it shows as ready, your order is waiting for you. Your receipt is ${id}.`,
    );
  });

  it('says the spec’s errors', async () => {
    const { router } = await openKiosk('/products');
    await screen.findAllByRole('article');
    await turnSpeechOn();
    await router.navigate('/product/9');
    await heard('Error: Failed to fetch product');
    await router.navigate('/nowhere');
    await heard("Oh no, this route doesn't exist!");
  });

  it('stops at any key, says the last thing again with R or F1, and changes the volume', async () => {
    await openKiosk('/products');
    const card = (await screen.findAllByRole('article'))[0]!;
    await turnSpeechOn();
    const button = within(card).getByRole('button', { name: 'Add to Cart' });
    act(() => button.focus());
    await heard('Add to Cart, button');
    voice.synth.cancel.mockClear();
    voice.clear();
    act(() => {
      pressRealKey('Shift', button);
    });
    expect(voice.synth.cancel).toHaveBeenCalled();
    act(() => {
      expect(pressRealKey('r', button)).toBe(false);
    });
    await heard('Add to Cart, button');
    act(() => {
      pressRealKey('F1', button);
    });
    await waitFor(() =>
      expect(voice.said.filter((text) => text.endsWith('Add to Cart, button'))).toHaveLength(2),
    );
    act(() => {
      pressRealKey('+', button);
    });
    await heard('Volume 90 percent.');
    act(() => {
      pressRealKey('-', button);
      pressRealKey('-', button);
    });
    await heard('Volume 70 percent.');
    act(() => {
      pressRealKey('r', button);
    });
    await waitFor(() => expect(voice.volumes.at(-1)).toBeCloseTo(0.7));
  });

  it('speaks the on-screen keys from a keypad, and what each one types', async () => {
    await openKiosk('/products');
    await screen.findAllByRole('article');
    await turnSpeechOn();
    const search = screen.getByRole('searchbox');
    act(() => search.focus());
    await heard('Search products, search edit, blank');
    voice.clear();
    act(() => {
      pressRealKey('ArrowRight', search);
    });
    await heard('On-screen keyboard: arrows move across the keys, Enter types. 1');
    const keys = screen.getByRole('group', { name: 'On-screen keyboard' });
    const q = within(keys).getByRole('button', { name: /^q$/ });
    act(() => q.focus());
    await heard('q');
    voice.clear();
    await userEvent.click(q);
    await waitFor(() => expect(search).toHaveValue('q'));
    await waitFor(() => expect(voice.said).toContain('q'));
  });

  it('turns off with the Speech switch, and says so last', async () => {
    await openKiosk('/products');
    await screen.findAllByRole('article');
    await turnSpeechOn();
    await userEvent.click(speechSwitch());
    await heard('Speech off.');
    expect(speechSwitch()).toHaveAttribute('aria-pressed', 'false');
    const count = voice.said.length;
    act(() =>
      within(screen.getAllByRole('article')[0]!)
        .getByRole('button', { name: 'Add to Cart' })
        .focus(),
    );
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)));
    expect(voice.said).toHaveLength(count);
  });
});
