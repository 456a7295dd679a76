// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlineStatus } from '../../tests/support/fixtures/kiosk-status';
import { readStatus } from './status-view';

/** A group as a status may name it: 1–64 characters, no control characters. */
const isGroupText = (value: unknown): boolean =>
  typeof value === 'string' && value.length >= 1 && value.length <= 64 && !/\p{Cc}/u.test(value);

describe('reading a kiosk status', () => {
  it('reads the groups an offline status (a Last Will) names, and none from an older kiosk', () => {
    expect(readStatus({ state: 'offline', store: 'lyon-1', region: 'eu-west' })).toEqual({
      state: 'offline',
      store: 'lyon-1',
      region: 'eu-west',
      lostAt: null,
      reportedAt: null,
      nodeLost: null,
    });
    expect(readStatus({ state: 'offline' })).toEqual({
      state: 'offline',
      store: null,
      region: null,
      lostAt: null,
      reportedAt: null,
      nodeLost: null,
    });
    expect(readStatus({ ...onlineStatus(), store: 'lyon-1' })).toMatchObject({
      state: 'online',
      store: 'lyon-1',
      region: null,
    });
  });

  it('reads a kiosk’s own report of a lost link: when it was lost and when it was said', () => {
    expect(
      readStatus({
        state: 'offline',
        store: 'lyon-1',
        lostAt: '2026-11-23T09:12:03.000Z',
        reportedAt: '2026-11-23T09:12:04.300Z',
      }),
    ).toEqual({
      state: 'offline',
      store: 'lyon-1',
      region: null,
      lostAt: Date.parse('2026-11-23T09:12:03.000Z'),
      reportedAt: Date.parse('2026-11-23T09:12:04.300Z'),
      nodeLost: null,
    });
    expect(readStatus({ state: 'offline', lostAt: 'a while ago' })).toBeNull();
  });

  it('reads the node a kiosk on a cluster is on, and the node the will keeper says it lost', () => {
    const node = 'mqtts://node-2.chain.example:8883';
    expect(readStatus({ ...onlineStatus(), node })).toMatchObject({ state: 'online', node });
    expect(readStatus(onlineStatus())).toMatchObject({ node: null });
    expect(readStatus({ state: 'offline', nodeLost: node })).toMatchObject({
      state: 'offline',
      nodeLost: node,
      lostAt: null,
    });
    expect(readStatus({ state: 'offline', nodeLost: '' })).toBeNull();
    expect(readStatus({ ...onlineStatus(), node: 'x'.repeat(301) })).toBeNull();
  });

  it('refuses an offline status with anything more, or a group that is not one', () => {
    expect(readStatus({ state: 'offline', version: '1.0.0' })).toBeNull();
    expect(readStatus({ state: 'offline', store: '' })).toBeNull();
    expect(readStatus({ state: 'offline', store: 'a\nb' })).toBeNull();
    expect(readStatus({ state: 'offline', region: 'x'.repeat(65) })).toBeNull();
    expect(readStatus({ state: 'offline', store: 7 })).toBeNull();
  });

  it('never throws on what a broker delivers, and names only groups that pass', () => {
    const group = fc.oneof(
      fc.string({ maxLength: 80 }),
      fc.constantFrom('lyon-1', '', '\u0000', 'x'.repeat(65)),
      fc.integer(),
      fc.constant(null),
    );
    fc.assert(
      fc.property(
        fc.record(
          {
            state: fc.constantFrom('offline', 'online', 'asleep', 'away'),
            store: group,
            region: group,
            extra: fc.jsonValue({ maxDepth: 2 }),
          },
          { requiredKeys: ['state'] },
        ),
        (value) => {
          const read = readStatus(value);
          if (read === null) return;
          expect(read.store === null || isGroupText(read.store)).toBe(true);
          expect(read.region === null || isGroupText(read.region)).toBe(true);
          if (read.state === 'offline') {
            expect(read.store).toBe('store' in value ? value.store : null);
            expect(read.region).toBe('region' in value ? value.region : null);
          }
        },
      ),
      { numRuns: 500 },
    );
  });
});
