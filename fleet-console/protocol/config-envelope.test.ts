import { describe, expect, it } from 'vitest';
import { readConfigFile } from './config-envelope';

const SIGNATURE = 'S'.repeat(86);
const file = (value: unknown) => readConfigFile(JSON.stringify(value));

describe('a config file before it is published', () => {
  it('accepts a well-formed envelope', () => {
    const result = file({
      config: { version: 2, target: 'all', idleTimeoutSeconds: 60 },
      signature: SIGNATURE,
    });
    expect(result).toEqual({
      ok: true,
      envelope: {
        config: { version: 2, target: 'all', idleTimeoutSeconds: 60 },
        signature: SIGNATURE,
      },
    });
  });

  it.each([
    ['not JSON', '{', /not valid JSON/],
    ['an array', '[]', /not a JSON object/],
    [
      'no signature',
      JSON.stringify({ config: { version: 1, target: 'all' } }),
      /"signature" is missing/,
    ],
    [
      'a short signature',
      JSON.stringify({ config: { version: 1, target: 'all' }, signature: 'abc' }),
      /"signature"/,
    ],
    [
      'an extra field',
      JSON.stringify({ config: { version: 1, target: 'all' }, signature: SIGNATURE, by: 'me' }),
      /unexpected field "by"/,
    ],
    [
      'version 0',
      JSON.stringify({ config: { version: 0, target: 'all' }, signature: SIGNATURE }),
      /"config.version"/,
    ],
    [
      'a wildcard target',
      JSON.stringify({ config: { version: 1, target: '+' }, signature: SIGNATURE }),
      /"config.target"/,
    ],
  ])('refuses %s, saying why', (_name, text, reason) => {
    const result = readConfigFile(text);
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.reason).toMatch(reason);
  });
});
