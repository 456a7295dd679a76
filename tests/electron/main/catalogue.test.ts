import { beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeLogger } from '../support/fake-electron';

vi.mock('electron', () => ({}));

const server = {
  url: 'http://127.0.0.1:45123',
  port: 45123,
  close: vi.fn(() => Promise.resolve()),
};
const startCatalogueServer = vi.fn((_options: unknown) => Promise.resolve(server));
const loadDemoCatalogue = vi.fn((_dir?: string) => [{ id: 1 }]);

vi.mock('../../../server/catalogue/catalogue-server', () => ({
  startCatalogueServer: (options: unknown) => startCatalogueServer(options),
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
