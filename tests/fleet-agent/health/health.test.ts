import { describe, expect, it } from 'vitest';
import { healthSchema } from '../../../shared/fleet/payloads';
import { createActivity } from '../../../fleet-agent/kiosk/activity';
import {
  catalogueSource,
  collectHealth,
  memoryOf,
  type HealthSources,
} from '../../../fleet-agent/health/health';

describe('health facts', () => {
  it('takes main memory from the browser process and renderer memory from the tabs', () => {
    expect(
      memoryOf([
        { type: 'Browser', memory: { workingSetSize: 102_400 } },
        { type: 'Tab', memory: { workingSetSize: 1024 } },
        { type: 'Tab', memory: { workingSetSize: 2048 } },
        { type: 'GPU', memory: { workingSetSize: 512_000 } },
      ]),
    ).toEqual({ mainMB: 100, rendererMB: 3 });
    expect(memoryOf([{ type: 'Browser', memory: { workingSetSize: 1536 } }])).toEqual({
      mainMB: 1.5,
      rendererMB: null,
    });
  });

  it('names the catalogue by its origin only, never its path or query', () => {
    expect(catalogueSource('')).toBe('embedded');
    expect(catalogueSource('https://shop.example.com:8443/api/v1?token=secret')).toBe(
      'https://shop.example.com:8443',
    );
  });

  it('before the renderer reports anything: unknowns are null and the report is valid', async () => {
    const sources: HealthSources = {
      now: () => 1_700_000_090_000,
      startedAt: 1_700_000_000_000,
      versions: { app: '0.1.0', electron: '45.4.1', chrome: '140.0.0.0' },
      activity: createActivity({ idleWipeEnabled: () => true }),
      appMetrics: () => [{ type: 'Browser', memory: { workingSetSize: 10_240 } }],
      imageCache: () => null,
      catalogueUrl: '',
      printerAvailable: () => Promise.resolve(null),
      failedPinsToday: () => 0,
      gpuFallback: false,
      lastError: () => null,
      update: () => null,
      remoteConfig: () => ({ version: null, refusals: [] }),
      pendingRelaunch: () => [],
      dropped: () => ({ count: 0, recent: [] }),
      brokerRefusals: () => [],
    };
    const health = await collectHealth(sources);
    expect(healthSchema.parse(health)).toEqual({
      at: '2023-11-14T22:14:50.000Z',
      version: '0.1.0',
      electron: '45.4.1',
      chrome: '140.0.0.0',
      uptimeSeconds: 90,
      screen: 'attract',
      idleWipes: 0,
      receipts: 0,
      memory: { mainMB: 10, rendererMB: null },
      imageCache: null,
      catalogue: { source: 'embedded', products: null, ageMinutes: null },
      printer: { available: null },
      staffPin: { failedToday: 0 },
      gpuFallback: false,
      lastError: null,
      update: null,
      config: { version: null, refusals: [] },
      pendingRelaunch: [],
      dropped: { count: 0, recent: [] },
      brokerRefusals: [],
    });
  });

  it('names the keys that wait for a relaunch, as the live config lists them', async () => {
    const health = await collectHealth({
      now: () => 1_700_000_090_000,
      startedAt: 1_700_000_000_000,
      versions: { app: '0.1.0', electron: '45.4.1', chrome: '140.0.0.0' },
      activity: createActivity({ idleWipeEnabled: () => true }),
      appMetrics: () => [],
      imageCache: () => null,
      catalogueUrl: '',
      printerAvailable: () => Promise.resolve(null),
      failedPinsToday: () => 0,
      gpuFallback: false,
      lastError: () => null,
      update: () => null,
      remoteConfig: () => ({ version: 3, refusals: [] }),
      pendingRelaunch: () => ['catalogueUrl', 'update.pinVersion'],
      dropped: () => ({ count: 0, recent: [] }),
      brokerRefusals: () => [],
    });
    expect(healthSchema.parse(health).pendingRelaunch).toEqual([
      'catalogueUrl',
      'update.pinVersion',
    ]);
  });
});
