import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { startCatalogue } from '../../../electron/main/catalogue';
import { fakeLogger } from '../support/fake-electron';

vi.mock('electron', () => ({}));

describe('the embedded catalogue over real HTTP', () => {
  it('answers /products on loopback and stops on close', async () => {
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
