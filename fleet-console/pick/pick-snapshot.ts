/**
 * The pick screen's snapshot read a slice of orders at a time (service/sliced-read.ts): the
 * same schema as pickSnapshotSchema, the orders checked between the page's other work. It
 * is read whenever the screen opens and every few minutes as the service renews the feed.
 */
import { z } from 'zod';
import {
  MAX_SNAPSHOT_ORDERS,
  pickOrderSchema,
  pickSnapshotSchema,
  type PickSnapshot,
} from '@shared/fleet/order-flow';
import { parseListInSlices, type SlicedSchema } from '../service/sliced-read';

const envelopeSchema = pickSnapshotSchema.extend({
  orders: z.array(z.unknown()).max(MAX_SNAPSHOT_ORDERS),
});

export const slicedPickSnapshot: SlicedSchema<PickSnapshot> = {
  async parseInSlices(raw, pause) {
    const envelope = envelopeSchema.parse(raw);
    const orders = await parseListInSlices(envelope.orders, pickOrderSchema, pause);
    return { ...envelope, orders };
  },
};
