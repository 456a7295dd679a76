// @vitest-environment node
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatMoney } from '@web-shared/lib/money';
import { formatCount } from '@web-shared/lib/count';

describe('money, counts and dates in each language', () => {
  it('writes English exactly as the shop always has, without an Intl formatter', async () => {
    const made = vi.spyOn(Intl, 'NumberFormat');
    vi.resetModules();
    const { formatPrice, formatDecimal } = await import('./formats');
    const { formatNumber } = await import('./count-format');
    for (const cents of [0, 5, 99, 100, 123456, -900, 10_000_000_00]) {
      expect(formatPrice('en', cents)).toBe(formatMoney(cents));
      expect(formatPrice('en-XA', cents)).toBe(formatMoney(cents));
    }
    expect(formatNumber('en', 12345)).toBe(formatCount(12345));
    expect(formatDecimal('en', 3.5)).toBe('3.5');
    expect(made).not.toHaveBeenCalled();
    made.mockRestore();
  });

  it('writes US dollars the way each language writes money', async () => {
    const { formatPrice } = await import('./formats');
    const usd = (language: string) =>
      new Intl.NumberFormat(language, { style: 'currency', currency: 'USD' }).format(1234.56);
    for (const language of ['es', 'fr', 'de', 'ar'] as const) {
      expect(formatPrice(language, 123456)).toBe(usd(language));
    }
    expect(formatPrice('de', 123456)).toMatch(/^1\.234,56\s\$$/);
  });
});

describe('formatIssued', () => {
  const RealFormat = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = RealFormat;
    vi.resetModules();
  });

  it('makes no Intl formatter when it loads, one per language on its first receipt', async () => {
    // The shop loads the checkout chunk while idle on every first visit; the page's first Intl
    // formatter costs tens of ms of main thread, so it waits for a receipt to show.
    const at = Date.UTC(2026, 10, 25, 14, 5);
    const expected = new RealFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }).format(
      new Date(at),
    );
    let made = 0;
    Intl.DateTimeFormat = function (...args: ConstructorParameters<typeof RealFormat>) {
      made += 1;
      return new RealFormat(...args);
    } as unknown as typeof Intl.DateTimeFormat;
    vi.resetModules();
    const { formatIssued } = await import('./formats');
    expect(made).toBe(0);

    expect(formatIssued('en', at)).toBe(expected);
    expect(formatIssued('en', at + 60_000)).not.toBe(expected);
    expect(made).toBe(1);
    const german = new RealFormat('de', { dateStyle: 'medium', timeStyle: 'short' });
    expect(formatIssued('de', at)).toBe(german.format(new Date(at)));
    expect(made).toBe(2);
  });
});
