import type { Db } from '../../db/database.ts';
import { buyingOrg, checkLines } from '../compliance/index.ts';

/**
 * Quick-order and reorder lines of controlled or hazardous chemicals the member holds no valid
 * document for (docs/compliance.md) are refused here, with the compliance rules' own Chinese
 * reason. Each pack is checked for one unit: whether the quantity fits the document's remaining
 * amount is decided when the order is placed. A request naming an organization of the member's
 * (X-Org-Id) is checked against the organization's documents, as its order would be. Answers,
 * per refused pack id, the reason.
 */
export async function regulatedRefusals(
  db: Db,
  userId: number,
  materialIds: readonly number[],
  namedOrg: number | null = null,
): Promise<Map<number, string>> {
  const checked = await checkLines(
    db,
    userId,
    [...new Set(materialIds)].map((materialId) => ({ materialId, quantity: 1 })),
    await buyingOrg(db, userId, undefined, namedOrg),
  );
  return new Map(checked.filter((c) => c.blocked).map((c) => [c.materialId, c.message]));
}
