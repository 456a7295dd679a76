// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { ReadMessage } from '../protocol/read-message';
import { createRouteTable, route } from './message-routes';

const at = { retained: false, receivedAt: 1 };
const status: ReadMessage = { ...at, kind: 'status-cleared', kioskId: 'k1' };
const rollout: ReadMessage = { ...at, kind: 'rollout-cleared', rolloutId: 'r1' };
const ignored: ReadMessage = { ...at, kind: 'ignored' };

describe('the session’s message routes', () => {
  it('hands each route the messages of the kinds it names, in the broker’s order', () => {
    const taken: Record<string, string[]> = { kiosks: [], both: [], none: [] };
    const table = createRouteTable([
      route(['status-cleared'], (messages) =>
        taken.kiosks?.push(...messages.map((one) => one.kioskId)),
      ),
      route(['rollout-cleared', 'status-cleared'], (messages) =>
        taken.both?.push(...messages.map((one) => one.kind)),
      ),
      route(['config'], () => taken.none?.push('called')),
    ]);
    table.dispatch([rollout, status, ignored, { ...status, kioskId: 'k2' }]);
    expect(taken).toEqual({
      kiosks: ['k1', 'k2'],
      both: ['rollout-cleared', 'status-cleared', 'status-cleared'],
      // A route none of whose kinds came is not called with an empty batch.
      none: [],
    });
  });
});
