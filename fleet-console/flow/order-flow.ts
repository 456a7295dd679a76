/**
 * How orders flow through the shop, for the console's panel (GET /orders/flow): read again
 * every REFRESH_MS while the panel is shown, an answer that does not read being no answer,
 * and put in staff's words ("4 min 10 s", "none yet").
 */
import { useEffect, useState } from 'react';
import { z } from 'zod';
import { flowSummarySchema, type FlowSummary } from '@shared/fleet/order-flow';
import { readAnswer } from '../service/service-answers';
import type { ServiceClient } from '../service/service-client';

export const REFRESH_MS = 30_000;

export type OrderFlow =
  { kind: 'loading' } | { kind: 'flow'; flow: FlowSummary } | { kind: 'unknown'; why: string };

const answerSchema = z.object({ flow: flowSummarySchema });

export async function fetchOrderFlow(client: ServiceClient): Promise<OrderFlow> {
  const reply = await client.request('GET', '/orders/flow');
  if (reply.kind === 'unreachable') return { kind: 'unknown', why: reply.why };
  const answer = reply.status === 200 ? readAnswer(answerSchema, reply.body) : null;
  return answer
    ? { kind: 'flow', flow: answer.flow }
    : { kind: 'unknown', why: `the shop service answered ${reply.status}` };
}

/** A span in minutes and seconds, to the second; "none yet" when no order got there. */
export function spanText(ms: number | null): string {
  if (ms === null) return 'none yet';
  const seconds = Math.round(ms / 1000);
  const minutes = Math.floor(seconds / 60);
  if (minutes === 0) return `${seconds} s`;
  const rest = seconds % 60;
  return rest === 0 ? `${minutes} min` : `${minutes} min ${rest} s`;
}

export function useOrderFlow(client: ServiceClient | null): OrderFlow {
  const [flow, setFlow] = useState<OrderFlow>({ kind: 'loading' });
  useEffect(() => {
    if (!client) return;
    let live = true;
    const read = () =>
      void fetchOrderFlow(client).then((next) => {
        if (live) setFlow(next);
      });
    read();
    const timer = setInterval(read, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [client]);
  return flow;
}
