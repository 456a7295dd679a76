/**
 * Handing over (counter and operator logins or tokens; look-ups: handover-lookup-routes.ts):
 *   POST /handovers         {code, handoverId}           → 201 handed-over (200 for a repeat); 409 already-collected; 422 refused
 *   POST /handovers/offline {code, handoverId, at, mode} → 201 recorded or conflict (200 for a repeat); 422 refused
 * The counter is named by the login or token, never by the body.
 */
import { Hono } from 'hono';
import { z } from 'zod';
import { handoverIdSchema } from '../../../shared/fleet/handover-id';
import { HttpError } from '../http/http-error';
import { readJson } from '../http/json-body';
import type { Principal, ShopEnv, ShopServices } from '../http/shop-env';
import { checkReceiptTime, refuseReceipt, type CheckedReceipt } from '../trust/receipt-check';
import { groupCommit } from '../db/group-commit';
import { claimHandovers, type ClaimRequest } from './claim-batch';
import { claimHandover, type ClaimOutcome, type HandoverInput } from './handover-store';
import { reportHandover } from './offline-report';

export const code = z.string().min(1).max(4096);
const claimSchema = z.strictObject({ code, handoverId: handoverIdSchema });
const offlineSchema = z.strictObject({
  code,
  handoverId: handoverIdSchema,
  /** When staff handed it over, by the counter's clock. */
  at: z.int().min(1).max(8.64e15),
  mode: z.enum(['offline', 'override']),
});

const ID_TAKEN = new HttpError(
  409,
  'handover-id-taken',
  'This handoverId was already used for another receipt: make a new one for each handover.',
);

export function revokedRefusal(revokedAt: number, reason: string) {
  return refuseReceipt(
    'revoked',
    `The certificate that signed this receipt was revoked on ${new Date(revokedAt).toISOString()} (${reason}). Its receipts are no longer accepted.`,
  );
}

export function handoverRoutes(services: ShopServices): Hono<ShopEnv> {
  const { db, trust, receipts, now, staffAuth } = services;
  const routes = new Hono<ShopEnv>();
  routes.use('/handovers', staffAuth.require('counter', 'operator'));
  routes.use('/handovers/*', staffAuth.require('counter', 'operator'));
  // Claims arriving together are decided in one transaction, each as if alone.
  const claims = groupCommit<ClaimRequest, ClaimOutcome>({
    batch: (requests) => claimHandovers(db, requests),
    single: (request) => claimHandover(db, request.input, request.now),
  });

  const checked = (text: string): Promise<CheckedReceipt> => receipts.check(text);
  const inputOf = (
    receipt: CheckedReceipt,
    handoverId: string,
    at: number,
    principal: Principal,
  ): HandoverInput => ({
    kioskId: receipt.payload.k,
    receiptId: receipt.payload.r,
    handoverId,
    counter: principal.name,
    recordedBy: `${principal.kind}:${principal.id}`,
    at,
    serials: receipt.signers.map((signer) => signer.serial),
  });

  routes.post('/handovers', async (c) => {
    const body = await readJson(c, claimSchema);
    const receipt = await checked(body.code);
    const at = now();
    checkReceiptTime(receipt.payload, trust.holdMs, at);
    const outcome = await claims.submit({
      input: inputOf(receipt, body.handoverId, at, c.get('principal')),
      now: at,
    });
    switch (outcome.kind) {
      case 'won':
        return c.json(
          { outcome: 'handed-over', handover: outcome.handover },
          outcome.repeat ? 200 : 201,
        );
      case 'lost':
        return c.json(
          {
            outcome: 'already-collected',
            handover: outcome.handover,
            error: 'already-collected',
            message: `Already collected at ${outcome.handover.counter}. Do not hand it over again.`,
          },
          409,
        );
      case 'revoked':
        throw revokedRefusal(outcome.revoked.revokedAt, outcome.revoked.reason);
      case 'id-taken':
        throw ID_TAKEN;
    }
  });

  routes.post('/handovers/offline', async (c) => {
    const body = await readJson(c, offlineSchema);
    if (body.at > now() + 5 * 60_000) {
      throw new HttpError(
        400,
        'invalid-body',
        'at: the handover is dated ahead of the service’s clock.',
      );
    }
    const receipt = await checked(body.code);
    checkReceiptTime(receipt.payload, trust.holdMs, body.at);
    const outcome = await reportHandover(
      db,
      inputOf(receipt, body.handoverId, body.at, c.get('principal')),
      body.mode,
      now(),
    );
    if (outcome.kind === 'id-taken') throw ID_TAKEN;
    const status = outcome.repeat ? 200 : 201;
    return outcome.kind === 'recorded'
      ? c.json({ outcome: 'recorded', handover: outcome.handover }, status)
      : c.json(
          { outcome: 'conflict', handover: outcome.handover, conflict: outcome.conflict },
          status,
        );
  });

  return routes;
}
