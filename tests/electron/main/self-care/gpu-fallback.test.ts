import { describe, expect, it } from 'vitest';
import { planGpuLoss, readGpuLosses } from '../../../../electron/main/self-care/gpu-fallback';

/** A wall-clock time: GPU losses are compared across processes by Date.now(). */
const T0 = Date.UTC(2025, 0, 6, 9, 0, 0);
const MINUTE = 60_000;

describe('the GPU fallback', () => {
  it('keeps hardware acceleration when the GPU losses are more than 10 minutes apart', () => {
    expect(planGpuLoss(['exe', `--gpu-losses=${T0}`], T0 + 10 * MINUTE)).toEqual({
      args: [`--gpu-losses=${T0 + 10 * MINUTE}`],
      fallback: false,
    });
    expect(planGpuLoss(['exe', `--gpu-losses=${T0}`], T0 + 10 * MINUTE - 1).fallback).toBe(true);
  });

  it('reads only well-formed GPU loss times', () => {
    expect(readGpuLosses(['exe', '--gpu-losses=1,x,-5,2.5,1736150400000'])).toEqual([
      1, 1736150400000,
    ]);
    expect(readGpuLosses(['exe', '--gpu-losses=0x10,1e12,+7, 8,9'])).toEqual([9]);
    expect(readGpuLosses(['exe'])).toEqual([]);
  });
});
