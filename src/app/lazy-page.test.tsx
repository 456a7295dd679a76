import { describe, expect, it, vi } from 'vitest';
import { lazyPage, PageLoadError } from './lazy-page';

const Page = () => <p>page</p>;

describe('a lazily loaded page', () => {
  it('downloads once, however often it is asked for', async () => {
    const load = vi.fn(() => Promise.resolve(Page));
    const page = lazyPage(load);
    await Promise.all([page.preload(), page.preload()]);
    await page.preload();
    expect(load).toHaveBeenCalledOnce();
  });

  it('tries the download again after a failure instead of failing for good', async () => {
    const load = vi
      .fn<() => Promise<typeof Page>>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce(Page);
    const page = lazyPage(load);
    await expect(page.preload()).rejects.toBeInstanceOf(PageLoadError);
    await expect(page.preload()).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });
});
