/** Spec §2 /cart, §4 quantity and savings rules, §5 voucher rules, §9 constants. */
import type { Page } from '@playwright/test';
import {
  cardTitle,
  demoCatalogue,
  escapeRegExp,
  priciestProduct,
  productById,
  productsInCategory,
  suggestionDescription,
  type Product,
} from '../support/catalogue';
import { expect, served, test } from '../support/fixtures';
import {
  exactQuantities,
  formatCents,
  money,
  suggestionStruckPrice,
  totalsOfLines,
} from '../support/money';
import { cartJson, readStored, seedStorage } from '../support/storage';
import {
  cartLine,
  cartLines,
  decrease,
  expectCartCount,
  expectRow,
  increase,
  isStruck,
  main,
  orderSummary,
  quantityBox,
  struckPrice,
} from '../support/ui';

const VOUCHER_LABEL = 'Do you have a voucher or gift card?';

/** A known cart: product 1 and the most expensive product, quantities chosen for exact cents. */
function knownCart(): [Product, number][] {
  const products = [productById(1), priciestProduct()];
  const quantities = exactQuantities(products.map((p) => p.price));
  return products.map((p, i) => [p, quantities[i] ?? 1]);
}

async function openCart(
  page: Page,
  servedCatalogue: Product[],
  lines: [Product, number][],
  withProducts = true,
): Promise<void> {
  await seedStorage(page, {
    cart: cartJson(lines.map(([p, q]) => [served(servedCatalogue, p.id), q])),
    ...(withProducts ? { products: JSON.stringify(servedCatalogue) } : {}),
  });
  await page.goto('/cart');
  await expect(page.getByRole('heading', { level: 1, name: 'Shopping Cart' })).toBeVisible();
}

async function expectSummary(page: Page, lines: [Product, number][]): Promise<void> {
  const t = totalsOfLines(lines);
  const summary = orderSummary(page);
  await expectRow(summary, 'Original price', formatCents(t.subtotal));
  await expectRow(summary, 'Savings', formatCents(t.savings));
  await expectRow(summary, 'Store Pickup', 'FREE');
  await expectRow(summary, 'Tax', formatCents(t.tax));
  await expectRow(summary, 'Total', formatCents(t.total));
}

const voucherBox = (page: Page) => page.getByRole('textbox', { name: VOUCHER_LABEL });
const applyCode = (page: Page) => page.getByRole('button', { name: 'Apply Code', exact: true });

test.describe('cart', () => {
  test("an empty cart shows 'No items in cart' and a way back to products", async ({ page }) => {
    await page.goto('/cart');
    await expect(
      page.getByRole('heading', { name: 'No items in cart', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Shopping Cart' })).toHaveCount(0);
    await main(page).getByRole('link', { name: 'Continue Shopping' }).click();
    await expect(page).toHaveURL(/\/products$/);
  });

  test("a filled cart shows 'Shopping Cart' and one line per item", async ({
    page,
    servedCatalogue,
  }) => {
    const lines = knownCart();
    await openCart(page, servedCatalogue, lines);
    await expect(cartLines(page)).toHaveCount(lines.length);
    for (const [product, quantity] of lines) {
      const line = cartLine(page, product);
      await expect(
        line.getByRole('img', { name: product.title, exact: true, includeHidden: true }),
      ).toBeVisible();
      await expect(line.getByText(product.title, { exact: true })).toBeVisible();
      await expect(
        line.getByText(new RegExp(`^${escapeRegExp(product.category)}$`, 'i')).first(),
      ).toBeVisible();
      await expect(quantityBox(line)).toHaveValue(String(quantity));
      await expect(decrease(line)).toBeVisible();
      await expect(increase(line)).toBeVisible();
      await expect(line).toContainText(money(product.price * quantity));
      await expect(line.getByRole('button', { name: 'Remove' })).toBeVisible();
    }
  });

  test('order summary shows Original price, Savings, Store Pickup FREE, Tax and Total', async ({
    page,
    servedCatalogue,
  }) => {
    const lines = knownCart();
    await openCart(page, servedCatalogue, lines);
    await expectSummary(page, lines);
  });

  test('money uses thousands separators (the priciest product)', async ({
    page,
    servedCatalogue,
  }) => {
    const product = priciestProduct();
    const quantity = Math.max(
      exactQuantities([product.price])[0] ?? 1,
      Math.ceil(1000 / product.price),
    );
    const lines: [Product, number][] = [[product, quantity]];
    expect(product.price * quantity).toBeGreaterThanOrEqual(1000);
    await openCart(page, servedCatalogue, lines);
    await expect(cartLine(page, product)).toContainText(money(product.price * quantity));
    expect(money(product.price * quantity)).toMatch(/^\$\d{1,3}(,\d{3})+\.\d{2}$/);
    if ((Math.round(product.price * 100) * quantity) % 10 === 0) await expectSummary(page, lines);
  });

  test('plus and minus change a line quantity, its total and the summary', async ({
    page,
    servedCatalogue,
  }) => {
    const product = productById(1);
    const q = exactQuantities([product.price])[0] ?? 1;
    await openCart(page, servedCatalogue, [[product, q]]);
    const line = cartLine(page, product);
    for (let i = 0; i < q; i += 1) await increase(line).click();
    await expect(quantityBox(line)).toHaveValue(String(2 * q));
    await expect(line).toContainText(money(product.price * 2 * q));
    await expectSummary(page, [[product, 2 * q]]);
    await expectCartCount(page, 2 * q);
    for (let i = 0; i < q; i += 1) await decrease(line).click();
    await expect(quantityBox(line)).toHaveValue(String(q));
    await expectSummary(page, [[product, q]]);
  });

  test('minus never takes a line below 1', async ({ page, servedCatalogue }) => {
    const product = productById(2);
    await openCart(page, servedCatalogue, [[product, 2]]);
    const line = cartLine(page, product);
    await decrease(line).click();
    await decrease(line).click();
    await decrease(line).click();
    await expect(quantityBox(line)).toHaveValue('1');
    await expect(line).toContainText(money(product.price));
    await expectCartCount(page, 1);
  });

  test('a typed quantity keeps only digits and updates the line total', async ({
    page,
    servedCatalogue,
  }) => {
    const product = productById(1);
    await openCart(page, servedCatalogue, [[product, 1]]);
    const line = cartLine(page, product);
    await quantityBox(line).fill('');
    await quantityBox(line).pressSequentially('x1y0');
    await expect(quantityBox(line)).toHaveValue('10');
    await quantityBox(line).press('Enter');
    await expect(line).toContainText(money(product.price * 10));
    await expectSummary(page, [[product, 10]]);
    await expectCartCount(page, 10);
  });

  for (const typed of ['0', '']) {
    test(`a typed quantity '${typed}' becomes 1 on blur`, async ({ page, servedCatalogue }) => {
      const product = productById(1);
      await openCart(page, servedCatalogue, [[product, 4]]);
      const line = cartLine(page, product);
      await quantityBox(line).fill(typed);
      await quantityBox(line).blur();
      await expect(quantityBox(line)).toHaveValue('1');
      await expect(line).toContainText(money(product.price));
      await expectCartCount(page, 1);
    });
  }

  test('Remove deletes the line and updates the summary', async ({ page, servedCatalogue }) => {
    // Each line on its own has an exact 10% so the summary after removal is exact too.
    const lines: [Product, number][] = [productById(1), productById(3)].map((p) => [
      p,
      exactQuantities([p.price])[0] ?? 1,
    ]);
    await openCart(page, servedCatalogue, lines);
    const [first, second] = lines;
    await cartLine(page, first![0]).getByRole('button', { name: 'Remove' }).click();
    await expect(cartLine(page, first![0])).toHaveCount(0);
    await expect(cartLines(page)).toHaveCount(1);
    await expectSummary(page, [second!]);
    await expectCartCount(page, second![1]);
  });

  test('Remove pressed from the keyboard hands the focus on, never to the page', async ({
    page,
    servedCatalogue,
  }) => {
    const lines: [Product, number][] = [productById(1), productById(3)].map((p) => [p, 1]);
    await openCart(page, servedCatalogue, lines);
    const [first, second] = lines;
    await cartLine(page, first![0]).getByRole('button', { name: 'Remove' }).focus();
    await page.keyboard.press('Enter');
    await expect(cartLine(page, first![0])).toHaveCount(0);
    await expect(cartLine(page, second![0]).getByRole('button', { name: 'Remove' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(
      page.getByRole('heading', { level: 1, name: 'No items in cart', exact: true }),
    ).toBeFocused();
  });

  test('removing the last line empties the cart and zeroes the totals', async ({
    page,
    servedCatalogue,
  }) => {
    const product = productById(3);
    await openCart(page, servedCatalogue, [[product, 2]]);
    await cartLine(page, product).getByRole('button', { name: 'Remove' }).click();
    await expect(
      page.getByRole('heading', { name: 'No items in cart', exact: true }),
    ).toBeVisible();
    await expectCartCount(page, 0);
    await expect.poll(() => readStored(page, 'cart')).toEqual([]);
    await expect.poll(() => readStored(page, 'savings')).toBe(0);
    await expect.poll(() => readStored(page, 'totalPriceBeforeTax')).toBe(0);
  });

  test('savings and pre-tax subtotal are stored as numbers in dollars', async ({
    page,
    servedCatalogue,
  }) => {
    const lines = knownCart();
    const t = totalsOfLines(lines);
    await openCart(page, servedCatalogue, lines);
    // Line totals change (spec §4: savings are recomputed whenever line totals change).
    const line = cartLine(page, lines[0]![0]);
    await increase(line).click();
    await decrease(line).click();
    await expect(quantityBox(line)).toHaveValue(String(lines[0]![1]));
    await expect
      .poll(() => readStored(page, 'totalPriceBeforeTax'))
      .toBeCloseTo(t.subtotal / 100, 2);
    await expect.poll(() => readStored(page, 'savings')).toBeCloseTo(t.savings / 100, 2);
  });

  test("'Proceed to Checkout' goes to /checkout", async ({ page, servedCatalogue }) => {
    await openCart(page, servedCatalogue, knownCart());
    await page.getByRole('link', { name: 'Proceed to Checkout', exact: true }).click();
    await expect(page).toHaveURL(/\/checkout$/);
  });

  test("'Continue Shopping' goes to /products", async ({ page, servedCatalogue }) => {
    await openCart(page, servedCatalogue, knownCart());
    await main(page).getByRole('link', { name: 'Continue Shopping', exact: true }).click();
    await expect(page).toHaveURL(/\/products$/);
  });
});

test.describe('voucher', () => {
  test('the voucher form has its label, an Apply Code button and a hint with the codes', async ({
    page,
    servedCatalogue,
  }) => {
    await openCart(page, servedCatalogue, knownCart());
    await expect(voucherBox(page)).toBeVisible();
    await expect(applyCode(page)).toBeVisible();
    await expect(page.getByText(/SHOPMAX.*REACTESHOP.*ESHOP10/)).toBeVisible();
  });

  test('the voucher field is required', async ({ page, servedCatalogue }) => {
    const lines = knownCart();
    await openCart(page, servedCatalogue, lines);
    await expect(voucherBox(page)).toHaveJSProperty('required', true);
    await applyCode(page).click();
    expect(
      await voucherBox(page).evaluate((el: HTMLInputElement) => el.validity.valueMissing),
    ).toBe(true);
    await expectSummary(page, lines);
  });

  for (const code of ['SHOPMAX', 'REACTESHOP', 'ESHOP10']) {
    test(`valid code ${code} keeps savings at 10% and clears the field`, async ({
      page,
      servedCatalogue,
    }) => {
      const lines = knownCart();
      await openCart(page, servedCatalogue, lines);
      await voucherBox(page).fill(code);
      await applyCode(page).click();
      await expect(voucherBox(page)).toHaveValue('');
      await expect(page.getByRole('status').filter({ hasText: /Voucher.*applied/ })).toBeVisible();
      await expectSummary(page, lines);
    });
  }

  test('vouchers do not stack', async ({ page, servedCatalogue }) => {
    const lines = knownCart();
    await openCart(page, servedCatalogue, lines);
    for (const code of ['SHOPMAX', 'REACTESHOP', 'ESHOP10', 'SHOPMAX']) {
      await voucherBox(page).fill(code);
      await voucherBox(page).press('Enter');
      await expect(voucherBox(page)).toHaveValue('');
    }
    await expectSummary(page, lines);
    const t = totalsOfLines(lines);
    await expect.poll(() => readStored(page, 'savings')).toBeCloseTo(t.savings / 100, 2);
  });

  for (const code of ['shopmax', 'Shopmax', 'SHOPMAX ', 'BOGUS', 'ESHOP1']) {
    test(`code '${code}' is silently ignored (case-sensitive exact match)`, async ({
      page,
      servedCatalogue,
    }) => {
      const lines = knownCart();
      await openCart(page, servedCatalogue, lines);
      const textBefore = await main(page).innerText();
      await voucherBox(page).fill(code);
      await applyCode(page).click();
      await expect(voucherBox(page)).toHaveValue('');
      await expectSummary(page, lines);
      await expect(page.getByText(/Voucher.*applied/)).toHaveCount(0);
      await expect(page.getByRole('alert')).toHaveCount(0);
      expect(await main(page).innerText()).toBe(textBefore);
    });
  }
});

test.describe('people also bought', () => {
  test('shows up to 3 products not in the cart, same category as the first item first', async ({
    page,
    servedCatalogue,
  }) => {
    const first = productById(1);
    const sameCategory = productsInCategory(first.category).filter((p) => p.id !== first.id);
    await openCart(page, servedCatalogue, [[first, 1]]);
    await expect(
      page.getByRole('heading', { name: 'People also bought', exact: true }),
    ).toBeVisible();
    const suggestions = main(page).getByRole('article');
    await expect(suggestions).toHaveCount(3);
    const expectedTitles = sameCategory.map(cardTitle);
    for (const heading of await suggestions.getByRole('heading').allTextContents()) {
      expect(expectedTitles).toContain(heading.trim());
    }
  });

  test('fills up with other categories when the first item’s category runs out', async ({
    page,
    servedCatalogue,
  }) => {
    const category = productById(1).category;
    const inCategory = productsInCategory(category);
    const inCart = inCategory.slice(0, inCategory.length - 1);
    const leftover = inCategory[inCategory.length - 1]!;
    await openCart(
      page,
      servedCatalogue,
      inCart.map((p) => [p, 1]),
    );
    const suggestions = main(page).getByRole('article');
    await expect(suggestions).toHaveCount(3);
    const headings = (await suggestions.getByRole('heading').allTextContents()).map((h) =>
      h.trim(),
    );
    expect(headings[0]).toBe(cardTitle(leftover));
    const others = demoCatalogue()
      .filter((p) => p.category !== category)
      .map(cardTitle);
    expect(others).toContain(headings[1]);
    expect(others).toContain(headings[2]);
  });

  test('never suggests products already in the cart', async ({ page, servedCatalogue }) => {
    const all = demoCatalogue();
    const inCart = all.slice(0, all.length - 2);
    await openCart(
      page,
      servedCatalogue,
      inCart.map((p) => [p, 1]),
    );
    await expect(main(page).getByRole('article').getByRole('heading')).toHaveText(
      all.slice(all.length - 2).map(cardTitle),
      { ignoreCase: false },
    );
  });

  test('a suggestion shows the struck price x1.2 with cents and an 8-word description', async ({
    page,
    servedCatalogue,
  }) => {
    const first = productById(1);
    await openCart(page, servedCatalogue, [[first, 1]]);
    const suggestions = main(page).getByRole('article');
    await expect(suggestions).toHaveCount(3);
    for (const suggestion of await suggestions.all()) {
      const heading = (await suggestion.getByRole('heading').textContent())?.trim();
      const product = demoCatalogue().find((p) => cardTitle(p) === heading);
      expect(product, `suggestion '${heading}' is a catalogue product`).toBeDefined();
      const struck = struckPrice(suggestion, suggestionStruckPrice(product!.price));
      await expect(struck).toBeVisible();
      expect(await isStruck(struck)).toBe(true);
      await expect(suggestion.getByText(money(product!.price), { exact: true })).toBeVisible();
      await expect(
        suggestion.getByText(suggestionDescription(product!), { exact: true }),
      ).toBeVisible();
    }
  });

  test("a suggestion's 'Add to Cart' adds it to the cart", async ({ page, servedCatalogue }) => {
    await openCart(page, servedCatalogue, [[productById(1), 1]]);
    const suggestion = main(page).getByRole('article').first();
    const heading = (await suggestion.getByRole('heading').textContent())?.trim();
    const product = demoCatalogue().find((p) => cardTitle(p) === heading)!;
    await suggestion.getByRole('button', { name: 'Add to Cart', exact: true }).click();
    await expect(cartLine(page, product)).toBeVisible();
    await expectCartCount(page, 2);
  });
});
