// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { brokersWithin, parseBrokerList, sameBrokers } from './broker-list';

/** The rule on the settings' text, as a link or the presets give it. */
const within = (candidate: string, servedFor: string) =>
  brokersWithin(parseBrokerList(candidate), parseBrokerList(servedFor));

describe('the broker list', () => {
  it('reads a comma-separated setting as a person types it', () => {
    expect(parseBrokerList(' ws://a:1 ,, ws://b:2,')).toEqual(['ws://a:1', 'ws://b:2']);
    expect(parseBrokerList(' , ')).toEqual([]);
    expect(sameBrokers(parseBrokerList('ws://a:1,ws://b:2'), ['ws://a:1', 'ws://b:2'])).toBe(true);
    expect(sameBrokers(['ws://b:2', 'ws://a:1'], ['ws://a:1', 'ws://b:2'])).toBe(false);
  });

  it('only let a password go with brokers it was served for', () => {
    expect(within('ws://a:1', 'ws://a:1, ws://b:2')).toBe(true);
    expect(within(' ws://b:2 ,ws://a:1', 'ws://a:1,ws://b:2')).toBe(true);
    expect(within('ws://a:1,ws://c:3', 'ws://a:1,ws://b:2')).toBe(false);
    expect(within('', 'ws://a:1')).toBe(false);
    expect(within(',', '')).toBe(false);
    fc.assert(
      fc.property(fc.string({ maxLength: 80 }), fc.string({ maxLength: 80 }), (a, b) => {
        // Anything it lets through names only brokers that were served.
        if (brokersWithin(parseBrokerList(a), parseBrokerList(b))) {
          for (const url of a.split(',').map((item) => item.trim())) {
            if (url !== '') expect(b.split(',').map((item) => item.trim())).toContain(url);
          }
        }
      }),
      { numRuns: 300 },
    );
  });
});
