/**
 * The live keys are declared once, in the key table (`live: true`): the page's share and
 * main's effects follow from it, and the page's own copy of its share is held to it here.
 */
import { describe, expect, it, vi } from 'vitest';
import { LIVE_PAGE_SETTINGS } from '../../../../shared/bridge';
import { DEFAULT_CONFIG, LIVE_KEYS } from '../../../../shared/kiosk-config/config-keys';
import {
  PAGE_LIVE_KEYS,
  putLiveKeysInForce,
  type LiveEffects,
} from '../../../../electron/main/config/live-effects';

function effects() {
  const calls: string[] = [];
  const record = (name: string) => vi.fn(() => calls.push(name));
  const all: LiveEffects = {
    toPage: record('page'),
    printerName: record('printerName'),
    'fleet.healthSeconds': record('fleet.healthSeconds'),
    openingHours: record('openingHours'),
  };
  return { all, calls };
}

describe('the live keys', () => {
  it('gives the page exactly the live keys it reads, as the page lists them', () => {
    expect([...PAGE_LIVE_KEYS]).toEqual([...LIVE_PAGE_SETTINGS]);
    expect(PAGE_LIVE_KEYS.every((key) => LIVE_KEYS.includes(key))).toBe(true);
  });

  it('sends the page its settings once when any of its live keys changed', () => {
    const { all, calls } = effects();
    putLiveKeysInForce(['idleTimeoutSeconds', 'idleCountdownSeconds'], DEFAULT_CONFIG, all);
    expect(calls).toEqual(['page']);
    expect(all.toPage).toHaveBeenCalledWith(DEFAULT_CONFIG);
  });

  it('puts each of main’s live keys in force with the config in force, in the table’s order', () => {
    const { all, calls } = effects();
    putLiveKeysInForce(
      ['openingHours', 'fleet.healthSeconds', 'printerName', 'idleTimeoutSeconds'],
      DEFAULT_CONFIG,
      all,
    );
    expect(calls).toEqual(['page', 'printerName', 'fleet.healthSeconds', 'openingHours']);
  });

  it('leaves a key that waits for a relaunch to the relaunch', () => {
    const { all, calls } = effects();
    putLiveKeysInForce(['catalogueUrl', 'mode', 'languages'], DEFAULT_CONFIG, all);
    expect(calls).toEqual([]);
  });
});
