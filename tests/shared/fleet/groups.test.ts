/**
 * Config targets are read from the network (inside a signed envelope, but read before the
 * signature is checked): the reader never throws, and a group id it returns can never
 * widen or leave a topic.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { groupTarget, isValidGroupId, parseConfigTarget } from '../../../shared/fleet/groups';
import { groupConfigTopic } from '../../../shared/fleet/topics';

describe('config targets', () => {
  it('reads the fleet, a region, a store and a kiosk', () => {
    expect(parseConfigTarget('all')).toEqual({ kind: 'fleet' });
    expect(parseConfigTarget('region:eu-west')).toEqual({ kind: 'region', id: 'eu-west' });
    expect(parseConfigTarget('store:lyon-1')).toEqual({ kind: 'store', id: 'lyon-1' });
    expect(parseConfigTarget('kiosk-7')).toEqual({ kind: 'kiosk', id: 'kiosk-7' });
  });

  it('reads nothing else', () => {
    for (const text of [
      '',
      'store:',
      'region:',
      'store:a/b',
      'store:#',
      'region:+',
      'shop:x',
      'ALL:x',
    ]) {
      expect(parseConfigTarget(text)).toBeNull();
    }
    expect(parseConfigTarget(`store:${'a'.repeat(65)}`)).toBeNull();
  });

  it('never throws, and every group it reads is a safe topic segment', () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.string({ maxLength: 80 }),
          fc.string({ maxLength: 70 }).map((id) => `store:${id}`),
          fc.string({ maxLength: 70 }).map((id) => `region:${id}`),
        ),
        (text) => {
          const target = parseConfigTarget(text);
          if (target === null || target.kind === 'fleet') return;
          expect(target.id).toMatch(/^[A-Za-z0-9_-]{1,64}$/);
          if (target.kind !== 'kiosk') {
            expect(groupConfigTopic('kiosk-shop', target.kind, target.id).split('/')).toHaveLength(
              5,
            );
          }
        },
      ),
      { numRuns: 500 },
    );
  });

  it('writes a group target and its topic, and refuses an id that is no group', () => {
    expect(groupTarget('store', 'lyon-1')).toBe('store:lyon-1');
    expect(groupConfigTopic('kiosk-shop', 'store', 'lyon-1')).toBe(
      'kiosk-shop/fleet/stores/lyon-1/config',
    );
    expect(groupConfigTopic('kiosk-shop', 'region', 'eu-west')).toBe(
      'kiosk-shop/fleet/regions/eu-west/config',
    );
    expect(() => groupTarget('store', 'a/b')).toThrow();
    expect(() => groupConfigTopic('kiosk-shop', 'region', '+')).toThrow();
    expect(isValidGroupId('Lyon 1')).toBe(false);
  });
});
