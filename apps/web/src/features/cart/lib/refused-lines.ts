import type { QualificationKind } from '@labshop/shared';
import type { CartLine, ComplianceCheck } from '@labshop/shared/schemas';
import type { RefusedLine } from '@/components/compliance/refused-lines';

/** A line's check, with the documents it needs where the server names them. */
type LineCheck = ComplianceCheck[number] & {
  needs?: readonly QualificationKind[];
  holderDiffers?: boolean;
};

/** The organization whose documents a check used, or null for the member's own. */
export function checkedOrgOf(
  checks: readonly Pick<ComplianceCheck[number], 'org'>[] | undefined,
): { id: number; name: string } | null {
  return checks?.find((c) => c.org)?.org ?? null;
}

/** The blocked lines of a check, named, in the order of the lines. */
export function refusedLinesOf(
  lines: readonly Pick<CartLine, 'materialId' | 'name' | 'pack'>[],
  checks: readonly LineCheck[] | undefined,
): RefusedLine[] {
  const blocked = new Map((checks ?? []).filter((c) => c.blocked).map((c) => [c.materialId, c]));
  return lines.flatMap((l) => {
    const c = blocked.get(l.materialId);
    return c
      ? [
          {
            key: l.materialId,
            name: l.name,
            pack: l.pack,
            needs: c.needs ?? [],
            message: c.message,
            holderDiffers: c.holderDiffers ?? false,
          },
        ]
      : [];
  });
}
