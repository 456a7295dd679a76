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

/** PostgreSQL's CPU time so far: its postmaster (from `dataDir`) and its children. */
export function postgresCpuMs(dataDir: string): number | null {
  let postmaster: number;
  try {
    postmaster = Number(readFileSync(join(dataDir, 'postmaster.pid'), 'utf8').split('\n')[0]);
  } catch {
    return null;
  }
  const own = processCpuMs(postmaster);
  if (own === null) return null;
  // A backend that ended meanwhile is not counted: its connection was not the load's.
  return childrenOf(postmaster).reduce((sum, pid) => sum + (processCpuMs(pid) ?? 0), own);
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
  const database = postgresDataDir === null ? null : postgresCpuMs(postgresDataDir);
  const load = process.cpuUsage();
  return {
    per(requests: number): CpuShare {
      const since = (before: number | null, now: number | null) =>
        before === null || now === null ? null : (now - before) / requests;
      const used = process.cpuUsage(load);
      return {
        service: since(service, processCpuMs(servicePid)),
        database: since(database, postgresDataDir === null ? null : postgresCpuMs(postgresDataDir)),
        load: (used.user + used.system) / 1000 / requests,
      };
    },
  };
}
