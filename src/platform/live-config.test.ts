// @vitest-environment node
import fc from 'fast-check';
import { describe, expect, it, vi } from 'vitest';
import type { KioskActivityBridge, KioskBridge, RendererConfig } from '@shared/bridge';
import { MAX_IDLE_SECONDS, type IdleReset } from './idle-reset';
import { liveIdleTimes, readLiveIdleReset } from './live-config';

const MAIN_CONFIG: RendererConfig = {
  catalogueUrl: 'app://shop/api',
  mode: 'kiosk',
  idleTimeoutSeconds: 90,
  idleCountdownSeconds: 15,
  catalogueMaxAgeMinutes: 60,
  speechOutputDevice: '',
};

type ConfigListener = (config: unknown) => void;

/** A preload whose onConfigChanged the test plays main through. */
function kioskWithPushes() {
  const listeners: ConfigListener[] = [];
  const bridge: KioskBridge & Pick<KioskActivityBridge, 'onConfigChanged'> = {
    getConfig: () => MAIN_CONFIG,
    onStaffExitRequested: () => () => undefined,
    submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
    printReceipt: () => Promise.resolve({ ok: true }),
    onConfigChanged: vi.fn((listener: ConfigListener) => {
      listeners.push(listener);
      return () => undefined;
    }),
  };
  return {
    bridge,
    send: (payload: unknown) => {
      for (const listener of listeners) listener(payload);
    },
  };
}

/** What the idle prompt can run on: a never, or two real timer lengths. */
function isUsable(reset: IdleReset | null): boolean {
  if (reset === null) return true;
  const inRange = (seconds: number) =>
    Number.isFinite(seconds) && seconds > 0 && seconds <= MAX_IDLE_SECONDS;
  return (
    Object.keys(reset).sort().join() === 'afterSeconds,countdownSeconds' &&
    inRange(reset.afterSeconds) &&
    inRange(reset.countdownSeconds)
  );
}

/** Numbers a broken or hostile main could send, around every edge of the rule. */
const oddNumber = fc.oneof(
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1, MAX_IDLE_SECONDS, MAX_IDLE_SECONDS + 1, 2 ** 31, 1e308),
  fc.constantFrom(Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY),
);
const oddValue = fc.oneof(oddNumber, fc.anything(), fc.string(), fc.constant(undefined));

/** A valid config from main with its idle times, or the whole of it, spoiled. */
const mutatedPayload = fc.oneof(
  fc.record({ after: oddValue, countdown: oddValue }).map(({ after, countdown }) => ({
    ...MAIN_CONFIG,
    idleTimeoutSeconds: after,
    idleCountdownSeconds: countdown,
  })),
  fc
    .constantFrom('idleTimeoutSeconds', 'idleCountdownSeconds', 'mode', 'catalogueUrl')
    .map((key) => {
      const { [key]: _dropped, ...rest } = MAIN_CONFIG;
      return rest;
    }),
  fc.dictionary(fc.string(), fc.anything()).map((extra) => ({ ...extra, ...MAIN_CONFIG })),
  fc.anything(),
);

describe('new idle times from main, read as untrusted input', () => {
  it('takes valid times as they are, and a timeout of 0 as never asking', () => {
    expect(readLiveIdleReset({ ...MAIN_CONFIG, idleTimeoutSeconds: 20 })).toEqual({
      afterSeconds: 20,
      countdownSeconds: 15,
    });
    expect(readLiveIdleReset({ ...MAIN_CONFIG, idleTimeoutSeconds: 0 })).toBeNull();
  });

  it('reads a broken payload as no settings, so what is in force stays', () => {
    for (const payload of [
      null,
      'idleTimeoutSeconds=20',
      { ...MAIN_CONFIG, idleTimeoutSeconds: -5 },
      { ...MAIN_CONFIG, idleTimeoutSeconds: '20' },
      { ...MAIN_CONFIG, idleTimeoutSeconds: Number.NaN },
      { ...MAIN_CONFIG, idleTimeoutSeconds: 1e12 },
      { ...MAIN_CONFIG, idleCountdownSeconds: 0 },
      { ...MAIN_CONFIG, idleCountdownSeconds: undefined },
      new Proxy(
        {},
        {
          get: () => {
            throw new Error('hostile getter');
          },
        },
      ),
    ]) {
      expect(readLiveIdleReset(payload)).toBeUndefined();
    }
  });

  it('never throws on random or mutated payloads, and never yields an unusable timer', () => {
    fc.assert(
      fc.property(fc.oneof(mutatedPayload, fc.anything()), (payload) => {
        const reset = readLiveIdleReset(payload);
        if (reset !== undefined) expect(isUsable(reset)).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('keeps the newest valid times through any run of payloads, bad ones changing nothing', () => {
    fc.assert(
      fc.property(fc.array(mutatedPayload, { maxLength: 20 }), (payloads) => {
        const { bridge, send } = kioskWithPushes();
        const times = liveIdleTimes(bridge);
        const changes = vi.fn();
        times.subscribe(changes);
        let expected: IdleReset | null | undefined;
        let expectedChanges = 0;
        for (const payload of payloads) {
          expect(() => send(payload)).not.toThrow();
          const reset = readLiveIdleReset(payload);
          if (reset !== undefined && JSON.stringify(reset) !== JSON.stringify(expected)) {
            expected = reset;
            expectedChanges += 1;
          }
          const current = times.current();
          expect(current).toEqual(expected);
          if (current !== undefined) expect(isUsable(current)).toBe(true);
        }
        expect(changes).toHaveBeenCalledTimes(expectedChanges);
      }),
      { numRuns: 300 },
    );
  });
});

describe('listening to main', () => {
  it('listens once per bridge, for the page’s life', () => {
    const { bridge, send } = kioskWithPushes();
    const times = liveIdleTimes(bridge);
    expect(liveIdleTimes(bridge)).toBe(times);
    expect(bridge.onConfigChanged).toHaveBeenCalledTimes(1);
    send({ ...MAIN_CONFIG, idleTimeoutSeconds: 30, idleCountdownSeconds: 5 });
    expect(times.current()).toEqual({ afterSeconds: 30, countdownSeconds: 5 });
    const again = vi.fn();
    const stop = times.subscribe(again);
    stop();
    send({ ...MAIN_CONFIG, idleTimeoutSeconds: 40 });
    expect(again).not.toHaveBeenCalled();
    expect(times.current()).toEqual({ afterSeconds: 40, countdownSeconds: 15 });
  });

  it('has nothing new without a bridge, or from a preload without onConfigChanged or that throws', () => {
    expect(liveIdleTimes(null).current()).toBeUndefined();
    const { bridge } = kioskWithPushes();
    const { onConfigChanged: _none, ...older } = bridge;
    expect(liveIdleTimes(older).current()).toBeUndefined();
    const throwing = {
      ...older,
      onConfigChanged: () => {
        throw new Error('the preload is gone');
      },
    };
    expect(() => liveIdleTimes(throwing)).not.toThrow();
    expect(liveIdleTimes(throwing).current()).toBeUndefined();
  });

  it('a listener that throws keeps neither main nor the other listeners from the new times', () => {
    const { bridge, send } = kioskWithPushes();
    const times = liveIdleTimes(bridge);
    times.subscribe(() => {
      throw new Error('a broken listener');
    });
    const other = vi.fn();
    times.subscribe(other);
    expect(() => send({ ...MAIN_CONFIG, idleTimeoutSeconds: 20 })).not.toThrow();
    expect(other).toHaveBeenCalledTimes(1);
  });
});
