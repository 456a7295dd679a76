// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { onlineStatus } from '../../tests/support/fixtures/kiosk-status';
import { createFleetViewer } from './fleet-viewer';
import { readMessages } from '../protocol/read-message';
import { health, message, online, PREFIX } from '../test/messages';
import { createViewPoster } from './view-poster';

/** Timers the test runs by hand: each is [ms, run]. */
function handTimers() {
  const timers: { ms: number; run: () => void; cancelled: boolean }[] = [];
  const clocks: (() => void)[] = [];
  return {
    timers,
    clocks,
    setTimer: (run: () => void, ms: number) => {
      const timer = { ms, run, cancelled: false };
      timers.push(timer);
      return () => {
        timer.cancelled = true;
      };
    },
    setClock: (run: () => void) => {
      clocks.push(run);
      return () => undefined;
    },
    /** Runs the timers due, in order. */
    runDue() {
      for (const timer of timers.splice(0)) if (!timer.cancelled) timer.run();
    },
  };
}

describe('the view poster', () => {
  it('posts a view a frame after kiosk messages, and once for several rounds', () => {
    const hand = handTimers();
    const posted: unknown[] = [];
    const poster = createViewPoster({ post: (view) => posted.push(view), ...hand });
    poster.fold(readMessages(PREFIX, [online('k1')]));
    poster.fold(readMessages(PREFIX, [health('k1')]));
    expect(hand.timers.filter((timer) => !timer.cancelled).map((timer) => timer.ms)).toEqual([16]);
    hand.runDue();
    expect(posted).toHaveLength(1);
    expect(posted[0]).toMatchObject({ summary: { total: 1, online: 1 } });
    expect((posted[0] as { kiosks: { id: string }[] }).kiosks.map((kiosk) => kiosk.id)).toEqual([
      'k1',
    ]);
  });

  it('posts nothing for messages the page keeps, and in the same task when asked for another view', () => {
    const hand = handTimers();
    const posted: { groupRows?: readonly { group: string }[] }[] = [];
    const poster = createViewPoster({ post: (view) => posted.push(view), ...hand });
    poster.fold(readMessages(PREFIX, [message('fleet/config', '')]));
    expect(hand.timers).toHaveLength(0);
    const lyon = { ...onlineStatus(), store: 'lyon-1', region: 'eu-west' };
    poster.certify({ certified: [['k1', { store: 'lyon-1', region: 'eu-west', serial: 's-1' }]] });
    poster.fold(readMessages(PREFIX, [message('kiosks/k1/status', lyon)]));
    hand.runDue();
    expect(posted).toHaveLength(1);
    poster.ask({ groupKind: 'store' });
    // Answered in the same task, with the rollups by store.
    expect(posted).toHaveLength(2);
    expect(posted[1]?.groupRows?.map((row) => row.group)).toEqual(['lyon-1']);
  });

  it('waits longer between views as the fleet grows, up to five a second', () => {
    const hand = handTimers();
    const poster = createViewPoster({ post: () => undefined, ...hand });
    const fleet = Array.from({ length: 20_000 }, (_, n) => online(`k${n}`));
    poster.fold(readMessages(PREFIX, fleet));
    // The fleet itself is posted a few hundred kiosks at a time, a frame apart.
    while (hand.timers.length > 0) hand.runDue();
    poster.fold(readMessages(PREFIX, [health('k1')]));
    expect(hand.timers.map((timer) => timer.ms)).toEqual([200]);
    // Folding 20,000 kiosks takes a second or two alone, and more beside other suites.
  }, 20_000);

  it('posts the rest of a fleet arriving a frame apart', () => {
    const hand = handTimers();
    const posted: { kiosks?: unknown[] }[] = [];
    const poster = createViewPoster({ post: (view) => posted.push(view), ...hand });
    const fleet = Array.from({ length: 1000 }, (_, n) => online(`k${n}`));
    poster.fold(readMessages(PREFIX, fleet));
    hand.runDue();
    expect(hand.timers.map((timer) => timer.ms)).toEqual([16]);
    hand.runDue();
    hand.runDue();
    expect(posted.map((view) => view.kiosks?.length)).toEqual([400, 400, 200]);
    expect(hand.timers).toHaveLength(0);
  });

  it('looks at the alerts again with each tick of their clock, with no message', () => {
    const hand = handTimers();
    let now = Date.parse('2026-11-23T10:00:00.000Z');
    const posted: { alerts?: readonly { kind: string }[] }[] = [];
    const poster = createViewPoster({
      post: (view) => posted.push(view),
      ...hand,
      viewer: createFleetViewer(() => now),
    });
    poster.fold(
      readMessages(PREFIX, [
        message('kiosks/k1/status', '{"state":"offline"}', { receivedAt: now }),
      ]),
    );
    hand.runDue();
    expect(posted).toHaveLength(1);
    expect(posted[0]?.alerts).toBeUndefined();
    now += 10 * 60_000;
    hand.clocks[0]?.();
    expect(hand.timers.map((timer) => timer.ms)).toEqual([0]);
    hand.runDue();
    expect(posted[1]?.alerts?.map((alert) => alert.kind)).toEqual(['offline']);
  });
});
