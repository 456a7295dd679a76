import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as DemoCatalogue from '../../server/catalogue/demo-catalogue';
import { fakeLogger } from './fake-electron';

vi.mock('electron', () => ({}));

const startCatalogueServer = vi.fn<(options: unknown) => void>();
const loadDemoCatalogue = vi.fn<typeof DemoCatalogue.loadDemoCatalogue>();

vi.mock('../../server/catalogue/catalogue-server', () => ({
  startCatalogueServer: (options: unknown) => {
    startCatalogueServer(options);
  },
}));
vi.mock('../../server/catalogue/demo-catalogue', async (importOriginal) => {
  const real = await importOriginal<typeof DemoCatalogue>();
  loadDemoCatalogue.mockImplementation(real.loadDemoCatalogue);
  return { ...real, loadDemoCatalogue: (dir?: string) => loadDemoCatalogue(dir) };
});

const { startCatalogue } = await import('../../electron/main/catalogue');
const RESOURCES = join(process.cwd(), 'resources');

describe('catalogue selection', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('serves the embedded catalogue on the app’s own origin at /api, opening no port', async () => {
    const log = fakeLogger();
    const handle = startCatalogue('', RESOURCES, log);
    expect(loadDemoCatalogue).toHaveBeenCalledWith(RESOURCES);
    expect(startCatalogueServer).not.toHaveBeenCalled();
    expect(handle.url).toBe('/api');
    expect(log.info).toHaveBeenCalledWith('Catalogue: embedded demo catalogue at app://shop/api');
    const response = await handle.api?.(new Request('app://shop/api/products/1'));
    expect(response?.status).toBe(200);
    expect(await response?.json()).toMatchObject({ id: 1, image: '/api/images/1.svg' });
  });

  it('uses the configured host and serves nothing itself', () => {
    const handle = startCatalogue('https://shop.example.com/api', RESOURCES, fakeLogger());
    expect(handle).toEqual({ url: 'https://shop.example.com/api', api: null });
    expect(loadDemoCatalogue).not.toHaveBeenCalled();
    expect(startCatalogueServer).not.toHaveBeenCalled();
  });
});
