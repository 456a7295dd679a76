import { describe, expect, it } from 'vitest';
import { CATALOGUE_HOST, CATALOGUE_ORIGIN, crossOriginChromiumArgs } from './hosts';

const SPKI = 'n8eDUPvJhPlT5b2vAZo3R6RO+Ps8J0Td2ixEuRSu7Ts=';

describe('the cross-origin run’s Chromium switches', () => {
  it('calls the host both shops call as deployed', () => {
    expect(CATALOGUE_ORIGIN).toBe('https://fakestoreapi.com');
    expect(CATALOGUE_HOST).toBe('fakestoreapi.com');
  });

  it('maps each host to the local port and accepts the one key hash', () => {
    expect(crossOriginChromiumArgs(['fakestoreapi.com', 'img.example'], 4433, SPKI)).toEqual([
      '--host-resolver-rules=MAP fakestoreapi.com 127.0.0.1:4433, MAP img.example 127.0.0.1:4433',
      `--ignore-certificate-errors-spki-list=${SPKI}`,
    ]);
  });

  it('refuses what is not a port or a SHA-256 in base64', () => {
    expect(() => crossOriginChromiumArgs(['a.example'], 0, SPKI)).toThrow(/not a port/);
    expect(() => crossOriginChromiumArgs(['a.example'], 70_000, SPKI)).toThrow(/not a port/);
    expect(() => crossOriginChromiumArgs(['a.example'], 443, 'abc')).toThrow(/SHA-256/);
    expect(() => crossOriginChromiumArgs(['a.example'], 443, `${SPKI},other`)).toThrow(/SHA-256/);
  });
});
