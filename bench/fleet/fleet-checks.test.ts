import { describe, expect, it } from 'vitest';
import type { FleetFigures } from './fleet-bench';
import { fleetChecks } from './fleet-checks';

const figures = (change: Partial<FleetFigures> = {}): FleetFigures => ({
  kiosks: 1000,
  keepaliveSeconds: 10,
  healthSeconds: 5,
  openFilesLimit: 20_000,
  load: { start: 1, window: 1, end: 1 },
  onlineMs: 4_000,
  onlineOnBrokerMs: 3_900,
  pingMs: 1_000,
  steady: {
    seconds: 45,
    healthPerSecond: 200,
    tasks: { count: 900, longestMs: 30, longestCpuMs: 12, over50ms: 0, top: [], busyShare: 0.04 },
    longTasks: { count: 0, longestMs: 0 },
  },
  restart: {
    back: 1000,
    spreadMs: { min: 3, median: 600, p90: 1500, max: 2900 },
    attemptsPeakPerSecond: 500,
    attemptsPeakPer100ms: 80,
    peakPerSecond: 480,
    peakPer100ms: 70,
    refusedAttempts: 40,
    downMs: 300,
    allBackMs: 2900,
    consoleBackMs: 800,
  },
  crashed: { kiosks: 50, offlineMs: 120 },
  unplugged: { kiosks: 50, offlineMs: 16_000, lastPacketToWillMs: null, willToShownMs: 100 },
  ...change,
});

const statuses = (checks: ReturnType<typeof fleetChecks>) => checks.map((check) => check.status);

describe('the fleet budgets', () => {
  it('passes a fleet within every budget', () => {
    expect(statuses(fleetChecks(figures()))).toEqual(['PASS', 'PASS', 'PASS', 'PASS', 'PASS']);
  });

  it('fails what is over, or never came', () => {
    const slow = fleetChecks(
      figures({
        onlineMs: null,
        pingMs: 10_001,
        crashed: { kiosks: 50, offlineMs: 15_001 },
        steady: {
          ...figures().steady,
          tasks: { ...figures().steady.tasks, longestMs: 50, longestCpuMs: 51 },
        },
      }),
    );
    expect(statuses(slow)).toEqual(['FAIL', 'FAIL', 'FAIL', 'FAIL', 'FAIL']);
    expect(slow[0]?.measured).toBe('never (deadline passed)');
  });

  it('judges nothing with fewer than 1,000 kiosks', () => {
    const small = fleetChecks(figures({ kiosks: 100 }));
    expect(new Set(statuses(small))).toEqual(new Set(['SKIP']));
    expect(small[0]?.measured).toContain('100 kiosks, not 1,000');
  });
});
