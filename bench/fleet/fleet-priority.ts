/**
 * How the cluster bench lets the console's browser run first: the simulated fleet, the
 * will keeper and the broker nodes stand in for other machines, so they take what the
 * console leaves. The rush does the same for the pick screen against the shop service and
 * the kiosks.
 *
 * A process's nice value only ranks it against processes of its own session when the
 * kernel groups sessions (sched_autogroup, on by default in most distributions). Playwright
 * starts Chromium in a session of its own, so the fleet at nice 19 still had half the
 * machine against the console's browser: the session's own group is lowered too, through
 * /proc/self/autogroup, and put back when the bench ends. A browser that stands in for
 * another screen (the rush's ready board) is lowered the same way, its own session's group.
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { setPriority } from 'node:os';

/** Lowest priority: the fleet and the cluster give way to the console. */
export const FLEET_NICENESS = 19;

const AUTOGROUP_FILE = '/proc/self/autogroup';

/** The nice value in the kernel's autogroup line ("/autogroup-1643 nice 0"), or null. */
export function autogroupNice(line: string): number | null {
  const match = /\bnice\s+(-?\d+)\s*$/.exec(line);
  return match ? Number(match[1]) : null;
}

/** The kernel's knobs, as the bench reaches them (tests hand in their own). */
export interface SchedulerAccess {
  /** What stands in for the other machines, for the report ('fleet' by default). */
  who?: string;
  setNice?: (nice: number) => void;
  readGroup?: () => string;
  writeGroup?: (nice: number) => void;
}

export interface FleetPriority {
  /** What was lowered, for the bench's report. */
  placement: string;
  /** Puts the session's group back as it was (this process stays at its nice value). */
  restore: () => void;
}

/**
 * Lowers this process (and what it starts next) to FLEET_NICENESS, and its session's
 * autogroup with it where the kernel has one. Anything the kernel refuses is reported,
 * not thrown: the bench still runs, with the cores shared as they are.
 */
export function yieldToConsole({
  who = 'fleet',
  setNice = (nice: number) => setPriority(nice),
  readGroup = () => readFileSync(AUTOGROUP_FILE, 'utf8'),
  writeGroup = (nice: number) => writeFileSync(AUTOGROUP_FILE, String(nice)),
}: SchedulerAccess = {}): FleetPriority {
  setNice(FLEET_NICENESS);
  const groupNice = (): number | null => {
    try {
      return autogroupNice(readGroup());
    } catch {
      // No autogroup file: the kernel ranks every process alone, and nice is enough.
      return null;
    }
  };
  const before = groupNice();
  if (before === null) {
    return { placement: `${who} at nice ${FLEET_NICENESS}`, restore: () => undefined };
  }
  try {
    writeGroup(FLEET_NICENESS);
  } catch {
    return {
      placement: `${who} at nice ${FLEET_NICENESS}; its session's group left at nice ${before} (refused)`,
      restore: () => undefined,
    };
  }
  let restored = false;
  return {
    placement: `${who} and its session's group at nice ${FLEET_NICENESS}`,
    restore: () => {
      if (restored) return;
      restored = true;
      try {
        writeGroup(before);
      } catch {
        // A group below nice 0 needs a privilege to go back: it stays lowered until the
        // shell that started the bench ends.
      }
    },
  };
}

/**
 * Puts the group back however the bench ends: on exit, and on Ctrl-C or a kill. A signal
 * that nothing else listens for (Playwright listens while its browser is open) is raised
 * again, so the bench still ends as the signal means. Returns what the bench calls itself
 * once it is done, which also takes these listeners off.
 */
export function restoreWhenEnded(
  priority: FleetPriority,
  host: NodeJS.Process = process,
): () => void {
  const signals = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;
  const release = (): void => {
    priority.restore();
    host.off('exit', release);
    for (const signal of signals) host.off(signal, onSignal);
  };
  const onSignal = (signal: NodeJS.Signals): void => {
    release();
    if (host.listenerCount(signal) === 0) host.kill(host.pid, signal);
  };
  host.once('exit', release);
  for (const signal of signals) host.on(signal, onSignal);
  return release;
}

/** The parent's pid in a /proc/<pid>/stat line ("12 (chromium) S 7 …"), or null. */
export function parentOf(stat: string): number | null {
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  const parent = Number(fields[1]);
  return Number.isInteger(parent) && parent > 0 ? parent : null;
}

/** The processes this one started that are running now (for a browser just launched). */
export function childrenOf(
  parent: number = process.pid,
  listPids: () => number[] = () =>
    readdirSync('/proc')
      .filter((name) => /^\d+$/.test(name))
      .map(Number),
  readStat: (pid: number) => string = (pid) => readFileSync(`/proc/${pid}/stat`, 'utf8'),
): number[] {
  const children: number[] = [];
  for (const pid of listPids()) {
    try {
      if (parentOf(readStat(pid)) === parent) children.push(pid);
    } catch {
      // A process that ended while the list was read.
    }
  }
  return children;
}

/**
 * Lowers the session's group of each of `pids` to FLEET_NICENESS: a browser started for a
 * page that stands in for another machine (the ready board, on its own screen in a shop,
 * beside the pick screen in the rush). Playwright starts each browser in a session of its
 * own, whose every process shares that group; it ends with the browser. Says what it did.
 */
export function lowerSessions(
  pids: readonly number[],
  writeGroup: (pid: number, nice: number) => void = (pid, nice) =>
    writeFileSync(`/proc/${pid}/autogroup`, String(nice)),
): string {
  if (pids.length === 0) return 'not lowered (its process was not found)';
  try {
    for (const pid of pids) writeGroup(pid, FLEET_NICENESS);
    return `its session's group at nice ${FLEET_NICENESS}`;
  } catch {
    return 'not lowered (the kernel refused, or has no autogroup)';
  }
}
