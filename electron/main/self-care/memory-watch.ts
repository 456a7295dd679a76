/**
 * Memory creep over days is the commonest way an Electron kiosk dies. Every few minutes the
 * working sets of the main process and the shop's renderer are read from
 * app.getAppMetrics(); above maxMemoryMB, the kiosk asks for a relaunch (at the next quiet
 * moment, self-care.ts) and says which process and how much.
 */
import type { ProcessMetric } from 'electron';
import { workingSets } from '../../../fleet-agent/health/process-memory';

export interface MemorySample {
  mainMB: number;
  /** The largest renderer (the shop window); null before one runs. */
  rendererMB: number | null;
}

export const MEMORY_SAMPLE_MS = 5 * 60_000;

const megabytes = (kilobytes: number): number => Math.round(kilobytes / 1024);

/** workingSetSize is in kilobytes. */
export function memoryOf(metrics: readonly Pick<ProcessMetric, 'type' | 'memory'>[]): MemorySample {
  const { mainKB, renderersKB } = workingSets(metrics);
  return {
    mainMB: megabytes(mainKB),
    rendererMB: renderersKB.length === 0 ? null : megabytes(Math.max(...renderersKB)),
  };
}

/** Why this sample is too much, or null when it is fine (or the ceiling is off). */
export function overCeiling(sample: MemorySample, maxMemoryMB: number): string | null {
  if (maxMemoryMB <= 0) return null;
  if (sample.mainMB > maxMemoryMB) {
    return `the main process uses ${sample.mainMB} MB (maxMemoryMB ${maxMemoryMB})`;
  }
  if (sample.rendererMB !== null && sample.rendererMB > maxMemoryMB) {
    return `the shop renderer uses ${sample.rendererMB} MB (maxMemoryMB ${maxMemoryMB})`;
  }
  return null;
}

export interface MemoryWatchOptions {
  getAppMetrics: () => readonly Pick<ProcessMetric, 'type' | 'memory'>[];
  maxMemoryMB: number;
  onOver: (reason: string) => void;
  sampleMs?: number;
  setInterval?: (callback: () => void, ms: number) => unknown;
  clearInterval?: (handle: unknown) => void;
}

export interface MemoryWatch {
  /** The latest sample, for fleet health; null before the first. */
  latest(): MemorySample | null;
  stop(): void;
}

export function watchMemory(options: MemoryWatchOptions): MemoryWatch {
  const every =
    options.setInterval ?? ((callback: () => void, ms: number) => setInterval(callback, ms));
  const cancel =
    options.clearInterval ?? ((handle: unknown) => clearInterval(handle as NodeJS.Timeout));
  let latest: MemorySample | null = null;
  let reported = false;
  const handle = every(() => {
    latest = memoryOf(options.getAppMetrics());
    const reason = overCeiling(latest, options.maxMemoryMB);
    // One relaunch request is enough; it stands until the relaunch happens.
    if (reason !== null && !reported) {
      reported = true;
      options.onOver(reason);
    }
  }, options.sampleMs ?? MEMORY_SAMPLE_MS);
  return {
    latest: () => latest,
    stop: () => {
      cancel(handle);
    },
  };
}
