/**
 * The rules that keep a shopper and every secret out of a diagnostics bundle: a log line
 * about a cart or a receipt that holds a list or object goes whole; receipt ids and codes,
 * e-mail addresses and card-like numbers are masked wherever they stand; the config is shown
 * by an allow-list (secrets only as set or not, URLs without user info, query or tokens in
 * their path, a key not on the list hidden); a table of secret-bearing values never comes
 * out of any rule; and an ordinary line (epoch times, byte counts, a broker's URL) passes
 * untouched.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONFIG_KEYS } from '../../../shared/kiosk-config/config-keys';
import {
  CONFIG_DISPLAY,
  HIDDEN_VALUE,
  isSecretName,
  maskSecrets,
  maskShopperTokens,
  redactConfigValue,
  redactLogLine,
  redactText,
  redactUrl,
  REMOVED_LINE,
} from '../../../fleet-agent/diagnostics/diagnostics-redaction';
import { SECRET_BEARING } from '../../support/fixtures/secret-bearing';

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

  it('leaves ordinary lines alone, timestamps, sizes and a broker’s URL included', () => {
    const line =
      '[2026-11-23 10:00:00.000] [info] Fleet: online at mqtt://127.0.0.1:1883 (1795665301021 ms, 1234567 bytes)';
    expect(redactLogLine(line)).toBe(line);
    expect(redactLogLine('Printing: the receipt printer TM-T20 is ready')).toBe(
      'Printing: the receipt printer TM-T20 is ready',
    );
    expect(redactLogLine('Fleet: refused wss://broker.example:8884/mqtt (plain transport).')).toBe(
      'Fleet: refused wss://broker.example:8884/mqtt (plain transport).',
    );
  });

  it('masks a long number only when it passes the card checksum, a time that passes too', () => {
    expect(maskShopperTokens('at 1795665301021 and 1795665301028')).toBe(
      'at 1795665301021 and [number]',
    );
    expect(maskShopperTokens('card 4111111111111112')).toBe('card 4111111111111112');
  });

  it('shows a URL as its scheme, host and word-like path, marking what it leaves out', () => {
    expect(redactUrl('https://u:p@catalogue.example:8443/api/products?apikey=k#top')).toBe(
      'https://[credentials]@catalogue.example:8443/api/products?[query]#[fragment]',
    );
    expect(redactUrl('https://updates.example/kiosk-shop/versions/1.2.3/latest.yml')).toBe(
      'https://updates.example/kiosk-shop/versions/1.2.3/latest.yml',
    );
    expect(redactUrl('https://updates.example/feed/a1b2c3d4e5/win64/v2')).toBe(
      'https://updates.example/feed/[token]/win64/v2',
    );
    expect(redactUrl('mqtts://broker.example:8883')).toBe('mqtts://broker.example:8883');
    expect(redactUrl('https://exa mple')).toBe('[url]');
  });

  it('says only whether a secret is set, and shows the rest by the allow-list', () => {
    expect(redactConfigValue('fleet.password', 'hunter2')).toBe('[set]');
    expect(redactConfigValue('staffPin', '')).toBe('');
    expect(redactConfigValue('staffPinHash', 'scrypt$…')).toBe('[set]');
    expect(redactConfigValue('printerName', 'Receipt-1-2')).toBe('Receipt-[redacted]');
    expect(redactConfigValue('idleTimeoutSeconds', 60)).toBe(60);
    expect(redactConfigValue('catalogueUrl', 'https://catalogue.example/api?apikey=k')).toBe(
      'https://catalogue.example/api?[query]',
    );
    expect(
      redactConfigValue('fleet.brokerUrls', ['mqtts://a.example:8883', 'mqtts://u:p@b.example']),
    ).toEqual(['mqtts://a.example:8883', 'mqtts://[credentials]@b.example']);
    expect(redactConfigValue('fleet.configPublicKey', 'fa4Dw6CzM9N-AiyeqjZCmJ3E2TlZm_hdYfr')).toBe(
      'fa4Dw6CzM9N-AiyeqjZCmJ3E2TlZm_hdYfr',
    );
    expect(maskShopperTokens('no tokens here')).toBe('no tokens here');
  });

  it('hides a key the allow-list does not name, whatever it holds', () => {
    expect(redactConfigValue('someNewSecret', 'hunter2')).toBe(HIDDEN_VALUE);
    expect(redactConfigValue('__proto__', { a: 1 })).toBe(HIDDEN_VALUE);
    expect(redactConfigValue('toString', 'x')).toBe(HIDDEN_VALUE);
  });

  it('names every key of the kiosk’s config, and only those', () => {
    expect(Object.keys(CONFIG_DISPLAY).sort()).toEqual(Object.keys(CONFIG_KEYS).sort());
  });

  it('knows the names secrets are kept under, and not the words that only look alike', () => {
    for (const name of ['password', 'fleet.password', 'staffPin', 'api_key', 'clientSecret']) {
      expect(isSecretName(name), name).toBe(true);
    }
    for (const name of ['shipping', 'pinVersion', 'tokens', 'Fleet', 'keyboard', 'sessions']) {
      expect(isSecretName(name), name).toBe(false);
    }
  });

  describe.each(SECRET_BEARING)('$what', ({ text, secret }) => {
    it('never comes out of a log line, free text or the final pass', () => {
      expect(redactLogLine(`[warn] ${text}`)).not.toContain(secret);
      expect(redactText(text)).not.toContain(secret);
      expect(redactLogLine(JSON.stringify({ message: text }))).not.toContain(secret);
    });

    it('never comes out of a config value, whatever the key shows it as', () => {
      for (const key of ['catalogueUrl', 'update.feedUrl', 'printerName', 'fleet.ca', 'nope']) {
        expect(JSON.stringify(redactConfigValue(key, text)), key).not.toContain(secret);
      }
    });
  });

  it('masks a secret put anywhere in a URL or a line, and never throws', () => {
    const secretText = fc.stringMatching(/^[A-Za-z0-9]{8,24}$/);
    const place = fc.constantFrom(
      (s: string) => `https://user:${s}@host.example/api`,
      (s: string) => `https://host.example/api?key=${s}`,
      (s: string) => `https://host.example/api#${s}`,
      (s: string) => `password=${s}`,
      (s: string) => `{"apiKey":"${s}"}`,
      (s: string) => `Bearer ${s}`,
    );
    fc.assert(
      fc.property(secretText, place, fc.string({ maxLength: 40 }), (secret, put, noise) => {
        fc.pre(/\d/.test(secret) && /[a-z]/i.test(secret));
        const line = `${noise} ${put(secret)} ${noise}`;
        expect(redactLogLine(line)).not.toContain(secret);
      }),
      { numRuns: 400 },
    );
    fc.assert(
      fc.property(fc.string({ maxLength: 2000 }), fc.anything(), (text, value) => {
        expect(typeof redactLogLine(text)).toBe('string');
        expect(typeof maskSecrets(text)).toBe('string');
        redactUrl(text);
        for (const key of Object.keys(CONFIG_DISPLAY)) redactConfigValue(key, value);
      }),
      { numRuns: 300 },
    );
  });
});
