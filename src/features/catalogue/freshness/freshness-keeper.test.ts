import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { CatalogueInfo } from '@shared/bridge';
import { hangingFetch } from '@/test/hanging-fetch';
import { makeProduct } from '@/test/product-fixtures';
import { jsonResponse } from '@/test/render-app';
import { catalogueKeys } from '../api/catalogue-keys';
import { createCatalogueQueryClient } from '../catalogue-provider';
import {
  createFreshnessKeeper,
  RECHECK_MS,
  RETRY_AFTER_FAILURE_MS,
  type FreshnessKeeper,
} from './freshness-keeper';
import { readProductsMeta, writeProductsMeta } from './products-meta';

const URL = 'https://shop.example/api';
const MINUTE = 60_000;
const START = Date.UTC(2026, 10, 23, 9, 0, 0);
const OLD = [makeProduct({ id: 1, price: 10 }), makeProduct({ id: 2, price: 20 })];
const NEW = [makeProduct({ id: 1, price: 11 }), makeProduct({ id: 2, price: 22 })];

let fetchMock: ReturnType<typeof vi.fn<typeof fetch>>;
let reports: CatalogueInfo[];
let client: ReturnType<typeof createCatalogueQueryClient>;
let keeper: FreshnessKeeper;

/** A kiosk whose cached list was fetched `minutesAgo` minutes ago from `url`. */
function kiosk(
  minutesAgo: number,
  { url = URL, maxAgeMinutes = 60 }: { url?: string; maxAgeMinutes?: number | null } = {},
) {
  localStorage.setItem('products', JSON.stringify(OLD));
  writeProductsMeta(url, START - minutesAgo * MINUTE);
  client = createCatalogueQueryClient();
  client.setQueryData(catalogueKeys.list(URL), OLD);
  keeper = createFreshnessKeeper({
    catalogueUrl: URL,
    maxAgeMinutes,
    client: () => client,
    report: (info) => reports.push(info),
  });
}

const shownList = () => client.getQueryData(catalogueKeys.list(URL));
const storedList = () => JSON.parse(localStorage.getItem('products') ?? 'null') as unknown;
/** Lets the fetch's promises settle under fake timers. */
const settle = () => vi.advanceTimersByTimeAsync(0);

describe('the kiosk keeps its catalogue true between shoppers', () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: START });
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    reports = [];
    fetchMock = vi.fn<typeof fetch>(() => Promise.resolve(jsonResponse(NEW)));
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => {
    keeper.stop();
    vi.useRealTimers();
    vi.unstubAllGlobals();
    vi.restoreAllMocks();
  });

  it('after a wipe, refreshes a list older than the max age and shows the new prices', async () => {
    kiosk(61);
    keeper.setBetweenShoppers(true);
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(shownList()).toEqual(NEW);
    expect(storedList()).toEqual(NEW);
    expect(readProductsMeta()).toEqual({
      source: 'https://shop.example',
      url: URL,
      fetchedAt: START,
    });
    expect(reports).toEqual([
      { products: 2, fetchedAt: START, source: 'https://shop.example', refreshFailure: null },
    ]);
  });

  it('leaves a young list alone, and refreshes it once it ages at the attract screen', async () => {
    kiosk(30);
    keeper.setBetweenShoppers(true);
    await settle();
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(29 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(shownList()).toEqual(NEW);
  });

  it('refreshes a young list that came from another catalogue URL', async () => {
    kiosk(1, { url: 'https://old-shop.example/api' });
    keeper.setBetweenShoppers(true);
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(readProductsMeta()?.url).toBe(URL);
  });

  it('never fetches during a shopper’s session, however stale the list grows', async () => {
    kiosk(61);
    keeper.setBetweenShoppers(false);
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(storedList()).toEqual(OLD);
    // The fleet's request waits for the next attract screen too.
    keeper.requestRefresh(false);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
    keeper.setBetweenShoppers(true);
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
  });

  it('stops a refresh under way when a shopper touches the attract screen, and swaps nothing', async () => {
    kiosk(61);
    let answer: ((response: Response) => void) | undefined;
    fetchMock.mockImplementationOnce(() => new Promise((resolve) => (answer = resolve)));
    keeper.setBetweenShoppers(true);
    await settle();
    keeper.setBetweenShoppers(false);
    answer?.(jsonResponse(NEW));
    await settle();
    expect(shownList()).toEqual(OLD);
    expect(storedList()).toEqual(OLD);
    expect(reports).toEqual([]);
  });

  it('keeps the old list on a failure, reports it, and waits before trying again on its own', async () => {
    kiosk(61);
    fetchMock.mockResolvedValueOnce(jsonResponse([...NEW, { id: 'x' }]));
    keeper.setBetweenShoppers(true);
    await settle();
    expect(shownList()).toEqual(OLD);
    expect(storedList()).toEqual(OLD);
    expect(reports).toEqual([
      {
        products: 2,
        fetchedAt: START - 61 * MINUTE,
        source: 'https://shop.example',
        refreshFailure: { at: START, message: 'product 2: id: not a positive whole number' },
      },
    ]);
    // The next wipes and rechecks within the wait do not ask a broken catalogue again.
    keeper.setBetweenShoppers(false);
    keeper.setBetweenShoppers(true);
    await vi.advanceTimersByTimeAsync(RETRY_AFTER_FAILURE_MS - RECHECK_MS);
    expect(fetchMock).toHaveBeenCalledOnce();
    await vi.advanceTimersByTimeAsync(RECHECK_MS);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shownList()).toEqual(NEW);
    expect(reports.at(-1)?.refreshFailure).toBeNull();
  });

  it('keeps the fleet’s request when a shopper stops its refresh, for the next attract screen', async () => {
    kiosk(1);
    fetchMock.mockImplementationOnce(hangingFetch());
    keeper.setBetweenShoppers(true);
    keeper.requestRefresh(false);
    await settle();
    keeper.setBetweenShoppers(false);
    await settle();
    expect(shownList()).toEqual(OLD);
    keeper.setBetweenShoppers(true);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(shownList()).toEqual(NEW);
  });

  it('refreshes a young list when the fleet asks: at the attract screen, or at once without one', async () => {
    kiosk(1);
    keeper.setBetweenShoppers(true);
    keeper.requestRefresh(false);
    await settle();
    expect(fetchMock).toHaveBeenCalledOnce();
    // No idle wipe, so no attract screen: main has already waited for a safe moment.
    keeper.setBetweenShoppers(false);
    keeper.requestRefresh(true);
    await settle();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('without a max age (the web build) never refreshes on its own', async () => {
    kiosk(24 * 60, { maxAgeMinutes: null });
    keeper.setBetweenShoppers(true);
    await vi.advanceTimersByTimeAsync(3 * 60 * MINUTE);
    expect(fetchMock).not.toHaveBeenCalled();
  });

  it('notes where and when the products page fetched its list, and reports it', () => {
    kiosk(61);
    keeper.fetchedByPage(URL, 24);
    expect(readProductsMeta()).toEqual({
      source: 'https://shop.example',
      url: URL,
      fetchedAt: START,
    });
    expect(reports).toEqual([
      { products: 24, fetchedAt: START, source: 'https://shop.example', refreshFailure: null },
    ]);
    keeper.reportCurrent();
    expect(reports.at(-1)).toMatchObject({ products: 2, fetchedAt: START });
  });
});
