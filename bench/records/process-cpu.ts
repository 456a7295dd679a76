/**
 * CPU time spent by the processes under load, read from /proc (Linux): the service's, the
 * load's own (this process) and PostgreSQL's (its postmaster and every backend). Per
 * request, these say what each part costs whatever else the machine is doing, which the
 * rate alone does not on a machine shared with other work. Elsewhere /proc is absent and
 * the figures are null.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { childrenOf } from '../../tests/services/shop/support/owned-process';

/** Clock ticks a second, as /proc counts CPU time (USER_HZ, 100 on Linux). */
const TICKS_PER_SECOND = 100;

/** User and system CPU time of one process so far, in ms; null when it cannot be read. */
export function processCpuMs(pid: number): number | null {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    // "pid (comm) state ppid … utime stime …": fields 14 and 15, counted after the ")".
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / TICKS_PER_SECOND;
  } catch {
    return null;
  }
}

/** PostgreSQL's processes (its postmaster, from `dataDir`, and its children) and their CPU time so far. */
export function postgresCpuByPid(dataDir: string): Map<number, number> | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const own = processCpuMs(postmaster);
  if (own === null) return null;
  const byPid = new Map([[postmaster, own]]);
  for (const pid of childrenOf(postmaster)) {
    const used = processCpuMs(pid);
    if (used !== null) byPid.set(pid, used);
  }
  return byPid;
}

/** PostgreSQL's CPU time so far, all its processes together. */
export function postgresCpuMs(dataDir: string): number | null {
  const byPid = postgresCpuByPid(dataDir);
  return byPid === null ? null : [...byPid.values()].reduce((sum, used) => sum + used, 0);
}

/**
 * PostgreSQL's CPU time since `before`: each process's own since then (all of it for one
 * started since). A backend that ended meanwhile is not counted (the pool closes idle
 * connections): its time since `before` cannot be read, and taking its time before away
 * from the total would count less than nothing.
 */
function postgresCpuSince(dataDir: string, before: Map<number, number> | null): number | null {
  const now = before === null ? null : postgresCpuByPid(dataDir);
  if (before === null || now === null) return null;
  let sum = 0;
  for (const [pid, used] of now) sum += used - (before.get(pid) ?? 0);
  return sum;
}

export interface CpuShare {
  /** ms of CPU a request, for the service, the database (PostgreSQL's own processes) and the load. */
  service: number | null;
  database: number | null;
  load: number;
}

/** Starts counting; `per(requests)` then gives each part's CPU a request since. */
export function cpuMeter(servicePid: number, postgresDataDir: string | null) {
  const service = processCpuMs(servicePid);
  const database = postgresDataDir === null ? null : postgresCpuByPid(postgresDataDir);
  const load = process.cpuUsage();
  return {
    per(requests: number): CpuShare {
      const since = (before: number | null, now: number | null) =>
        before === null || now === null ? null : (now - before) / requests;
      const used = process.cpuUsage(load);
      const databaseMs =
        postgresDataDir === null ? null : postgresCpuSince(postgresDataDir, database);
      return {
        service: since(service, processCpuMs(servicePid)),
        database: databaseMs === null ? null : databaseMs / requests,
        load: (used.user + used.system) / 1000 / requests,
      };
    },
  };
}
