/**
 * Software rendering after repeated GPU process losses. A lost GPU process relaunches the
 * app (recovery.ts); with a bad driver it is lost again at once, and the kiosk would
 * relaunch for ever. The losses travel on the relaunch command line, since each one ends
 * the process; after the second within 10 minutes the app starts with hardware
 * acceleration off, which must happen before `ready` (index.ts).
 */
import { parsePlainDecimal } from '../../../shared/kiosk-config/decimal-text';

export const SOFTWARE_RENDERING_FLAG = '--software-rendering';
const GPU_LOSSES_PREFIX = '--gpu-losses=';

export const GPU_FALLBACK = { losses: 2, windowMs: 10 * 60_000 } as const;

export function wantsSoftwareRendering(argv: readonly string[]): boolean {
  return argv.includes(SOFTWARE_RENDERING_FLAG);
}

export function isGpuLossesArg(arg: string): boolean {
  return arg.startsWith(GPU_LOSSES_PREFIX);
}

/** Epoch ms of the GPU losses earlier processes saw. */
export function readGpuLosses(argv: readonly string[]): number[] {
  const raw = argv.find(isGpuLossesArg)?.slice(GPU_LOSSES_PREFIX.length) ?? '';
  return raw
    .split(',')
    .map(parsePlainDecimal)
    .filter((at): at is number => at !== null && at > 0);
}

export interface GpuLossPlan {
  /** Arguments for the relaunch in place of the old `--gpu-losses=`. */
  args: string[];
  /** True when this loss turns hardware acceleration off. */
  fallback: boolean;
}

/** What the relaunch after a GPU loss at `now` carries. */
export function planGpuLoss(argv: readonly string[], now: number): GpuLossPlan {
  const recent = [...readGpuLosses(argv), now].filter(
    (at) => at <= now && now - at < GPU_FALLBACK.windowMs,
  );
  const software = wantsSoftwareRendering(argv);
  if (!software && recent.length >= GPU_FALLBACK.losses) {
    return { args: [SOFTWARE_RENDERING_FLAG], fallback: true };
  }
  // Already in software: keep it (argv carries the flag); only the history changes.
  return { args: [`${GPU_LOSSES_PREFIX}${recent.join(',')}`], fallback: false };
}
