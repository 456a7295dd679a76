// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import type { KioskBridge, KioskPreloadApi } from '@shared/bridge';
import { catalogueBridge } from './catalogue-bridge';

const BASE: KioskBridge = {
  getConfig: () => {
    throw new Error('not asked');
  },
  onStaffExitRequested: () => () => undefined,
  submitStaffExitPin: () => Promise.resolve({ status: 'wrong' }),
  printReceipt: () => Promise.resolve({ ok: true }),
};

const INFO = { products: 3, fetchedAt: 5, source: 'embedded', refreshFailure: null };

describe('the catalogue’s part of the bridge', () => {
  it('passes the fleet’s refresh requests in and the catalogue report out, through the preload', () => {
    const unsubscribe = vi.fn();
    const onCatalogueRefresh = vi.fn<KioskPreloadApi['onCatalogueRefresh']>(() => unsubscribe);
    const reportCatalogue = vi.fn<KioskPreloadApi['reportCatalogue']>();
    const bridge = catalogueBridge({ ...BASE, onCatalogueRefresh, reportCatalogue } as KioskBridge);
    const listener = vi.fn();
    bridge.onCatalogueRefresh(listener)();
    expect(onCatalogueRefresh).toHaveBeenCalledWith(listener);
    expect(unsubscribe).toHaveBeenCalledOnce();
    bridge.reportCatalogue(INFO);
    expect(reportCatalogue).toHaveBeenCalledWith(INFO);
  });

  it('does nothing, and never throws, without a preload that offers them', () => {
    for (const bridge of [catalogueBridge(null), catalogueBridge(BASE)]) {
      expect(() => bridge.onCatalogueRefresh(() => undefined)()).not.toThrow();
      expect(() => bridge.reportCatalogue(INFO)).not.toThrow();
    }
    const broken = catalogueBridge({
      ...BASE,
      reportCatalogue: () => {
        throw new Error('gone');
      },
    } as KioskBridge);
    expect(() => broken.reportCatalogue(INFO)).not.toThrow();
  });
});
