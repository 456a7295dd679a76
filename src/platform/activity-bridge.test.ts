// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { KioskBridge, KioskPreloadApi } from '@shared/bridge';
import { activityReports } from './activity-bridge';

const BASE: KioskBridge = {
  getConfig: () => {
    throw new Error('not asked');
  },
  onStaffExitRequested: () => () => undefined,
  submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
  printReceipt: () => Promise.resolve({ ok: true }),
};

function preload() {
  return {
    reportScreen: vi.fn<KioskPreloadApi['reportScreen']>(),
    reportInput: vi.fn<KioskPreloadApi['reportInput']>(),
    reportDialog: vi.fn<KioskPreloadApi['reportDialog']>(),
    reportIdleWipe: vi.fn<KioskPreloadApi['reportIdleWipe']>(),
    reportReceipt: vi.fn<KioskPreloadApi['reportReceipt']>(),
  };
}

describe('the activity reports to the kiosk’s main process', () => {
  it('passes each report to the preload’s named function', () => {
    const api = preload();
    const reports = activityReports({ ...BASE, ...api });
    reports.screen('receipt');
    reports.input();
    reports.dialog(true);
    reports.idleWipe();
    reports.receipt();
    expect(api.reportScreen).toHaveBeenCalledExactlyOnceWith('receipt');
    expect(api.reportInput).toHaveBeenCalledExactlyOnceWith();
    expect(api.reportDialog).toHaveBeenCalledExactlyOnceWith(true);
    expect(api.reportIdleWipe).toHaveBeenCalledExactlyOnceWith();
    expect(api.reportReceipt).toHaveBeenCalledExactlyOnceWith();
  });

  it('goes nowhere, and never throws, in a browser, from disk, or with a broken preload', () => {
    const broken = Object.fromEntries(
      Object.keys(preload()).map((name) => [
        name,
        () => {
          throw new Error('gone');
        },
      ]),
    );
    for (const bridge of [null, BASE, { ...BASE, ...broken }]) {
      const reports = activityReports(bridge);
      expect(() => {
        reports.screen('attract');
        reports.input();
        reports.dialog(false);
        reports.idleWipe();
        reports.receipt();
      }).not.toThrow();
    }
  });
});
