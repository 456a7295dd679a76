import { join } from 'node:path';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type * as CatalogueServerModule from '../../../server/catalogue/catalogue-server';
import type { CatalogueServer } from '../../../server/catalogue/catalogue-server';
import type * as DemoCatalogueModule from '../../../server/catalogue/demo-catalogue';
import { fakeLogger } from '../support/fake-electron';

vi.mock('electron', () => ({}));

const server: CatalogueServer = {
  url: 'http://127.0.0.1:45123',
  port: 45123,
  close: vi.fn(() => Promise.resolve()),
};
const startCatalogueServer = vi.fn(
  (_options: CatalogueServerModule.CatalogueServerOptions): Promise<CatalogueServer> =>
    Promise.resolve(server),
);
const loadDemoCatalogue = vi.fn((_dir?: string): readonly unknown[] => [{ id: 1 }]);

vi.mock('../../../server/catalogue/catalogue-server', () => ({
  startCatalogueServer: (options: CatalogueServerModule.CatalogueServerOptions) =>
    startCatalogueServer(options),
}));
vi.mock('../../../server/catalogue/demo-catalogue', () => ({
  loadDemoCatalogue: (dir?: string) => loadDemoCatalogue(dir),
}));

const { startCatalogue } = await import('../../../electron/main/catalogue');

describe('catalogue selection', () => {
  beforeEach(() => {
    vi.clearAllMocks();
  });

  it('starts the embedded catalogue on a free loopback port when no URL is configured', async () => {
    const handle = await startCatalogue('', '/app/resources', fakeLogger());
    expect(loadDemoCatalogue).toHaveBeenCalledWith('/app/resources');
    expect(startCatalogueServer).toHaveBeenCalledWith({
      port: 0,
      host: '127.0.0.1',
      products: [{ id: 1 }],
    });
    expect(handle.url).toBe('http://127.0.0.1:45123');
    await handle.close();
    expect(server.close).toHaveBeenCalledTimes(1);
  });

  it('uses the configured host and starts nothing', async () => {
    const handle = await startCatalogue(
      'https://shop.example.com/api',
      '/app/resources',
      fakeLogger(),
    );
    expect(handle.url).toBe('https://shop.example.com/api');
    expect(startCatalogueServer).not.toHaveBeenCalled();
    await expect(handle.close()).resolves.toBeUndefined();
  });
});

describe('the embedded catalogue over real HTTP', () => {
  it('answers /products on loopback and stops on close', async () => {
    // This test alone runs the real server and demo catalogue.
    const realServer = await vi.importActual<typeof CatalogueServerModule>(
      '../../../server/catalogue/catalogue-server',
    );
    const realDemo = await vi.importActual<typeof DemoCatalogueModule>(
      '../../../server/catalogue/demo-catalogue',
    );
    startCatalogueServer.mockImplementationOnce(realServer.startCatalogueServer);
    loadDemoCatalogue.mockImplementationOnce(realDemo.loadDemoCatalogue);
    const handle = await startCatalogue('', join(process.cwd(), 'resources'), fakeLogger());
    expect(handle.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+/);
    const response = await fetch(`${handle.url}/products`);
    expect(response.status).toBe(200);
    const products = (await response.json()) as unknown[];
    expect(products.length).toBeGreaterThan(0);
    await handle.close();
    await expect(fetch(`${handle.url}/products`)).rejects.toThrow();
  });
});
