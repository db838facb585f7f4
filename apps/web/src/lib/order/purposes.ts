/**
 * The buyer's stated use of each 易制爆 line (docs/compliance.md section 3). Every path that
 * places an order with such a line (the cart's confirm page and the quote page) checks and
 * sends it here, so the two cannot drift.
 */

/** Longest stated use the order accepts (packages/shared/src/schemas/orders.ts). */
export const PURPOSE_MAX = 200;

/** The stated use typed so far, by pack (materialId). */
export type Purposes = Readonly<Record<number, string>>;

/** A line that asks a stated use: the pack and how the buyer sees it. */
export type PurposeLine = { materialId: number; name: string; pack: string };

/** The lines still without a stated use, in line order. */
export function missingPurposes<T extends Pick<PurposeLine, 'materialId'>>(
  lines: readonly T[],
  value: Purposes,
): T[] {
  return lines.filter((l) => (value[l.materialId] ?? '').trim() === '');
}

/** The message for the first line still without a stated use, or null when every line has one. */
export function purposeProblem(lines: readonly PurposeLine[], value: Purposes): string | null {
  const first = missingPurposes(lines, value)[0];
  return first ? `请填写「${first.name} ${first.pack}」的用途` : null;
}

/** `purposes` of the order request. */
export function purposesBody(
  lines: readonly Pick<PurposeLine, 'materialId'>[],
  value: Purposes,
): { materialId: number; purpose: string }[] {
  return lines.map((l) => ({
    materialId: l.materialId,
    purpose: (value[l.materialId] ?? '').trim(),
  }));
}
