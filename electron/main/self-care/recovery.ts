/**
 * Self-healing for an unattended kiosk: a crashed or hung renderer is reloaded, a lost GPU
 * process relaunches the app (with hardware acceleration off after repeated losses), and a
 * crash-loop guard escalates from reloads to a relaunch, while repeated relaunches back
 * off so a broken machine does not spin at full speed.
 */
import type { App, BrowserWindow, Details, RenderProcessGoneDetails } from 'electron';
import { parsePlainDecimal } from '../../../shared/kiosk-config/decimal-text';
import { GPU_FALLBACK, isGpuLossesArg, planGpuLoss } from './gpu-fallback';
import type { Logger } from '../logging/logging';
import { planRelaunch, relaunchApp } from './relaunch';

export const RELAUNCH_ATTEMPT_FLAG = 'relaunch-attempt';

export interface LoopGuardOptions {
  maxReloads: number;
  windowMs: number;
}

export const DEFAULT_LOOP_GUARD: LoopGuardOptions = { maxReloads: 3, windowMs: 5 * 60_000 };

/** At most `maxReloads` reloads within `windowMs`; the next failure asks for a relaunch. */
export class CrashLoopGuard {
  private reloads: number[] = [];

  constructor(private readonly options: LoopGuardOptions = DEFAULT_LOOP_GUARD) {}

  next(now: number): 'reload' | 'relaunch' {
    this.reloads = this.reloads.filter((at) => now - at < this.options.windowMs);
    if (this.reloads.length >= this.options.maxReloads) return 'relaunch';
    this.reloads.push(now);
    return 'reload';
  }
}

/** 0 s for the first relaunch, then 5 s, 10 s, 20 s… capped at 5 minutes. */
export function relaunchDelayMs(attempt: number): number {
  if (attempt <= 1) return 0;
  return Math.min(5_000 * 2 ** (attempt - 2), 5 * 60_000);
}

/** Which relaunch this process is; a process that ran long enough starts again at 1. */
export function nextRelaunchAttempt(
  previous: number,
  uptimeMs: number,
  stableAfterMs: number,
): number {
  return uptimeMs >= stableAfterMs ? 1 : previous + 1;
}

export function readRelaunchAttempt(argv: readonly string[]): number {
  const prefix = `--${RELAUNCH_ATTEMPT_FLAG}=`;
  const raw = argv.find((entry) => entry.startsWith(prefix))?.slice(prefix.length);
  const value = raw === undefined ? null : parsePlainDecimal(raw);
  return value !== null && value > 0 ? value : 0;
}

export function relaunchArgs(
  argv: readonly string[],
  attempt: number,
  gpuArgs?: readonly string[],
): string[] {
  return relaunchPlan(argv, attempt, gpuArgs).args;
}

/** `gpuArgs` replace the GPU loss history; without them it is passed on as it is. */
function relaunchPlan(argv: readonly string[], attempt: number, gpuArgs?: readonly string[]) {
  const prefix = `--${RELAUNCH_ATTEMPT_FLAG}=`;
  return planRelaunch(argv, {
    drop: (arg) => arg.startsWith(prefix) || (gpuArgs !== undefined && isGpuLossesArg(arg)),
    add: [...(gpuArgs ?? []), `${prefix}${attempt}`],
  });
}

export interface RecoveryDeps {
  app: Pick<App, 'relaunch' | 'exit' | 'on'>;
  log: Logger;
  argv: readonly string[];
  /** Where a secret taken off the relaunch command line goes; default process.env. */
  env?: Record<string, string | undefined>;
  now?: () => number;
  setTimer?: (callback: () => void, ms: number) => unknown;
  guard?: CrashLoopGuard;
  startedAt?: number;
}

export interface Recovery {
  /** Reload the renderer, or relaunch the app when the loop guard says so. */
  recover(reason: string): void;
  relaunch(reason: string): void;
  watch(window: BrowserWindow): void;
}

export function createRecovery(deps: RecoveryDeps): Recovery {
  const { app, log, argv } = deps;
  const now = deps.now ?? Date.now;
  const setTimer =
    deps.setTimer ?? ((callback: () => void, ms: number) => setTimeout(callback, ms));
  const guard = deps.guard ?? new CrashLoopGuard();
  const startedAt = deps.startedAt ?? now();
  const previousAttempt = readRelaunchAttempt(argv);
  let relaunching = false;
  let current: BrowserWindow | null = null;

  const relaunch = (reason: string, gpuArgs?: readonly string[]): void => {
    if (relaunching) return;
    relaunching = true;
    const attempt = nextRelaunchAttempt(
      previousAttempt,
      now() - startedAt,
      DEFAULT_LOOP_GUARD.windowMs,
    );
    const delay = relaunchDelayMs(attempt);
    log.error(`Recovery: relaunching the app (attempt ${attempt}, in ${delay} ms) after ${reason}`);
    setTimer(() => {
      relaunchApp(app, relaunchPlan(argv, attempt, gpuArgs), deps.env);
      app.exit(0);
    }, delay);
  };

  const recover = (reason: string): void => {
    const window = current;
    if (guard.next(now()) === 'relaunch' || !window || window.isDestroyed()) {
      relaunch(`${reason} (crash-loop guard)`);
      return;
    }
    log.warn(`Recovery: reloading the renderer after ${reason}`);
    window.webContents.reload();
  };

  app.on('child-process-gone', (_event, details: Details) => {
    if (details.type !== 'GPU' || details.reason === 'clean-exit') return;
    const plan = planGpuLoss(argv, now());
    if (plan.fallback) {
      log.error(
        `Recovery: GPU process lost ${GPU_FALLBACK.losses} times within ${GPU_FALLBACK.windowMs / 60_000} minutes; relaunching with hardware acceleration disabled`,
      );
    }
    relaunch(`GPU process gone (${details.reason}, exit code ${details.exitCode})`, plan.args);
  });

  const watch = (window: BrowserWindow): void => {
    current = window;
    let killedByUs = false;
    window.webContents.on('render-process-gone', (_event, details: RenderProcessGoneDetails) => {
      if (details.reason === 'clean-exit') return;
      if (killedByUs) {
        killedByUs = false;
        return;
      }
      recover(`renderer gone (${details.reason}, exit code ${details.exitCode})`);
    });
    window.on('unresponsive', () => {
      // A hung renderer may never process a plain reload: end it first.
      killedByUs = true;
      window.webContents.forcefullyCrashRenderer();
      recover('renderer unresponsive');
    });
  };

  return { recover, relaunch, watch };
}
