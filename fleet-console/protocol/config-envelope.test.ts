// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { readConfigEnvelope, readConfigFile } from './config-envelope';

const SIGNATURE = 'S'.repeat(86);
const BOUND = { prefix: 'kiosk-shop', notAfter: '2026-12-31T23:59:00.000Z' };
const file = (value: unknown) => readConfigFile(JSON.stringify(value));

describe('a config file before it is published', () => {
  it('accepts a well-formed envelope', () => {
    const result = file({
      config: { version: 2, target: 'all', ...BOUND, idleTimeoutSeconds: 60 },
      signature: SIGNATURE,
    });
    expect(result).toEqual({
      ok: true,
      envelope: {
        config: { version: 2, target: 'all', ...BOUND, idleTimeoutSeconds: 60 },
        signature: SIGNATURE,
      },
    });
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['an array', '[]', /not a JSON object/],
    [
      'no signature',
      JSON.stringify({ config: { version: 1, target: 'all', ...BOUND } }),
      /"signature" is missing/,
    ],
    [
      'a short signature',
      JSON.stringify({ config: { version: 1, target: 'all', ...BOUND }, signature: 'abc' }),
      /"signature"/,
    ],
    [
      'an extra field',
      JSON.stringify({
        config: { version: 1, target: 'all', ...BOUND },
        signature: SIGNATURE,
        by: 'me',
      }),
      /unexpected field "by"/,
    ],
    [
      'version 0',
      JSON.stringify({ config: { version: 0, target: 'all', ...BOUND }, signature: SIGNATURE }),
      /"config.version"/,
    ],
    [
      'a wildcard target',
      JSON.stringify({ config: { version: 1, target: '+', ...BOUND }, signature: SIGNATURE }),
      /"config.target"/,
    ],
    [
      'no prefix',
      JSON.stringify({
        config: { version: 1, target: 'all', notAfter: BOUND.notAfter },
        signature: SIGNATURE,
      }),
      /"config.prefix" is missing/,
    ],
    [
      'no notAfter',
      JSON.stringify({ config: { version: 1, target: 'all', prefix: 'p' }, signature: SIGNATURE }),
      /"config.notAfter" is missing/,
    ],
    [
      'a tombstone that sets keys',
      JSON.stringify({
        config: { version: 1, target: 'all', ...BOUND, tombstone: true, printerName: 'x' },
        signature: SIGNATURE,
      }),
      /"config.tombstone" a tombstone sets no keys/,
    ],
  ])('refuses %s, saying why', (_name, text, reason) => {
    const result = readConfigFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});

describe('the config envelope reader, on what a broker or a file holds', () => {
  it('never throws, whatever the text or value, and answers ok or a reason', () => {
    const text = fc.oneof(
      fc.string({ maxLength: 400 }),
      fc.jsonValue({ maxDepth: 4 }).map((value) => JSON.stringify(value)),
      fc.constantFrom(
        `{"config":{"version":1e400,"target":"all","x":1e400},"signature":"${SIGNATURE}"}`,
        '{"__proto__":{"x":1},"config":{},"signature":""}',
      ),
    );
    fc.assert(
      fc.property(text, (input) => {
        const result = readConfigFile(input);
        if (!result.ok) expect(result.reason.length).toBeGreaterThan(0);
      }),
      { numRuns: 300 },
    );
    fc.assert(
      fc.property(fc.anything({ maxDepth: 3 }), (value) => {
        expect(() => readConfigEnvelope(value)).not.toThrow();
      }),
      { numRuns: 300 },
    );
  });
});
