/**
 * Everything the console knows about the fleet, and the one pure function that folds
 * received messages into it. The broker worker reads each message (protocol/read-message.ts) and
 * the page folds a whole frame's worth at once (fleet-session.ts), so 1,000
 * kiosks reporting every 5 s cost one state change a frame and no parsing on the page.
 *
 * A kiosk's store and region are those its certificate names (the page verifies
 * certificates and hands their groups in: FoldOptions.certified, FleetFold.certify); what
 * its status says of them is kept apart, as its claim, and shown as a mismatch where the
 * certificate contradicts it. The worker keeps at most MAX_FLEET_KIOSKS kiosks, enrolled
 * ones first (FoldOptions.bound, shared/fleet/kiosk-bound.ts), and counts what it dropped.
 */
import type { CertifiedGroups } from '@shared/fleet/trust/certified-groups';
import type { KioskGroups } from '@shared/fleet/groups';
import type { KioskBound } from '@shared/fleet/kiosk-bound';
import type { AckView } from '../protocol/ack-view';
import type { ConfigEnvelope } from '../protocol/config-envelope';
import type { HealthView } from '../protocol/health-view';
import type { StatusView } from '../protocol/status-view';
import { readMessages, type FleetMessage, type ReadMessage } from '../protocol/read-message';

export type Presence = 'online' | 'offline' | 'unknown';

export interface KioskState {
  id: string;
  presence: Presence;
  /**
   * Online: when the kiosk started (its status says). Offline: when the console saw it go,
   * or null when it was already offline before the console connected.
   */
  since: number | null;
  version: string | null;
  /**
   * Ed25519 public key (b64url raw) its status names. Information only: the counter trusts
   * a key only through a certificate signed by the enrolment key.
   */
  publicKey: string | null;
  health: HealthView | null;
  /** Main + renderer memory of the last health messages, oldest first. */
  memoryTrend: readonly number[];
  /** When the kiosk last said anything (its health's time, else the console's). */
  lastSeen: number | null;
  /**
   * Asleep on purpose (its store is closed), as its last status said; kept when it goes
   * offline, so a kiosk switched off at night is not a failure.
   */
  asleep: boolean;
  /**
   * The store and region its certificate in force names (the operator's word); null: none,
   * or no certificate verified for it.
   */
  store: string | null;
  region: string | null;
  /** A certificate the console verified is in force for it. */
  enrolled: boolean;
  /**
   * The store and region its own status (or Last Will) last named: its word, never used to
   * group it; null where it named none.
   */
  claimed: KioskGroups;
  /** The last few start times its status named, oldest first (a crash loop shows here). */
  starts: readonly number[];
  /**
   * The last lost link the kiosk reported once it reached a broker again: offline from
   * `lostAt` to `reportedAt`, in its own words (a crashed broker node publishes no Last
   * Will). Kept when it says online after it; null: none heard by this console.
   */
  lostLink: { lostAt: number; reportedAt: number } | null;
  /** The broker node its online status names (a cluster); null: one broker, or not said. */
  node: string | null;
  /**
   * Offline because the node it was on was lost, as the will keeper said in the place of
   * the Last Will the node took with it; null otherwise, and again once it says online.
   */
  nodeLost: string | null;
}

/** How many start times a kiosk's state keeps. */
export const KEPT_STARTS = 5;

export interface ConfigInForce {
  /** null when the retained message on the topic is not a well-formed envelope. */
  envelope: ConfigEnvelope | null;
  receivedAt: number;
}

export interface SentCommand {
  id: string;
  command: string;
  /** "all" or a kiosk id. */
  target: string;
  sentAt: number;
  /** How many acknowledgements are awaited: the kiosks online when it was sent. */
  expected: number;
  /** Per kiosk, the last acknowledgement it sent for this command id. */
  acks: ReadonlyMap<string, AckView>;
  /** Why it could not be sent, or null. */
  problem: string | null;
}

export interface Screenshot {
  kioskId: string;
  png: Uint8Array;
  receivedAt: number;
}

export interface FleetState {
  kiosks: ReadonlyMap<string, KioskState>;
  /** Configs in force by target: "all" (the fleet topic) or a kiosk id. */
  configs: ReadonlyMap<string, ConfigInForce>;
  /** Commands this console sent, newest first. */
  commands: readonly SentCommand[];
  screenshot: Screenshot | null;
  /** Messages refused as malformed, for the operator to notice. */
  ignored: number;
  /** Messages about kiosks not kept: the bound was reached (FoldOptions.bound). */
  overLimit: number;
}

export const MEMORY_TREND_LENGTH = 30;
export const KEPT_COMMANDS = 20;

export const emptyFleet = (): FleetState => ({
  kiosks: new Map(),
  configs: new Map(),
  commands: [],
  screenshot: null,
  ignored: 0,
  overLimit: 0,
});

/** What a fold needs to know beyond the messages: where kiosks belong, how many to keep. */
export interface FoldOptions {
  /** The groups the certificate in force of each kiosk names; null: none verified. */
  certified?: (kioskId: string) => CertifiedGroups | null;
  /** At most this many kiosks, enrolled ones first; unbounded when absent. */
  bound?: KioskBound;
}

const NO_CLAIM: KioskGroups = { store: null, region: null };

const newKiosk = (id: string, certified: CertifiedGroups | null): KioskState => ({
  id,
  presence: 'unknown',
  since: null,
  version: null,
  publicKey: null,
  health: null,
  memoryTrend: [],
  lastSeen: null,
  asleep: false,
  store: certified?.store ?? null,
  region: certified?.region ?? null,
  enrolled: certified !== null,
  claimed: NO_CLAIM,
  starts: [],
  lostLink: null,
  node: null,
  nodeLost: null,
});

const groupsOf = ({ store, region }: KioskGroups): KioskGroups => ({ store, region });
const sameGroups = (one: KioskGroups, other: KioskGroups): boolean =>
  one.store === other.store && one.region === other.region;

/** A kiosk as its certificate places it (the same object when nothing moved). */
function certifiedAs(was: KioskState, certified: CertifiedGroups | null): KioskState {
  const store = certified?.store ?? null;
  const region = certified?.region ?? null;
  const enrolled = certified !== null;
  if (was.store === store && was.region === region && was.enrolled === enrolled) return was;
  return { ...was, store, region, enrolled };
}

/** A kiosk after its status: online with what it says, or offline since when it went. */
function afterStatus(
  was: KioskState,
  status: StatusView,
  message: { retained: boolean; receivedAt: number },
): KioskState {
  if (status.state === 'online') {
    return {
      ...was,
      presence: 'online',
      since: status.startedAt ?? message.receivedAt,
      version: status.version,
      publicKey: status.publicKey ?? was.publicKey,
      lastSeen: Math.max(was.lastSeen ?? 0, message.receivedAt),
      asleep: status.asleep,
      claimed: sameGroups(was.claimed, status) ? was.claimed : groupsOf(status),
      node: status.node,
      nodeLost: null,
      starts:
        status.startedAt === null || was.starts.includes(status.startedAt)
          ? was.starts
          : [...was.starts, status.startedAt].slice(-KEPT_STARTS),
    };
  }
  // The Last Will names its groups; an older kiosk's does not: the last said stay.
  const claimed = {
    store: status.store ?? was.claimed.store,
    region: status.region ?? was.claimed.region,
  };
  return {
    ...was,
    presence: 'offline',
    claimed: sameGroups(was.claimed, claimed) ? was.claimed : claimed,
    // The kiosk's own report says when it lost its link; a will says nothing.
    since:
      status.lostAt ??
      (was.presence === 'offline' ? was.since : message.retained ? null : message.receivedAt),
    lostLink:
      status.lostAt !== null && status.reportedAt !== null
        ? { lostAt: status.lostAt, reportedAt: status.reportedAt }
        : was.lostLink,
    nodeLost: status.nodeLost,
  };
}

/** A kiosk after its health report: the report, its memory trend, when it was last heard. */
function afterHealth(was: KioskState, health: HealthView, receivedAt: number): KioskState {
  const trend =
    health.memoryMB === null
      ? was.memoryTrend
      : [...was.memoryTrend, health.memoryMB].slice(-MEMORY_TREND_LENGTH);
  return {
    ...was,
    health,
    version: was.version ?? health.version,
    memoryTrend: trend,
    lastSeen: health.at ?? receivedAt,
  };
}

/**
 * The commands after one kiosk's ack. A fleet-wide command's acks arrive by the thousand in
 * one frame: its map is copied once per fold (kept in `copies`) and written in place after
 * that, not copied again for each ack.
 */
function withAck(
  commands: readonly SentCommand[],
  copies: Map<string, Map<string, AckView>>,
  kioskId: string,
  ack: AckView,
): readonly SentCommand[] {
  const index = commands.findIndex((command) => command.id === ack.id);
  const command = commands[index];
  if (!command) return commands;
  let acks = copies.get(command.id);
  let next = commands;
  if (!acks) {
    acks = new Map(command.acks);
    copies.set(command.id, acks);
    next = commands.with(index, { ...command, acks });
  }
  acks.set(kioskId, ack);
  return next;
}

/** A fold under way: messages go in chunk by chunk, and `done` gives the new state. */
export interface FleetFold {
  fold: (messages: readonly ReadMessage[]) => void;
  /** A kiosk's certificate in force changed: the groups it names now (null: none). */
  certify: (kioskId: string, certified: CertifiedGroups | null) => void;
  /** The state with every folded message; the fold must not be used after this. */
  done: () => FleetState;
}

/** Folds messages into the state; maps are copied once per call, and only when touched. */
export function foldMessages(
  state: FleetState,
  messages: readonly ReadMessage[],
  options: FoldOptions = {},
): FleetState {
  const fold = startFold(state, options);
  fold.fold(messages);
  return fold.done();
}

/** What a fold has made so far: each map copied on its first write, and the counts. */
interface FoldWork {
  readonly state: FleetState;
  readonly bound: KioskBound | undefined;
  readonly certifiedOf: (kioskId: string) => CertifiedGroups | null;
  kiosks: Map<string, KioskState> | null;
  configs: Map<string, ConfigInForce> | null;
  commands: FleetState['commands'];
  /** Per command id, the acks map this fold copied (and owns). */
  readonly ackCopies: Map<string, Map<string, AckView>>;
  screenshot: FleetState['screenshot'];
  ignored: number;
  overLimit: number;
}

const kioskMap = (work: FoldWork): Map<string, KioskState> =>
  (work.kiosks ??= new Map(work.state.kiosks));
const configMap = (work: FoldWork): Map<string, ConfigInForce> =>
  (work.configs ??= new Map(work.state.configs));
const kiosksNow = (work: FoldWork): ReadonlyMap<string, KioskState> =>
  work.kiosks ?? work.state.kiosks;
const currentKiosk = (work: FoldWork, id: string): KioskState =>
  kiosksNow(work).get(id) ?? newKiosk(id, work.certifiedOf(id));

/** Whether a kiosk's message may be kept: within the bound, an unenrolled one giving way. */
function admitted(work: FoldWork, id: string): boolean {
  if (!work.bound) return true;
  const admission = work.bound.admit(id);
  if (!admission.keep) {
    work.overLimit += 1;
    return false;
  }
  if (admission.evict !== null) kioskMap(work).delete(admission.evict);
  return true;
}

/** One message into the fold's copies. */
function foldMessage(work: FoldWork, message: ReadMessage): void {
  switch (message.kind) {
    case 'config-cleared':
      // An empty retained message is how a config is withdrawn from the broker.
      configMap(work).delete(message.target);
      break;
    case 'config':
      configMap(work).set(message.target, {
        envelope: message.envelope,
        receivedAt: message.receivedAt,
      });
      break;
    case 'status-cleared':
      // Clearing a kiosk's retained status is how an operator retires it.
      if (kiosksNow(work).has(message.kioskId)) kioskMap(work).delete(message.kioskId);
      work.bound?.forget(message.kioskId);
      break;
    case 'status': {
      const { status, kioskId } = message;
      if (!status) {
        work.ignored += 1;
        break;
      }
      if (!admitted(work, kioskId)) break;
      kioskMap(work).set(kioskId, afterStatus(currentKiosk(work, kioskId), status, message));
      break;
    }
    case 'health': {
      const { health, kioskId } = message;
      if (!health) {
        work.ignored += 1;
        break;
      }
      if (!admitted(work, kioskId)) break;
      const next = afterHealth(currentKiosk(work, kioskId), health, message.receivedAt);
      kioskMap(work).set(kioskId, next);
      break;
    }
    case 'ack': {
      const { ack, kioskId } = message;
      if (!ack) {
        work.ignored += 1;
        break;
      }
      work.commands = withAck(work.commands, work.ackCopies, kioskId, ack);
      break;
    }
    case 'ignored':
      work.ignored += 1;
      break;
    case 'diagnostics-chunk':
      // Good chunks go to their transfers (kiosks/diagnostics); a bad one is counted.
      if (!message.chunk) work.ignored += 1;
      break;
    case 'screenshot':
      work.screenshot = {
        kioskId: message.kioskId,
        png: message.png,
        receivedAt: message.receivedAt,
      };
      break;
  }
}

/** The state the fold made: the same object when nothing changed. */
function foldedState(work: FoldWork): FleetState {
  const { state, kiosks, configs, commands, screenshot, ignored, overLimit } = work;
  if (!kiosks && !configs && commands === state.commands && screenshot === state.screenshot) {
    return ignored === state.ignored && overLimit === state.overLimit
      ? state
      : { ...state, ignored, overLimit };
  }
  return {
    kiosks: kiosks ?? state.kiosks,
    configs: configs ?? state.configs,
    commands,
    screenshot,
    ignored,
    overLimit,
  };
}

/**
 * A fold that takes its messages in several chunks (the page's frames) and copies each map
 * once for all of them: at 10,000 kiosks a copy of the kiosks map per chunk of 50 messages
 * would be most of the work.
 */
export function startFold(state: FleetState, options: FoldOptions = {}): FleetFold {
  const work: FoldWork = {
    state,
    bound: options.bound,
    certifiedOf: options.certified ?? (() => null),
    kiosks: null,
    configs: null,
    commands: state.commands,
    ackCopies: new Map(),
    screenshot: state.screenshot,
    ignored: state.ignored,
    overLimit: state.overLimit,
  };
  return {
    fold: (messages) => {
      for (const message of messages) foldMessage(work, message);
    },
    certify: (kioskId, certified) => {
      work.bound?.setEnrolled(kioskId, certified !== null);
      const was = kiosksNow(work).get(kioskId);
      if (!was) return;
      const next = certifiedAs(was, certified);
      if (next !== was) kioskMap(work).set(kioskId, next);
    },
    done: () => foldedState(work),
  };
}

/** Reads raw messages here and folds them in (what the worker and page do, in one step). */
export function applyMessages(
  state: FleetState,
  messages: readonly FleetMessage[],
  prefix: string,
  options: FoldOptions = {},
): FleetState {
  return foldMessages(state, readMessages(prefix, messages), options);
}

/** The state with each kiosk placed as its certificate says (the page's tests, the worker). */
export function certifyKiosks(
  state: FleetState,
  certified: Iterable<readonly [string, CertifiedGroups | null]>,
  options: FoldOptions = {},
): FleetState {
  const fold = startFold(state, options);
  for (const [kioskId, groups] of certified) fold.certify(kioskId, groups);
  return fold.done();
}

/** Records a command just sent, awaiting `expected` acknowledgements. */
export function recordCommand(
  state: FleetState,
  command: Omit<SentCommand, 'acks' | 'problem'>,
): FleetState {
  return {
    ...state,
    commands: [{ ...command, acks: new Map(), problem: null }, ...state.commands].slice(
      0,
      KEPT_COMMANDS,
    ),
  };
}

/** Notes that a command never reached the broker. */
export function commandFailed(state: FleetState, id: string, problem: string): FleetState {
  const index = state.commands.findIndex((command) => command.id === id);
  const command = state.commands[index];
  if (!command) return state;
  return { ...state, commands: state.commands.with(index, { ...command, problem }) };
}

export function onlineCount(kiosks: ReadonlyMap<string, KioskState>): number {
  let online = 0;
  for (const kiosk of kiosks.values()) if (kiosk.presence === 'online') online += 1;
  return online;
}
