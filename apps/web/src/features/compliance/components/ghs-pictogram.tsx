import { GHS_DIAMOND, GHS_PICTOGRAM_DRAWINGS, type GhsPictogram } from '@labshop/shared';

/*
 * The nine GHS pictograms drawn small and inline from the drawings the safety label PDF uses too
 * (packages/shared/src/ghs-pictograms.ts): a red diamond border on white with a black symbol,
 * each named in Chinese below it (docs/compliance.md section 6 for the shapes and names).
 */

/** One pictogram with its Chinese name as a caption (the picture itself is named too). */
export function GhsPictogramIcon({ code, size = 48 }: { code: GhsPictogram; size?: number }) {
  const s = GHS_PICTOGRAM_DRAWINGS[code];
  return (
    <figure
      className="m-0 flex w-[4.5rem] flex-col items-center gap-0.5"
      data-testid={`ghs-${code}`}
    >
      <svg
        viewBox="0 0 100 100"
        width={size}
        height={size}
        role="img"
        aria-label={`${code} ${s.title}`}
      >
        <title>{`${code} ${s.title}`}</title>
        <path
          d={GHS_DIAMOND.path}
          fill="#fff"
          stroke={GHS_DIAMOND.stroke}
          strokeWidth={GHS_DIAMOND.strokeWidth}
        />
        <g fill="#000" dangerouslySetInnerHTML={{ __html: s.body }} />
      </svg>
      {/* The picture's own name says it to a screen reader already. */}
      <figcaption
        className="whitespace-nowrap text-center text-xs leading-tight text-gray-700"
        aria-hidden="true"
      >
        {s.title}
      </figcaption>
    </figure>
  );
}
