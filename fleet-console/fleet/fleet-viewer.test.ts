// @vitest-environment node
/**
 * The page keeps what the worker's viewer posts, taken in change by change. Whatever the
 * messages and requests, its kiosks and view must be what working it all out afresh from
 * every message gives.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { onlineStatus } from '../../tests/support/fixtures/kiosk-status';
import { health, message, offline, online, PREFIX } from '../test/messages';
import { fleetAlerts } from './alerts';
import { applyMessages, emptyFleet, type KioskState } from './fleet-state';
import type { CertifiedGroups } from '@shared/fleet/trust/certified-groups';
import { MAX_FLEET_KIOSKS } from '@shared/fleet/kiosk-bound';
import {
  ALERT_CLOCK_MS,
  applyKiosks,
  createFleetViewer,
  EMPTY_VIEW,
  FIRST_REQUEST,
  isKioskMessage,
  KIOSKS_PER_POST,
  type CertifiedChange,
  type FleetView,
  type FleetViewRequest,
} from './fleet-viewer';
import { groupNames, rollupByGroup } from './group-rollup';
import { summarise } from './kiosk-list';
import { readMessages, type FleetMessage } from '../protocol/read-message';

const NOW = Date.parse('2026-11-23T10:30:00.000Z');
const ids = Array.from({ length: 9 }, (_, n) => `k-${n}`);

const kioskMessage: fc.Arbitrary<FleetMessage> = fc.oneof(
  fc.constantFrom(...ids).map((id) => online(id)),
  fc.constantFrom(...ids).map((id) => offline(id, { receivedAt: NOW - 10 * 60_000 })),
  fc
    .tuple(fc.constantFrom(...ids), fc.integer({ min: 100, max: 900 }), fc.boolean())
    .map(([id, memoryMB, printerAvailable]) => health(id, { memoryMB, printerAvailable })),
  fc.constantFrom(...ids).map((id) => message(`kiosks/${id}/status`, '')),
  fc.constantFrom(...ids).map((id) => message(`kiosks/${id}/health`, '{"not":"health"}')),
);

const request: fc.Arbitrary<FleetViewRequest> = fc.record({
  groupKind: fc.constantFrom('region' as const, 'store' as const),
});

/** The page's word on a few kiosks' certificates: their groups now, or none. */
const certification: fc.Arbitrary<CertifiedChange> = fc
  .array(
    fc.tuple(
      fc.constantFrom(...ids),
      fc.option(
        fc.record({
          store: fc.constantFrom('lyon-1', 'paris-9', null),
          region: fc.constantFrom('eu-west', null),
          serial: fc.constantFrom('s-1', 's-2'),
        }),
      ),
    ),
    { maxLength: 4 },
  )
  .map((certified) => ({ certified }));

/** What the page must have, worked out afresh from every message so far. */
function expected(
  messages: readonly FleetMessage[],
  asked: FleetViewRequest,
  certified: ReadonlyMap<string, CertifiedGroups>,
) {
  const { kiosks, ignored } = applyMessages(emptyFleet(), messages, PREFIX, {
    certified: (id) => certified.get(id) ?? null,
  });
  return {
    kiosks: [...kiosks.values()].sort((a, b) => (a.id < b.id ? -1 : 1)),
    view: {
      summary: summarise(kiosks.values()),
      groupRows: rollupByGroup(kiosks.values(), asked.groupKind),
      groups: groupNames(kiosks.values()),
      alerts: fleetAlerts(kiosks.values(), Math.floor(NOW / ALERT_CLOCK_MS) * ALERT_CLOCK_MS),
      ignored,
      overLimit: 0,
      limit: MAX_FLEET_KIOSKS,
    },
  };
}

describe('the fleet viewer', () => {
  it('posts changes that, taken in order, always give the page what working it all out afresh gives', () => {
    fc.assert(
      fc.property(
        fc.array(fc.oneof(fc.array(kioskMessage, { maxLength: 6 }), request, certification), {
          maxLength: 12,
        }),
        (steps) => {
          const viewer = createFleetViewer(() => NOW);
          let view: FleetView = EMPTY_VIEW;
          let kiosks: ReadonlyMap<string, KioskState> = new Map();
          let asked = FIRST_REQUEST;
          const received: FleetMessage[] = [];
          const certified = new Map<string, CertifiedGroups>();
          for (const step of steps) {
            if (Array.isArray(step)) {
              received.push(...step);
              viewer.fold(readMessages(PREFIX, step));
            } else if ('certified' in step) {
              for (const [id, groups] of step.certified) {
                if (groups) certified.set(id, groups);
                else certified.delete(id);
              }
              viewer.certify(step);
            } else {
              asked = step;
              viewer.ask(step);
            }
            // What the page is sent is a structured clone, as postMessage makes it.
            const change = structuredClone(viewer.take());
            if (change) {
              const { kiosks: changed, gone, ...parts } = change;
              kiosks = applyKiosks(kiosks, { kiosks: changed, gone });
              view = { ...view, ...parts };
            }
            const want = expected(received, asked, certified);
            expect([...kiosks.values()].sort((a, b) => (a.id < b.id ? -1 : 1))).toEqual(
              want.kiosks,
            );
            expect(view).toEqual(want.view);
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it('posts nothing when nothing changed, and only the kiosk when only its health changed', () => {
    const viewer = createFleetViewer(() => NOW);
    viewer.fold(readMessages(PREFIX, [online('k-1'), online('k-2'), health('k-1')]));
    expect(viewer.take()).not.toBeNull();
    expect(viewer.take()).toBeNull();
    viewer.fold(readMessages(PREFIX, [health('k-2', { memoryMB: 321 }), health('k-2')]));
    const change = viewer.take();
    expect(Object.keys(change ?? {})).toEqual(['kiosks']);
    expect(change?.kiosks?.map((kiosk) => kiosk.id)).toEqual(['k-2']);
  });

  it('says which kiosks are gone, and keeps the page’s map when no kiosk changed', () => {
    const viewer = createFleetViewer(() => NOW);
    viewer.fold(readMessages(PREFIX, [online('k-1'), online('k-2')]));
    const first = applyKiosks(new Map(), viewer.take() ?? {});
    viewer.fold(readMessages(PREFIX, [message('kiosks/k-1/status', '')]));
    const change = viewer.take() ?? {};
    expect(change.gone).toEqual(['k-1']);
    expect([...applyKiosks(first, change).keys()]).toEqual(['k-2']);
    expect(applyKiosks(first, { summary: EMPTY_VIEW.summary })).toBe(first);
  });

  it('posts a fleet arriving a bounded number of kiosks at a time, every one once, then its summary', () => {
    const viewer = createFleetViewer(() => NOW);
    const count = KIOSKS_PER_POST * 2 + 7;
    viewer.fold(
      readMessages(
        PREFIX,
        Array.from({ length: count }, (_, n) => online(`k-${n}`)),
      ),
    );
    let page: ReadonlyMap<string, KioskState> = new Map();
    const sizes: number[] = [];
    const totals: (number | undefined)[] = [];
    do {
      const change = viewer.take() ?? {};
      sizes.push(change.kiosks?.length ?? 0);
      totals.push(change.summary?.total);
      page = applyKiosks(page, change);
    } while (viewer.behind());
    expect(sizes).toEqual([KIOSKS_PER_POST, KIOSKS_PER_POST, 7]);
    // The summary comes with the last of the kiosks it counts, not before them.
    expect(totals).toEqual([undefined, undefined, count]);
    expect(page.size).toBe(count);
    expect(viewer.take()).toBeNull();
  });

  it('keeps status and health only: commands, configs and the rest stay with the page', () => {
    const read = readMessages(PREFIX, [
      online('k-1'),
      health('k-1'),
      message('kiosks/k-1/status', ''),
      message('kiosks/k-1/acks', { id: 'c1', command: 'ping', ok: true }),
      message('fleet/config', ''),
    ]);
    expect(read.map((one) => [one.kind, isKioskMessage(one)])).toEqual([
      ['status', true],
      ['health', true],
      ['status-cleared', true],
      expect.arrayContaining([false]),
      ['config-cleared', false],
    ]);
  });

  it('keeps at most its limit of kiosks, enrolled ones first, and says how many messages it dropped', () => {
    const viewer = createFleetViewer(() => NOW, 5);
    viewer.fold(
      readMessages(
        PREFIX,
        Array.from({ length: 50 }, (_, n) => online(`forged-${n}`)),
      ),
    );
    const flooded = viewer.take();
    expect(flooded?.summary?.total).toBe(5);
    expect(flooded).toMatchObject({ overLimit: 45, limit: 5 });
    // The page verified k-1's certificate: it takes the place of the longest kept unknown id.
    viewer.certify({ certified: [['k-1', { store: 'lyon-1', region: null, serial: 's-1' }]] });
    viewer.fold(readMessages(PREFIX, [online('k-1'), online('forged-99')]));
    const change = viewer.take();
    expect(change?.gone).toEqual(['forged-0']);
    expect(change?.kiosks?.map((kiosk) => [kiosk.id, kiosk.store, kiosk.enrolled])).toEqual([
      ['k-1', 'lyon-1', true],
    ]);
    expect(change?.overLimit).toBe(46);
  });

  it('alerts on a kiosk whose status names a store its certificate contradicts, and groups it by the certificate', () => {
    const viewer = createFleetViewer(() => NOW);
    viewer.certify({
      certified: [['kiosk-x', { store: 'paris-9', region: 'eu-north', serial: 's-x' }]],
    });
    viewer.fold(
      readMessages(PREFIX, [
        message('kiosks/kiosk-x/status', {
          ...onlineStatus(),
          store: 'lyon-1',
          region: 'eu-north',
        }),
      ]),
    );
    viewer.ask({ groupKind: 'store' });
    const change = viewer.take();
    expect(change?.groupRows?.map((row) => row.group)).toEqual(['paris-9']);
    expect(change?.alerts).toEqual([
      expect.objectContaining({
        kioskId: 'kiosk-x',
        kind: 'group',
        text: 'Its status names store lyon-1; its certificate, store paris-9',
      }),
    ]);
  });
});
