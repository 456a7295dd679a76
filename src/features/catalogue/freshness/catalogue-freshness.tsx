import { useEffect, useRef, useState } from 'react';
import { useCapabilities } from '@/platform/capabilities-context';
import { catalogueBridge } from '@/platform/catalogue-bridge';
import { useIdleReset } from '@/platform/use-idle-reset';
import { onProductsFetched } from '../api/products-query';
import { createCatalogueQueryClient } from '../catalogue-provider';
import type { ClientFor } from '../prefetch-catalogue';
import { createFreshnessKeeper } from './freshness-keeper';

export interface CatalogueFreshnessProps {
  /** The attract screen is showing: between shoppers. */
  attract: boolean;
  /** The app's query client (src/app/catalogue-cache.tsx), so a new list reaches every page. */
  clientFor: ClientFor;
}

/**
 * Kiosk only (the app leaves it out of the web build, which keeps spec §7 exactly): keeps
 * the cached catalogue true between shoppers. After a wipe, at the attract screen, a list
 * older than catalogueMaxAgeMinutes, or from another catalogue URL, is fetched again in the
 * background; so is one the fleet asks for. It lives beside the session, not in it, so a
 * wipe does not restart it.
 */
export function CatalogueFreshness({ attract, clientFor }: CatalogueFreshnessProps) {
  const { catalogueUrl, kiosk, bridge } = useCapabilities();
  const [keeper] = useState(() =>
    createFreshnessKeeper({
      catalogueUrl,
      maxAgeMinutes: kiosk.catalogueMaxAgeMinutes,
      client: () => clientFor(createCatalogueQueryClient),
      report: (info) => catalogueBridge(bridge).reportCatalogue(info),
    }),
  );
  // With no idle reset in force no attract screen comes: a refresh the fleet asks for runs now.
  // Main may change that while the kiosk runs; read when a request comes, so a change does
  // not stop a refresh under way.
  const asksWhenIdle = useIdleReset() !== null;
  const waitsForAttract = useRef(asksWhenIdle);
  useEffect(() => {
    waitsForAttract.current = asksWhenIdle;
  }, [asksWhenIdle]);

  useEffect(() => {
    keeper.reportCurrent();
    const stopListening = onProductsFetched((url, products) =>
      keeper.fetchedByPage(url, products.length),
    );
    const unsubscribe = catalogueBridge(bridge).onCatalogueRefresh(() =>
      keeper.requestRefresh(!waitsForAttract.current),
    );
    return () => {
      stopListening();
      unsubscribe();
      keeper.stop();
    };
  }, [keeper, bridge]);

  useEffect(() => keeper.setBetweenShoppers(attract), [keeper, attract]);
  return null;
}
