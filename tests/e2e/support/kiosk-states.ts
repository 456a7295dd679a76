/**
 * The kiosk renderer's screens and states, as a shopper at the counter reaches them by
 * touch (the memory router has no URL to type). Shared by the kiosk axe scans and the
 * kiosk screenshots, so both look at the same screens.
 */
import type { Page } from '@playwright/test';
import type { Product } from './catalogue';
import { expect } from './fixtures';
import {
  accessibilityButton,
  attractScreen,
  idlePrompt,
  installBridge,
  keyboard,
  openKiosk,
  playStaffExit,
  runClockUntilShown,
  typeOnKeyboard,
} from './kiosk';
import { cartJson, seedStorage } from './storage';
import { cards, header, searchBox } from './ui';

export interface KioskState {
  name: string;
  setup: (page: Page, catalogue: Product[]) => Promise<void>;
}

const filled = (catalogue: Product[]) =>
  cartJson([
    [catalogue[0]!, 2],
    [catalogue[13]!, 1],
  ]);

/** A header link, or on a narrow screen the same link in the menu. */
async function nav(page: Page, name: string): Promise<void> {
  const link = header(page).getByRole('link', { name, exact: true });
  if (await link.isVisible()) {
    await link.click();
    return;
  }
  await header(page).getByRole('button', { name: 'Open menu' }).click();
  await page.getByRole('dialog', { name: 'Menu' }).getByRole('link', { name, exact: true }).click();
}

async function toCart(page: Page, catalogue: Product[]): Promise<void> {
  await seedStorage(page, { cart: filled(catalogue) });
  await openKiosk(page);
  await header(page)
    .getByRole('link', { name: /^Cart, / })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
}

async function toReceipt(page: Page, catalogue: Product[]): Promise<void> {
  await toCart(page, catalogue);
  await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
  await page.getByRole('button', { name: 'Confirm Purchase !' }).click();
  await expect(page.getByRole('region', { name: 'Your receipt' })).toBeVisible();
}

async function accessibilityOn(page: Page): Promise<void> {
  await accessibilityButton(page).click();
  await expect(accessibilityButton(page)).toHaveAttribute('aria-pressed', 'true');
}

export const KIOSK_STATES: KioskState[] = [
  { name: 'home', setup: (page) => openKiosk(page) },
  {
    name: 'about',
    setup: async (page) => {
      await openKiosk(page);
      await nav(page, 'About');
      await expect(page.getByRole('heading', { name: 'Secure Shopping' })).toBeVisible();
    },
  },
  {
    name: 'products',
    setup: async (page) => {
      await openKiosk(page);
      await nav(page, 'Products');
      await expect(cards(page)).toHaveCount(6);
    },
  },
  {
    name: 'keyboard open',
    setup: async (page) => {
      await openKiosk(page);
      await nav(page, 'Products');
      await searchBox(page).click();
      await typeOnKeyboard(page, 'shirt');
      await expect(keyboard(page)).toBeVisible();
    },
  },
  {
    name: 'product',
    setup: async (page) => {
      await openKiosk(page);
      await nav(page, 'Products');
      await cards(page).first().getByRole('heading').getByRole('link').click();
      await expect(page.getByRole('button', { name: 'Add to cart', exact: true })).toBeVisible();
    },
  },
  {
    name: 'numeric keyboard open',
    setup: async (page, catalogue) => {
      await toCart(page, catalogue);
      await page.getByRole('textbox', { name: 'Quantity' }).first().click();
      await expect(keyboard(page).getByRole('button', { name: 'Done' })).toBeVisible();
    },
  },
  { name: 'cart', setup: toCart },
  {
    name: 'checkout',
    setup: async (page, catalogue) => {
      await toCart(page, catalogue);
      await page.getByRole('link', { name: 'Proceed to Checkout' }).click();
      await expect(page.getByRole('button', { name: 'Confirm Purchase !' })).toBeVisible();
    },
  },
  { name: 'receipt', setup: toReceipt },
  {
    name: 'idle prompt',
    setup: async (page, catalogue) => {
      // 5 s, not 1: on a slow machine the steps to the cart took over a second, the prompt
      // came up first and took the tap meant for the Cart link. The page's clock still
      // flows while they run; it is run on only once they are done.
      await installBridge(page, { config: { idleTimeoutSeconds: 5, idleCountdownSeconds: 60 } });
      await page.clock.install();
      await toCart(page, catalogue);
      await runClockUntilShown(page, idlePrompt(page));
    },
  },
  {
    name: 'attract screen',
    setup: async (page) => {
      await installBridge(page, { config: { idleTimeoutSeconds: 1, idleCountdownSeconds: 5 } });
      await page.clock.install();
      await openKiosk(page);
      await runClockUntilShown(page, attractScreen(page));
    },
  },
  {
    name: 'staff exit',
    setup: async (page) => {
      await installBridge(page);
      await openKiosk(page);
      await playStaffExit(page);
      await expect(page.getByRole('dialog', { name: 'Staff exit' })).toBeVisible();
    },
  },
  {
    name: 'accessibility mode home',
    setup: async (page) => {
      await openKiosk(page);
      await accessibilityOn(page);
    },
  },
  {
    name: 'accessibility mode products',
    setup: async (page) => {
      await openKiosk(page);
      await accessibilityOn(page);
      await nav(page, 'Products');
      await expect(cards(page)).toHaveCount(6);
    },
  },
  {
    name: 'speech and accessibility mode on',
    setup: async (page) => {
      await openKiosk(page);
      await accessibilityOn(page);
      const speech = page.getByRole('button', { name: 'Speech', exact: true });
      await speech.click();
      await expect(speech).toHaveAttribute('aria-pressed', 'true');
      await nav(page, 'Products');
      await expect(cards(page)).toHaveCount(6);
    },
  },
  {
    name: 'accessibility mode cart',
    setup: async (page, catalogue) => {
      await toCart(page, catalogue);
      await accessibilityOn(page);
    },
  },
  {
    name: 'accessibility mode receipt',
    setup: async (page, catalogue) => {
      await toReceipt(page, catalogue);
      await accessibilityOn(page);
    },
  },
];
