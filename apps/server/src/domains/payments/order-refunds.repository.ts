import type { Db } from '../../db/database.ts';
import type { NewRow, Row } from '../../db/schema.ts';

export async function insertOrderRefund(
  trx: Db,
  row: NewRow<'orderRefunds'>,
): Promise<Row<'orderRefunds'>> {
  return trx.insertInto('orderRefunds').values(row).returningAll().executeTakeFirstOrThrow();
}
