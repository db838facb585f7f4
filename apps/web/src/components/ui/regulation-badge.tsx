import { REGULATION_BADGE, REGULATION_LABEL, type RegulationCategory } from '@labshop/shared';

/** A small badge of a product's regulatory class (docs/compliance.md); nothing without one. */
export function RegulationBadge({ category }: { category: RegulationCategory | null }) {
  if (!category) return null;
  const strong = category !== 'hazardous';
  return (
    <span
      title={REGULATION_LABEL[category]}
      data-testid="regulation-badge"
      className={
        strong
          ? 'ml-2 rounded border border-red-600 px-1 align-middle text-xs font-normal text-red-700'
          : 'ml-2 rounded border border-orange-400 px-1 align-middle text-xs font-normal text-orange-600'
      }
    >
      {REGULATION_BADGE[category]}
    </span>
  );
}
