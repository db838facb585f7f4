import type { Db } from '../../db/database.ts';
import * as repo from './deliveries.repository.ts';

/** An order's packages as other domains and the workflows read them. */

/** One package of the order (cancelled or not), or undefined. */
export const findPackage = (db: Db, orderId: number, deliveryId: number) =>
  repo.findDelivery(db, orderId, deliveryId);

/** Units of each order line shipped by the packages that stand. */
export const shippedOf = (db: Db, orderId: number): Promise<Map<number, number>> =>
  repo.shippedOfOrder(db, orderId);

/** Every package of the order with what it took, cancelled ones too (the console shows them). */
export const packagesOf = (db: Db, orderId: number) => repo.deliveriesOfOrder(db, orderId);
