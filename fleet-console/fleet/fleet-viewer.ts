/**
 * The kiosks as the console's broker worker keeps them, and what it posts the page. The
 * worker folds every status and health report, and works out what needs the whole fleet
 * (the summary, the rollups, the alerts and the filters' names) with the incremental
 * functions the page used. The page is sent each kiosk's new state once per post, however
 * many reports came for it, and keeps them in a plain map: it orders, filters and draws
 * the list from that map in the input's own task, so a search is painted in the frame of
 * the key that asked for it.
 *
 * At 10,000 kiosks the page then no longer folds 20,000 messages as the fleet arrives nor
 * works the rollups and alerts out again five times a second: those frames were the long
 * tasks (docs/decisions/0032-fleet-state-in-the-worker.md).
 *
 * A post is a change: a part that did not change since the last one is left out.
 *
 * The page tells the viewer which groups each kiosk's certificate names (it verifies the
 * certificates: app/certified-wiring.ts); the viewer keeps at most MAX_FLEET_KIOSKS kiosks,
 * enrolled ones first, and says how many messages it dropped past that.
 */
import { KioskMap } from './kiosk-map';
import type { CertifiedGroups } from '@shared/fleet/trust/certified-groups';
import { createKioskBound, MAX_FLEET_KIOSKS } from '@shared/fleet/kiosk-bound';
import { createAlertList, type FleetAlert } from './alerts';
import {
  emptyFleet,
  startFold,
  type FleetFold,
  type FleetState,
  type KioskState,
} from './fleet-state';
import {
  createGroupNamer,
  createGroupRollup,
  type GroupKind,
  type GroupNames,
  type GroupRollup,
} from './group-rollup';
import { kioskChanges } from './kiosk-changes';
import { createSummariser, type FleetSummary } from './kiosk-list';
import type { ReadMessage } from '../protocol/read-message';

/** How often the alerts look at the clock (offline for more than five minutes). */
export const ALERT_CLOCK_MS = 30_000;
/**
 * The most kiosks one post carries: the page reads a post in one task, and 5,000 kiosks'
 * states (a fleet arriving) took it over 100 ms. The rest follow in the next posts.
 */
export const KIOSKS_PER_POST = 400;

export interface FleetViewRequest {
  /** What the rollups are counted by. */
  groupKind: GroupKind;
}

export const FIRST_REQUEST: FleetViewRequest = { groupKind: 'region' };

/** A request as the page's part of the fleet asks it, through the connection (unread). */
export function isFleetViewRequest(question: unknown): question is FleetViewRequest {
  return (
    typeof question === 'object' &&
    question !== null &&
    'groupKind' in question &&
    (question.groupKind === 'region' || question.groupKind === 'store')
  );
}

/** The page's word on kiosks whose certificate in force changed: its groups, or null. */
export interface CertifiedChange {
  certified: readonly (readonly [kioskId: string, groups: CertifiedGroups | null])[];
}

export function isCertifiedChange(question: unknown): question is CertifiedChange {
  return (
    typeof question === 'object' &&
    question !== null &&
    'certified' in question &&
    Array.isArray(question.certified)
  );
}

export interface FleetView {
  summary: FleetSummary;
  groupRows: readonly GroupRollup[];
  groups: GroupNames;
  alerts: readonly FleetAlert[];
  /** Kiosk messages refused as malformed. */
  ignored: number;
  /** Kiosk messages dropped because the worker keeps no more than `limit` kiosks. */
  overLimit: number;
  limit: number;
}

export const EMPTY_VIEW: FleetView = {
  summary: { total: 0, online: 0, offline: 0, unknown: 0 },
  groupRows: [],
  groups: { regions: [], stores: [] },
  alerts: [],
  ignored: 0,
  overLimit: 0,
  limit: MAX_FLEET_KIOSKS,
};

/** A post: the parts of the view that changed, and the kiosks that did. */
export interface FleetViewChange extends Partial<FleetView> {
  /** Kiosks new or changed since the last post, each once, in its latest state. */
  kiosks?: KioskState[];
  /** Kiosks gone since the last post (their retained status cleared). */
  gone?: string[];
}

/** The messages whose state the viewer keeps; the page folds the others. */
export const isKioskMessage = (message: ReadMessage): boolean =>
  message.kind === 'status' || message.kind === 'status-cleared' || message.kind === 'health';

/** Flat records compared field by field (arrays of names and version counts included). */
function sameRecord(a: object, b: object): boolean {
  const left = a as Record<string, unknown>;
  const right = b as Record<string, unknown>;
  const keys = Object.keys(left);
  if (keys.length !== Object.keys(right).length) return false;
  return keys.every((key) => {
    const one = left[key];
    const other = right[key];
    if (one === other) return true;
    if (Array.isArray(one) && Array.isArray(other)) {
      return (
        one.length === other.length &&
        one.every((item, index) =>
          typeof item === 'object' && item !== null
            ? sameRecord(item as object, other[index] as object)
            : item === other[index],
        )
      );
    }
    return false;
  });
}

const sameList = <T extends object>(a: readonly T[], b: readonly T[]): boolean =>
  a === b || (a.length === b.length && a.every((item, index) => sameRecord(item, b[index] as T)));

export interface FleetViewer {
  /** Folds kiosk messages in; they show in the next post. */
  fold(messages: readonly ReadMessage[]): void;
  /** What the page now wants worked out. */
  ask(request: FleetViewRequest): void;
  /** Kiosks whose certificate in force changed; they show in the next post. */
  certify(change: CertifiedChange): void;
  /** How many kiosks the last post knew. */
  size(): number;
  /** What changed since the last post; null when nothing did. */
  take(): FleetViewChange | null;
  /** Whether kiosks that changed are still to be posted (more than one post's worth). */
  behind(): boolean;
}

export function createFleetViewer(
  now: () => number = Date.now,
  limit: number = MAX_FLEET_KIOSKS,
): FleetViewer {
  let state: FleetState = emptyFleet();
  const certified = new Map<string, CertifiedGroups>();
  const options = {
    certified: (kioskId: string) => certified.get(kioskId) ?? null,
    bound: createKioskBound((kioskId) => certified.has(kioskId), limit),
  };
  let pending: FleetFold | null = null;
  let request = FIRST_REQUEST;
  const summariser = createSummariser();
  const rollup = createGroupRollup();
  const alertList = createAlertList();
  const namer = createGroupNamer();
  let last: FleetView = EMPTY_VIEW;
  /** The kiosks as the page has them after the last post. */
  let posted: ReadonlyMap<string, KioskState> = new Map();
  let behind = false;

  return {
    fold(messages) {
      (pending ??= startFold(state, options)).fold(messages);
    },
    ask(next) {
      request = next;
    },
    certify(change) {
      const fold = (pending ??= startFold(state, options));
      for (const [kioskId, groups] of change.certified) {
        if (groups === null) certified.delete(kioskId);
        else certified.set(kioskId, groups);
        fold.certify(kioskId, groups);
      }
    },
    size: () => state.kiosks.size,
    take() {
      if (pending) state = pending.done();
      pending = null;
      const { kiosks, ignored, overLimit } = state;
      const view: FleetView = {
        summary: summariser(kiosks),
        groupRows: rollup(kiosks, request.groupKind),
        groups: namer(kiosks),
        alerts: alertList(kiosks, Math.floor(now() / ALERT_CLOCK_MS) * ALERT_CLOCK_MS),
        ignored,
        overLimit,
        limit,
      };
      const change: FleetViewChange = {};
      behind = false;
      if (kiosks !== posted) {
        const { removed, added } = kioskChanges(posted, kiosks);
        const gone = removed.filter((kiosk) => !kiosks.has(kiosk.id)).map((kiosk) => kiosk.id);
        if (gone.length > 0) change.gone = gone;
        if (added.length <= KIOSKS_PER_POST) {
          if (added.length > 0) change.kiosks = [...added];
          posted = kiosks;
        } else {
          change.kiosks = added.slice(0, KIOSKS_PER_POST);
          const next = new Map(posted);
          for (const id of gone) next.delete(id);
          for (const kiosk of change.kiosks) next.set(kiosk.id, kiosk);
          posted = next;
          behind = true;
        }
      }
      // The summary, rollups and alerts wait for the kiosks they count: the page's figures
      // and its list then always tell of the same fleet.
      if (behind) return change;
      if (!sameRecord(view.summary, last.summary)) change.summary = view.summary;
      if (!sameList(view.groupRows, last.groupRows)) change.groupRows = view.groupRows;
      if (!sameRecord(view.groups, last.groups)) change.groups = view.groups;
      if (!sameList(view.alerts, last.alerts)) change.alerts = view.alerts;
      if (view.ignored !== last.ignored) change.ignored = view.ignored;
      if (view.overLimit !== last.overLimit) change.overLimit = view.overLimit;
      if (view.limit !== last.limit) change.limit = view.limit;
      // The next post is compared with this one: an equal part found again is then the same
      // object (the memos give it back), not compared field by field every time.
      last = view;
      return Object.keys(change).length === 0 ? null : change;
    },
    behind: () => behind,
  };
}

/** The page's side: its kiosks after a post (a new map only when a kiosk changed, kiosk-map.ts). */
export function applyKiosks(
  kiosks: ReadonlyMap<string, KioskState>,
  change: FleetViewChange,
): ReadonlyMap<string, KioskState> {
  if (!change.kiosks && !change.gone) return kiosks;
  return KioskMap.from(kiosks).with(change.kiosks ?? [], change.gone ?? []);
}
