import { afterEach, describe, expect, it, vi } from 'vitest';
import type { Receipt } from '../receipt';

const receipt = (issuedAt: number): Receipt => ({
  id: `Receipt-${issuedAt}-7`,
  issuedAt,
  lines: [],
  subtotal: 0,
  savings: 0,
  tax: 0,
  total: 0,
});

describe('formatIssued', () => {
  const RealFormat = Intl.DateTimeFormat;
  afterEach(() => {
    Intl.DateTimeFormat = RealFormat;
    vi.resetModules();
  });

  it('makes no Intl formatter when the checkout chunk loads, one on the first receipt', async () => {
    // The shop loads this chunk while idle on every first visit; the page's first Intl
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
    const { formatIssued } = await import('./receipt-card');
    expect(made).toBe(0);

    expect(formatIssued(receipt(at))).toBe(expected);
    expect(formatIssued(receipt(at + 60_000))).not.toBe(expected);
    expect(made).toBe(1);
  });
});
