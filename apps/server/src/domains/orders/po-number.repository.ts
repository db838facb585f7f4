import type { Db } from '../../db/database.ts';

export async function updatePoNumber(db: Db, orderId: number, poNumber: string): Promise<void> {
  await db.updateTable('orders').set({ poNumber }).where('id', '=', orderId).execute();
}
