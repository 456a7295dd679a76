/**
 * The kiosk's diagnostics bundle: one JSON document, gzipped (node:zlib), that support can
 * open with `gunzip`. It holds the last lines of the log (logging.ts's kiosk.log and its
 * rotated files, oldest first), the config in force with the layer each value came from,
 * the versions, the history of health reports and update states, the image cache and the
 * disk under userData. Nothing about a shopper and no secret: every line goes through
 * diagnostics-redaction.ts, every config value through its allow-list, and every string
 * once more.
 *
 * Capped at MAX_DIAGNOSTICS_BUNDLE_BYTES compressed: when it would be larger, the oldest
 * half of the log lines goes, until it fits.
 */
import { readdirSync, readFileSync, statSync, statfsSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { MAX_DIAGNOSTICS_BUNDLE_BYTES } from '../../shared/fleet/diagnostics-transfer';
import type { KioskHealth } from '../../shared/fleet/payloads';
import type { UpdateEntry } from './diagnostics-history';
import {
  maskSecrets,
  maskShopperTokens,
  redactConfigValue,
  redactLogLine,
  redactText,
} from './diagnostics-redaction';

export const DIAGNOSTICS_FORMAT = 'kiosk-shop-diagnostics/1';
/** The most log lines a bundle starts with; fewer when the cap needs it. */
export const MAX_LOG_LINES = 20_000;
/** Of each log file, only its last bytes are read. */
const MAX_LOG_FILE_BYTES = 4 * 1024 * 1024;

export interface DiagnosticsFs {
  readFile(path: string): Buffer;
  readdir(path: string): string[];
  size(path: string): number;
  /** Free and total bytes of the disk holding `path`, or null when unknown. */
  disk(path: string): { freeBytes: number; totalBytes: number } | null;
}

export const nodeDiagnosticsFs: DiagnosticsFs = {
  readFile: (path) => readFileSync(path),
  readdir: (path) => readdirSync(path),
  size: (path) => statSync(path).size,
  disk: (path) => {
    const stats = statfsSync(path);
    return { freeBytes: stats.bavail * stats.bsize, totalBytes: stats.blocks * stats.bsize };
  },
};

export interface DiagnosticsSources {
  kioskId: string;
  now(): number;
  versions: Record<string, string>;
  /** The config in force, by key, and the layer each value came from. */
  config(): {
    values: Readonly<Record<string, unknown>>;
    sources: Readonly<Record<string, string>>;
  };
  /** `<userData>`; null when it cannot be written (no logs, no caches on disk). */
  userDataDir: string | null;
  health(): KioskHealth[];
  updates(): UpdateEntry[];
  imageCache(): { images: number; bytes: number } | null;
  pendingRelaunch(): readonly string[];
  fs?: DiagnosticsFs;
  maxBytes?: number;
}

const LOG_FILE = /^kiosk(?:\.(\d{1,3}))?\.log$/;

/**
 * The log's files (logging.ts: kiosk.log, rotated to kiosk.1.log, kiosk.2.log, …), oldest
 * first: the highest number first, kiosk.log last. Other names are not the log's.
 */
export function logFilesOldestFirst(names: readonly string[]): string[] {
  const rank = (name: string): number => Number(LOG_FILE.exec(name)?.[1] ?? 0);
  return names.filter((name) => LOG_FILE.test(name)).sort((a, b) => rank(b) - rank(a));
}

function readLogLines(logDir: string, fs: DiagnosticsFs): string[] {
  const lines: string[] = [];
  let names: string[];
  try {
    names = logFilesOldestFirst(fs.readdir(logDir));
  } catch {
    return [];
  }
  for (const name of names) {
    let bytes: Buffer;
    try {
      bytes = fs.readFile(join(logDir, name));
    } catch {
      continue;
    }
    const text = bytes.subarray(Math.max(0, bytes.length - MAX_LOG_FILE_BYTES)).toString('utf8');
    lines.push(...text.split(/\r?\n/u).filter((line) => line !== ''));
  }
  return lines.slice(-MAX_LOG_LINES);
}

function safely<T>(read: () => T): T | { unavailable: string } {
  try {
    return read();
  } catch (error) {
    return { unavailable: error instanceof Error ? error.message : String(error) };
  }
}

function userDataState(dir: string | null, fs: DiagnosticsFs): unknown {
  if (dir === null) return { unavailable: 'userData cannot be written' };
  return {
    disk: safely(() => fs.disk(dir)),
    // Names and sizes only: what fills the disk, never what a file says.
    files: safely(() =>
      fs
        .readdir(dir)
        .slice(0, 200)
        .map((name) => ({
          name: redactText(name),
          bytes: safely(() => fs.size(join(dir, name))),
        })),
    ),
  };
}

/** The bundle's document, before compression; `logLines` as many as fit. */
export function diagnosticsDocument(
  sources: DiagnosticsSources,
  logLines: readonly string[],
  fs: DiagnosticsFs,
): Record<string, unknown> {
  const { values, sources: origins } = sources.config();
  const config = Object.fromEntries(
    Object.keys(values).map((key) => [
      key,
      { value: redactConfigValue(key, values[key]), source: origins[key] },
    ]),
  );
  return {
    format: DIAGNOSTICS_FORMAT,
    kioskId: sources.kioskId,
    at: new Date(sources.now()).toISOString(),
    versions: sources.versions,
    config,
    pendingRelaunch: [...sources.pendingRelaunch()],
    health: sources.health(),
    updates: sources.updates(),
    cache: { images: sources.imageCache() },
    userData: userDataState(sources.userDataDir, fs),
    log: logLines.map(redactLogLine),
  };
}

/** The gzipped bundle, at most `maxBytes` (2 MB): older log lines go until it fits. */
export function gatherDiagnostics(sources: DiagnosticsSources): Uint8Array {
  const fs = sources.fs ?? nodeDiagnosticsFs;
  const maxBytes = sources.maxBytes ?? MAX_DIAGNOSTICS_BUNDLE_BYTES;
  let lines =
    sources.userDataDir === null ? [] : readLogLines(join(sources.userDataDir, 'logs'), fs);
  for (;;) {
    // Every string once more, wherever it sits: a value no rule above expected stays masked.
    const text = JSON.stringify(diagnosticsDocument(sources, lines, fs), (_key, value: unknown) =>
      typeof value === 'string' ? maskShopperTokens(maskSecrets(value)) : value,
    );
    const bundle = gzipSync(text);
    if (bundle.length <= maxBytes) return new Uint8Array(bundle);
    if (lines.length === 0)
      throw new Error('the diagnostics bundle is too large even without logs');
    lines = lines.slice(Math.ceil(lines.length / 2));
  }
}
