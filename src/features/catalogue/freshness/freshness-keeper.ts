import type { QueryClient } from '@tanstack/react-query';
import type { CatalogueInfo, CatalogueRefreshFailure } from '@shared/bridge';
import { loadCachedProducts } from '../products-cache';
import { mayHaveCachedProducts } from '../products-key';
import { staleReason } from './freshness-rule';
import { readProductsMeta, writeProductsMeta } from './products-meta';
import { refreshCatalogue } from './refresh-catalogue';

/** How often the kiosk looks again while it waits between shoppers (a long quiet night). */
export const RECHECK_MS = 60_000;
/** After a failed refresh, the next one on its own waits this long (a fleet command does not). */
export const RETRY_AFTER_FAILURE_MS = 5 * 60_000;

export interface FreshnessOptions {
  catalogueUrl: string;
  /** null: never refresh on age (the web build). */
  maxAgeMinutes: number | null;
  /** The app's query client, made when first needed. */
  client: () => QueryClient;
  /** To main, for the fleet's health and the log. */
  report: (info: CatalogueInfo) => void;
  now?: () => number;
}

export interface FreshnessKeeper {
  /**
   * The attract screen showed (true: after a wipe, nobody is being served) or a shopper
   * touched it (false). Between shoppers a stale list is refreshed; a shopper's arrival
   * stops a refresh under way, so nothing is fetched or swapped during a session.
   */
  setBetweenShoppers(between: boolean): void;
  /**
   * The fleet asks for a fresh list. `now`: there is no attract screen to wait for (idle
   * wipe off) and main has already waited for its safe moment; else at the next one.
   */
  requestRefresh(now: boolean): void;
  /** The products page fetched and cached a list (spec §7): note where and when. */
  fetchedByPage(catalogueUrl: string, count: number): void;
  /** Tells main about the cached list, if its fetch time is known. */
  reportCurrent(): void;
  /** Stops the timer and any refresh under way. */
  stop(): void;
}

const messageOf = (error: unknown): string =>
  error instanceof Error && error.message !== '' ? error.message : 'the refresh failed';

export function createFreshnessKeeper(options: FreshnessOptions): FreshnessKeeper {
  const now = options.now ?? Date.now;
  let between = false;
  let requested = false;
  let running: AbortController | null = null;
  let lastFailureAt = Number.NEGATIVE_INFINITY;
  let failure: CatalogueRefreshFailure | null = null;
  let timer: ReturnType<typeof setInterval> | null = null;

  const report = (products: number): void => {
    const meta = readProductsMeta();
    if (!meta || meta.url !== options.catalogueUrl) return;
    options.report({
      products,
      fetchedAt: meta.fetchedAt,
      source: meta.source,
      refreshFailure: failure,
    });
  };

  async function refresh(): Promise<void> {
    const controller = new AbortController();
    running = controller;
    const asked = requested;
    requested = false;
    try {
      const { products } = await refreshCatalogue(options.client(), options.catalogueUrl, {
        signal: controller.signal,
        now,
      });
      failure = null;
      report(products.length);
    } catch (error) {
      // A shopper arrived: not a failure, the list is looked at again after their session,
      // and the fleet's request still stands.
      if (controller.signal.aborted) {
        requested ||= asked;
        return;
      }
      lastFailureAt = now();
      failure = { at: lastFailureAt, message: messageOf(error) };
      console.warn(
        `[catalogue] background refresh failed; keeping the cached list: ${failure.message}`,
      );
      report(loadCachedProducts()?.length ?? 0);
    } finally {
      if (running === controller) running = null;
    }
  }

  /** The one gate: only between shoppers, never twice at once, a stale list or a request. */
  function check(): void {
    if (!between || running) return;
    if (!requested) {
      if (now() - lastFailureAt < RETRY_AFTER_FAILURE_MS) return;
      const reason = staleReason({
        // Cheap enough for every minute's look: the list itself is read only to report it.
        cached: mayHaveCachedProducts(),
        meta: readProductsMeta(),
        catalogueUrl: options.catalogueUrl,
        maxAgeMinutes: options.maxAgeMinutes,
        now: now(),
      });
      if (reason === null) return;
    }
    void refresh();
  }

  const ensureTimer = (): void => {
    timer ??= setInterval(check, RECHECK_MS);
  };

  return {
    setBetweenShoppers: (next) => {
      between = next;
      ensureTimer();
      if (between) check();
      else running?.abort();
    },
    requestRefresh: (immediately) => {
      requested = true;
      if (immediately && !running) void refresh();
      else check();
    },
    fetchedByPage: (catalogueUrl, count) => {
      if (catalogueUrl !== options.catalogueUrl) return;
      writeProductsMeta(catalogueUrl, now());
      failure = null;
      report(count);
    },
    reportCurrent: () => {
      const products = readProductsMeta() ? loadCachedProducts() : undefined;
      if (products) report(products.length);
    },
    stop: () => {
      if (timer !== null) clearInterval(timer);
      timer = null;
      running?.abort();
    },
  };
}
