/**
 * Where the kiosk and the console connect in a cluster: the first broker drawn at random,
 * each retry drawn from the others, and a comma-separated list read as a person types it.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nodeName, pickBrokerUrl, splitBrokerList } from '../../../shared/fleet/broker-choice';

const NODES = ['mqtt://127.0.0.1:1', 'mqtt://127.0.0.1:2', 'mqtt://127.0.0.1:3'];

describe('picking a broker', () => {
  it('draws the first broker from the whole list by the random source', () => {
    expect(pickBrokerUrl(NODES, () => 0)).toBe(NODES[0]);
    expect(pickBrokerUrl(NODES, () => 0.5)).toBe(NODES[1]);
    expect(pickBrokerUrl(NODES, () => 0.999)).toBe(NODES[2]);
  });

  it('after a loss draws from the others, never the one it is leaving', () => {
    expect(pickBrokerUrl(NODES, () => 0, NODES[0])).toBe(NODES[1]);
    expect(pickBrokerUrl(NODES, () => 0.999, NODES[2])).toBe(NODES[1]);
    expect(pickBrokerUrl(NODES, () => 0.5, NODES[1])).toBe(NODES[2]);
  });

  it('skips brokers to avoid while another is left, and takes one of them when none is', () => {
    const crashed = new Set([NODES[0] ?? '']);
    expect(pickBrokerUrl(NODES, () => 0, NODES[1], crashed)).toBe(NODES[2]);
    expect(pickBrokerUrl(NODES, () => 0, undefined, crashed)).toBe(NODES[1]);
    const allDown = new Set(NODES);
    expect(pickBrokerUrl(NODES, () => 0, NODES[1], allDown)).toBe(NODES[0]);
  });

  it('keeps the only broker of a one-item list without drawing', () => {
    let draws = 0;
    const random = () => {
      draws += 1;
      return 0.5;
    };
    expect(pickBrokerUrl(['mqtt://127.0.0.1:1'], random)).toBe('mqtt://127.0.0.1:1');
    expect(pickBrokerUrl(['mqtt://127.0.0.1:1'], random, 'mqtt://127.0.0.1:1')).toBe(
      'mqtt://127.0.0.1:1',
    );
    expect(draws).toBe(0);
  });

  it('refuses an empty list', () => {
    expect(() => pickBrokerUrl([], () => 0)).toThrow('no broker');
  });

  it('spreads a fleet over the nodes', () => {
    let seed = 7;
    const random = () => {
      seed = (seed * 16_807) % 2_147_483_647;
      return seed / 2_147_483_647;
    };
    const counts = new Map<string, number>();
    for (let n = 0; n < 3000; n += 1) {
      const url = pickBrokerUrl(NODES, random);
      counts.set(url, (counts.get(url) ?? 0) + 1);
    }
    for (const url of NODES) expect(counts.get(url)).toBeGreaterThan(850);
  });

  it('always returns a member of the list, and another one when there is one, whatever the source gives', () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(fc.webUrl(), { minLength: 1, maxLength: 16 }),
        fc.oneof(fc.double(), fc.constant(1), fc.constant(-1), fc.constant(Number.NaN)),
        fc.nat(),
        (urls, drawn, leavingIndex) => {
          const leaving = urls[leavingIndex % urls.length]!;
          const picked = pickBrokerUrl(urls, () => drawn, leaving);
          expect(urls).toContain(picked);
          if (urls.length > 1) expect(picked).not.toBe(leaving);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('a typed broker list', () => {
  it('splits on commas, trims, drops empty items', () => {
    expect(splitBrokerList(' mqtt://a:1 ,mqtt://b:2,, ')).toEqual(['mqtt://a:1', 'mqtt://b:2']);
    expect(splitBrokerList('')).toEqual([]);
  });

  it('never yields an empty or padded item, whatever is typed', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: 200 }), (text) => {
        for (const item of splitBrokerList(text)) {
          expect(item).not.toBe('');
          expect(item).toBe(item.trim());
          expect(item).not.toContain(',');
        }
      }),
      { numRuns: 300 },
    );
  });
});

describe('nodeName', () => {
  it('is the scheme, host and port, in lower case, without a login or a path', () => {
    expect(nodeName('mqtt://127.0.0.1:4301')).toBe('mqtt://127.0.0.1:4301');
    expect(nodeName('MQTTS://kiosk:secret@Node-1.Chain.example:8883/path?q=1')).toBe(
      'mqtts://node-1.chain.example:8883',
    );
  });

  it('is null for what is not a URL with a host', () => {
    for (const text of ['', 'node-1', 'mqtt://', `mqtt://${'a'.repeat(400)}:1`]) {
      expect(nodeName(text)).toBeNull();
    }
  });
});
