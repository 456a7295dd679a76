/**
 * The rules that keep a shopper out of a diagnostics bundle: a log line about a cart or a
 * receipt that holds a list or object goes whole; receipt ids and codes, e-mail addresses
 * and card-like numbers are masked wherever they stand; the kiosk's secrets read only as
 * set or not; and an ordinary line (epoch times, byte counts) passes untouched.
 */
import { describe, expect, it } from 'vitest';
import {
  maskShopperTokens,
  redactConfigValue,
  redactLogLine,
  REMOVED_LINE,
} from '../../../fleet-agent/diagnostics/diagnostics-redaction';

describe('diagnostics redaction', () => {
  it.each([
    '[info] cart: [{"id":1,"quantity":2}]',
    '[info] Basket restored {"lines":3}',
    '[warn] receipt {"id":"x","total":"$9.99"}',
    '[info] order [1,2,3] confirmed',
  ])('removes a line about a purchase with its contents: %s', (line) => {
    expect(redactLogLine(line)).toBe(REMOVED_LINE);
  });

  it('masks shopper tokens and keeps the rest of the line', () => {
    expect(
      redactLogLine(
        'printed Receipt-1795665301021-42 (KSR1.abc.def) for a@b.example, card 4111-1111-1111-1111',
      ),
    ).toBe('printed Receipt-[redacted] (KSR1.[redacted]) for [e-mail], card [number]');
  });

  it('leaves ordinary lines alone, timestamps and sizes included', () => {
    const line =
      '[2026-11-23 10:00:00.000] [info] Fleet: online at mqtt://127.0.0.1:1883 (1795665301021 ms, 1234567 bytes)';
    expect(redactLogLine(line)).toBe(line);
    expect(redactLogLine('Printing: the receipt printer TM-T20 is ready')).toBe(
      'Printing: the receipt printer TM-T20 is ready',
    );
  });

  it('masks a long number only when it passes the card checksum, a time that passes too', () => {
    expect(maskShopperTokens('at 1795665301021 and 1795665301028')).toBe(
      'at 1795665301021 and [number]',
    );
    expect(maskShopperTokens('card 4111111111111112')).toBe('card 4111111111111112');
  });

  it('says only whether a secret is set, and masks text values', () => {
    expect(redactConfigValue('fleet.password', 'hunter2')).toBe('[set]');
    expect(redactConfigValue('staffPin', '')).toBe('');
    expect(redactConfigValue('staffPinHash', 'scrypt$…')).toBe('[set]');
    expect(redactConfigValue('printerName', 'Receipt-1-2')).toBe('Receipt-[redacted]');
    expect(redactConfigValue('idleTimeoutSeconds', 60)).toBe(60);
    expect(maskShopperTokens('no tokens here')).toBe('no tokens here');
  });
});
