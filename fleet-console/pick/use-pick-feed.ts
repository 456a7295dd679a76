/**
 * The pick screen's orders kept in step with the shop service (service/use-order-feed.ts)
 * with the pick schemas (the snapshot read a slice at a time: pick-snapshot.ts), each
 * snapshot and change applied (pick-orders.ts), a chime for each order that arrives while
 * the screen is open, and the connection's state to show.
 */
import { useMemo, useState } from 'react';
import {
  DEFAULT_SHOP_SETTINGS,
  pickChangeSchema,
  type ShopSettings,
} from '@shared/fleet/order-flow';
import { chime } from '../lib/chime';
import type { FeedStatus } from '../service/order-feed';
import { sessionLost } from '../service/service-session';
import { loadToken } from '../service/service-token';
import { useOrderFeed } from '../service/use-order-feed';
import {
  applyChange,
  EMPTY_BOARD,
  fromSnapshot,
  keptSettings,
  type PickBoard,
} from './pick-orders';
import { slicedPickSnapshot } from './pick-snapshot';

export interface PickFeed {
  board: PickBoard;
  settings: ShopSettings;
  status: FeedStatus;
}

export function usePickFeed(base: string, withToken: boolean): PickFeed {
  const [settings, setSettings] = useState<ShopSettings>(DEFAULT_SHOP_SETTINGS);
  const token = useMemo(() => (withToken ? loadToken(base) : null), [base, withToken]);
  const { state: board, status } = useOrderFeed({
    base,
    token,
    snapshotPath: '/orders/open',
    changesPath: '/orders/changes',
    snapshotSchema: slicedPickSnapshot,
    changeSchema: pickChangeSchema,
    lastMoveIdOf: (snapshot) => snapshot.lastMoveId,
    empty: EMPTY_BOARD,
    fromSnapshot: (current, snapshot) => {
      const { board: next, arrivals } = fromSnapshot(current, snapshot, Date.now());
      return {
        state: next,
        then: () => {
          setSettings((held) => keptSettings(held, snapshot.settings));
          if (arrivals.length > 0) chime();
        },
      };
    },
    fromChange: (current, change, id) => {
      const { board: next, arrival } = applyChange(current, change, id);
      return { state: next, ...(arrival === null ? {} : { then: () => chime() }) };
    },
    onStatus: (next) => {
      if (next === 'signed-out') sessionLost();
    },
  });
  return { board, settings, status };
}
