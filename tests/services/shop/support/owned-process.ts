/**
 * A server process the high-availability suite starts (an etcd member, a Patroni node), in a
 * process group of its own so that a crash can take the whole group at once, its output in
 * a log file. Each has a watchdog (`sh`, reading its stdin from here): should this process
 * die without stopping its servers, the pipe closes and the watchdog kills the group, and
 * any groups named by `pidFiles` (PostgreSQL's postmaster leaves Patroni's group with a
 * setsid of its own), so no server outlives the test run.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { dirname } from 'node:path';
import { closeSync, openSync, readdirSync, readFileSync } from 'node:fs';

export interface OwnedProcessOptions {
  command: string;
  args: readonly string[];
  /** Where stdout and stderr go. */
  logFile: string;
  /** Files whose first line is the PID of another process to kill, with its children, with this one. */
  pidFiles?: readonly string[];
}

export interface OwnedProcess {
  running(): boolean;
  /** The end of its log. */
  log(chars?: number): string;
  /**
   * SIGKILL to its group and to the processes of `pidFiles`, as a machine's death takes
   * them; resolves once it exited. The suite never stops its servers any other way.
   */
  kill(): Promise<void>;
}

/**
 * The PID on a pid file's first line, or null; null too when that process's command line
 * does not name the file's folder: a pid file left by a crash may name a PID reused since.
 */
export function pidIn(file: string): number | null {
  try {
    const pid = Number(readFileSync(file, 'utf8').split('\n')[0]);
    if (!Number.isInteger(pid) || pid <= 1) return null;
    return readFileSync(`/proc/${pid}/cmdline`, 'utf8').includes(dirname(file)) ? pid : null;
  } catch {
    return null;
  }
}

function signal(pid: number, name: NodeJS.Signals): void {
  try {
    process.kill(pid, name);
  } catch {
    // Already gone.
  }
}

/** The PIDs whose parent is `parent` (from /proc). */
export function childrenOf(parent: number): number[] {
  const children: number[] = [];
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      // "pid (comm) state ppid …": the command may hold spaces, so read after its ")".
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid === parent) children.push(Number(entry));
    } catch {
      // Gone meanwhile.
    }
  }
  return children;
}

/**
 * SIGKILL to a process and its children at once, as a machine's death takes them: stopped
 * first, so it cannot see its children die and act on it (a postmaster would start its
 * crash recovery), then its children, then itself.
 */
export function killWithChildren(pid: number): void {
  signal(pid, 'SIGSTOP');
  for (const child of childrenOf(pid)) signal(child, 'SIGKILL');
  signal(pid, 'SIGKILL');
}

const WATCHDOG_SCRIPT = [
  'read _ignored',
  'kill -9 -"$0" 2>/dev/null',
  'shift',
  'for file in "$@"; do pid=$(head -n 1 "$file" 2>/dev/null)',
  '[ -n "$pid" ] && grep -qF "$(dirname "$file")" "/proc/$pid/cmdline" 2>/dev/null && { kill -STOP "$pid"; pkill -9 -P "$pid"; kill -9 "$pid"; } 2>/dev/null',
  'done',
].join('; ');

export function startOwnedProcess(options: OwnedProcessOptions): OwnedProcess {
  const out = openSync(options.logFile, 'a');
  let child: ChildProcess;
  try {
    child = spawn(options.command, [...options.args], {
      detached: true,
      stdio: ['ignore', out, out],
    });
  } finally {
    closeSync(out);
  }
  const pid = child.pid;
  if (pid === undefined) throw new Error(`${options.command} did not start`);
  child.on('error', () => undefined);
  const watchdog = spawn('sh', ['-c', WATCHDOG_SCRIPT, String(pid), ...(options.pidFiles ?? [])], {
    stdio: ['pipe', 'ignore', 'ignore'],
  });
  watchdog.stdin.on('error', () => undefined);
  const running = () => child.exitCode === null && child.signalCode === null;
  const exited = new Promise<void>((resolve) => {
    if (!running()) resolve();
    else child.once('exit', () => resolve());
  });
  const others = () =>
    (options.pidFiles ?? []).map(pidIn).filter((other): other is number => other !== null);
  const done = () => {
    watchdog.kill('SIGKILL');
  };
  return {
    running,
    log: (chars = 4000) => {
      try {
        return readFileSync(options.logFile, 'utf8').slice(-chars);
      } catch {
        return '';
      }
    },
    async kill() {
      const postmasters = others();
      signal(-pid, 'SIGKILL');
      for (const other of postmasters) killWithChildren(other);
      await exited;
      done();
    },
  };
}
