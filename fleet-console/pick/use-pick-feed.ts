/**
 * The pick screen's orders kept in step with the shop service: the feed (service/order-feed.ts)
 * with the pick schemas, each snapshot and change applied (pick-orders.ts), a chime for each
 * order that arrives while the screen is open, and the connection's state to show.
 */
import { useEffect, useState } from 'react';
import {
  DEFAULT_SHOP_SETTINGS,
  pickChangeSchema,
  pickSnapshotSchema,
  type ShopSettings,
} from '@shared/fleet/order-flow';
import { chime } from '../lib/chime';
import { startOrderFeed, type FeedStatus } from '../service/order-feed';
import { sessionLost } from '../service/service-session';
import { loadToken } from '../service/service-token';
import { applyChange, EMPTY_BOARD, fromSnapshot, type PickBoard } from './pick-orders';

export interface PickFeed {
  board: PickBoard;
  settings: ShopSettings;
  status: FeedStatus;
}

export function usePickFeed(base: string, withToken: boolean): PickFeed {
  const [board, setBoard] = useState<PickBoard>(EMPTY_BOARD);
  const [settings, setSettings] = useState<ShopSettings>(DEFAULT_SHOP_SETTINGS);
  const [status, setStatus] = useState<FeedStatus>('connecting');
  useEffect(() => {
    // The feed's own copy, read and written only in its callbacks: a chime is a side effect,
    // so it is never rung from inside a state update (which React may run twice).
    let current = EMPTY_BOARD;
    const show = (next: PickBoard, chimes: boolean) => {
      current = next;
      setBoard(next);
      if (chimes) chime();
    };
    const feed = startOrderFeed({
      base,
      token: withToken ? loadToken(base) : null,
      snapshotPath: '/orders/open',
      changesPath: '/orders/changes',
      snapshotSchema: pickSnapshotSchema,
      changeSchema: pickChangeSchema,
      lastMoveIdOf: (snapshot) => snapshot.lastMoveId,
      onSnapshot: (snapshot) => {
        setSettings(snapshot.settings);
        const { board: next, arrivals } = fromSnapshot(current, snapshot, Date.now());
        show(next, arrivals.length > 0);
      },
      onChange: (change, id) => {
        const { board: next, arrival } = applyChange(current, change, id);
        show(next, arrival !== null);
      },
      onStatus: (next) => {
        setStatus(next);
        if (next === 'signed-out') sessionLost();
      },
    });
    return () => feed.stop();
  }, [base, withToken]);
  return { board, settings, status };
}
