import { describe, expect, it, vi } from 'vitest';
import { createActivity, IDLE_SAFE_MS } from '../../../fleet-agent/kiosk/activity';

function setup(idleWipe = true) {
  let clock = 1_000_000;
  const activity = createActivity({
    idleWipeEnabled: () => idleWipe,
    now: () => clock,
  });
  return {
    activity,
    advance: (ms: number) => {
      clock += ms;
    },
    setIdleWipe: (on: boolean) => {
      idleWipe = on;
    },
  };
}

describe('the kiosk activity', () => {
  it('starts with the screen unknown: not safe until the page reports attract', () => {
    const { activity } = setup();
    expect(activity.snapshot()).toEqual({
      screen: 'attract',
      screenReported: false,
      lastInputAt: 1_000_000,
      busy: [],
      idleWipes: 0,
      receipts: 0,
      catalogue: null,
    });
    expect(activity.isSafe()).toBe(false);
    activity.setScreen('attract');
    expect(activity.snapshot().screenReported).toBe(true);
    expect(activity.isSafe()).toBe(true);
  });

  it('counts a page that never reports as safe only after two minutes without input', () => {
    const { activity, advance } = setup(true);
    advance(IDLE_SAFE_MS - 1);
    expect(activity.isSafe()).toBe(false);
    advance(1);
    expect(activity.isSafe()).toBe(true);
    activity.input();
    expect(activity.isSafe()).toBe(false);
  });

  it('forgets the screen when the page reloads, and counts the quiet from the reload', () => {
    const { activity, advance } = setup(true);
    activity.setScreen('attract');
    advance(IDLE_SAFE_MS * 3);
    activity.screenUnknown();
    expect(activity.snapshot().screenReported).toBe(false);
    expect(activity.isSafe()).toBe(false);
    advance(IDLE_SAFE_MS);
    expect(activity.isSafe()).toBe(true);
    activity.setScreen('shopping');
    expect(activity.isSafe()).toBe(false);
  });

  it('wakes a waiter when a page that never reported has been quiet long enough', async () => {
    vi.useFakeTimers();
    try {
      const activity = createActivity({ idleWipeEnabled: () => true });
      let safe = false;
      void activity.whenSafe().then(() => {
        safe = true;
      });
      await vi.advanceTimersByTimeAsync(IDLE_SAFE_MS - 100);
      expect(safe).toBe(false);
      await vi.advanceTimersByTimeAsync(200);
      expect(safe).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });

  it('is never safe in front of a shopper, nor while a receipt prints or a dialog is open', () => {
    const { activity } = setup();
    activity.setScreen('shopping');
    expect(activity.isSafe()).toBe(false);
    activity.setScreen('attract');
    activity.setBusy('print', true);
    activity.setBusy('print', true);
    activity.setBusy('print', false);
    expect(activity.snapshot().busy).toEqual(['print']);
    expect(activity.isSafe()).toBe(false);
    activity.setBusy('print', false);
    activity.setBusy('dialog', true);
    activity.setBusy('dialog', true);
    expect(activity.isSafe()).toBe(false);
    // A dialog is a state, not a count: one close closes it.
    activity.setBusy('dialog', false);
    expect(activity.isSafe()).toBe(true);
  });

  it('with the idle wipe off, counts two minutes without input as nobody there', () => {
    const { activity, advance, setIdleWipe } = setup(false);
    activity.setScreen('receipt');
    advance(IDLE_SAFE_MS - 1);
    expect(activity.isSafe()).toBe(false);
    advance(1);
    expect(activity.isSafe()).toBe(true);
    activity.input();
    expect(activity.isSafe()).toBe(false);
    advance(IDLE_SAFE_MS);
    // With the wipe on, only the attract screen it brings back is safe.
    setIdleWipe(true);
    expect(activity.isSafe()).toBe(false);
  });

  it('counts idle wipes and receipts, and keeps the catalogue report', () => {
    const { activity } = setup();
    activity.idleWiped();
    activity.receiptIssued();
    activity.receiptIssued();
    activity.catalogueLoaded({ products: 24, fetchedAt: 5 });
    expect(activity.snapshot()).toMatchObject({
      idleWipes: 1,
      receipts: 2,
      catalogue: { products: 24, fetchedAt: 5 },
    });
  });

  it('whenSafe waits for the attract screen, and can be given up', async () => {
    const { activity } = setup();
    activity.setScreen('shopping');
    const listener = vi.fn();
    activity.onChange(listener);
    let resolved = false;
    const waiting = activity.whenSafe().then(() => {
      resolved = true;
    });
    activity.setScreen('receipt');
    await Promise.resolve();
    expect(resolved).toBe(false);
    activity.setScreen('attract');
    await waiting;
    expect(resolved).toBe(true);
    expect(listener).toHaveBeenCalledTimes(2);

    activity.setScreen('shopping');
    const controller = new AbortController();
    const given = activity.whenSafe(controller.signal);
    controller.abort(new Error('stopped'));
    await expect(given).rejects.toThrow('stopped');
    await expect(activity.whenSafe(controller.signal)).rejects.toThrow('stopped');
  });

  it('whenSafe resolves once the idle period runs out, with nothing else happening', async () => {
    vi.useFakeTimers();
    try {
      const activity = createActivity({ idleWipeEnabled: () => false });
      activity.setScreen('shopping');
      const waiting = activity.whenSafe();
      await vi.advanceTimersByTimeAsync(IDLE_SAFE_MS - 1000);
      let done = false;
      void waiting.then(() => {
        done = true;
      });
      await vi.advanceTimersByTimeAsync(500);
      expect(done).toBe(false);
      await vi.advanceTimersByTimeAsync(1000);
      expect(done).toBe(true);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('the kiosk activity over time', () => {
  it('sets no timer that spins once the idle period has passed with the idle wipe on', async () => {
    vi.useFakeTimers();
    try {
      const activity = createActivity({ idleWipeEnabled: () => true });
      const listener = vi.fn();
      activity.onChange(listener);
      activity.setScreen('shopping');
      listener.mockClear();
      // A shopper who walks away before a long idle wipe: only the wipe ends it.
      await vi.advanceTimersByTimeAsync(10 * IDLE_SAFE_MS);
      expect(listener).not.toHaveBeenCalled();
      expect(vi.getTimerCount()).toBe(0);
    } finally {
      vi.useRealTimers();
    }
  });
});
