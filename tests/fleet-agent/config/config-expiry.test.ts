import { describe, expect, it, vi } from 'vitest';
import { MAX_EXPIRY_WAIT_MS, watchConfigExpiry } from '../../../fleet-agent/config/config-expiry';

function clock(start: number) {
  let now = start;
  const timers: { at: number; callback: () => void }[] = [];
  return {
    now: () => now,
    setTimer: (callback: () => void, ms: number) => {
      const timer = { at: now + ms, callback };
      timers.push(timer);
      return timer;
    },
    clearTimer: (handle: unknown) => {
      timers.splice(timers.indexOf(handle as (typeof timers)[number]), 1);
    },
    /** Runs the next timer, moving the clock to it. */
    next: () => {
      timers.sort((a, b) => a.at - b.at);
      const timer = timers.shift();
      if (!timer) return false;
      now = Math.max(now, timer.at);
      timer.callback();
      return true;
    },
    pending: () => timers.length,
  };
}

describe('the config expiry watch', () => {
  it('drops a config at its notAfter, looking again at least hourly on a long wait', () => {
    const time = clock(0);
    const notAfter = 2.5 * MAX_EXPIRY_WAIT_MS;
    let inForce = true;
    const config = {
      nextExpiry: () => (inForce ? notAfter : null),
      expire: vi.fn(() => {
        if (!inForce || time.now() < notAfter) return false;
        inForce = false;
        return true;
      }),
    };
    const onExpired = vi.fn();
    const watch = watchConfigExpiry({ config, onExpired, ...time });
    watch.rearm();
    expect(time.next()).toBe(true);
    expect(time.now()).toBe(MAX_EXPIRY_WAIT_MS);
    expect(onExpired).not.toHaveBeenCalled();
    while (time.next());
    expect(time.now()).toBe(notAfter);
    expect(onExpired).toHaveBeenCalledTimes(1);
    expect(config.expire).toHaveBeenCalledTimes(3);
    expect(time.pending()).toBe(0);
  });

  it('sets no timer with nothing in force, and none after it stops', () => {
    const time = clock(0);
    const config = { nextExpiry: vi.fn(() => 1000), expire: vi.fn(() => false) };
    const watch = watchConfigExpiry({ config, onExpired: vi.fn(), ...time });
    watch.rearm();
    expect(time.pending()).toBe(1);
    watch.stop();
    expect(time.pending()).toBe(0);
    watch.rearm();
    expect(time.pending()).toBe(0);
    const idle = watchConfigExpiry({
      config: { nextExpiry: () => null, expire: vi.fn(() => false) },
      onExpired: vi.fn(),
      ...time,
    });
    idle.rearm();
    expect(time.pending()).toBe(0);
  });
});
