/**
 * The pick screen's moves: one at a time per order (its buttons wait while it is sent), and
 * every outcome said in a line staff read: the new state, who was quicker and when, why the
 * service refused, or that the service could not be reached.
 */
import { useCallback, useState } from 'react';
import type { OrderState, PickAction, PickOrder } from '@shared/fleet/order-flow';
import { sendMove } from '../service/order-moves';
import type { ServiceClient } from '../service/service-client';
import { sessionLost } from '../service/service-session';
import { orderName } from './order-card';
import { keyOf, type OrderKey } from './pick-orders';
import { formatTimeOfDay } from '../lib/format';

export const STATE_WORDS: Readonly<Record<OrderState, string>> = {
  new: 'New',
  picking: 'Picking',
  ready: 'Ready',
  'handed-over': 'Handed over',
  cancelled: 'Cancelled',
};

const clock = formatTimeOfDay;

export interface PickMoves {
  /** The order whose move is on its way. */
  busy: OrderKey | null;
  /** The last outcome, in words. */
  said: string;
  move: (order: PickOrder, action: PickAction, reason?: string) => Promise<void>;
}

export function usePickMoves(client: ServiceClient | null): PickMoves {
  const [busy, setBusy] = useState<OrderKey | null>(null);
  const [said, setSaid] = useState('');
  // One function for the screen's life (per service client): the memoised cards hold it.
  const move = useCallback(
    async (order: PickOrder, action: PickAction, reason?: string) => {
      if (!client) return;
      setBusy(keyOf(order));
      const result = await sendMove(client, order, action, order.state, reason);
      setBusy(null);
      const name = orderName(order);
      switch (result.kind) {
        case 'moved':
          setSaid(`${name}: ${STATE_WORDS[result.order.state]}.`);
          break;
        case 'beaten':
          setSaid(
            result.last
              ? `${result.last.by} moved ${name} to ${STATE_WORDS[result.order.state]} at ${clock(result.last.at)}.`
              : `${name} is ${STATE_WORDS[result.order.state]} now.`,
          );
          break;
        case 'refused':
          setSaid(`${name}: ${result.message}`);
          break;
        case 'signed-out':
          sessionLost();
          break;
        case 'unreachable':
          setSaid(`${name} was not moved: ${result.why}. Try again.`);
          break;
      }
    },
    [client],
  );
  return { busy, said, move };
}
