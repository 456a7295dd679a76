/**
 * The hostile payloads of tests/support/fixtures/hostile-payloads.ts as what a reader of the
 * shop service's answers, or of the console's localStorage, is handed: parsed JSON (or
 * nothing, where the bytes were not JSON), grown from valid seeds by the same mutations.
 */
import type fc from 'fast-check';
import { hostilePayload } from '../../tests/support/fixtures/hostile-payloads';

const decoder = new TextDecoder();

export function hostileJson(seeds: readonly unknown[]): fc.Arbitrary<unknown> {
  return hostilePayload(seeds.map((seed) => JSON.stringify(seed))).map((bytes) => {
    try {
      return JSON.parse(decoder.decode(bytes)) as unknown;
    } catch {
      return undefined;
    }
  });
}
