import type { GhsPictogram } from '@labshop/shared';

/**
 * The nine GHS pictograms drawn small and inline, GB 30000 style: a red diamond border on white
 * with a black symbol, each named in Chinese below it (docs/compliance.md section 6 for the
 * source of the shapes and names). The symbols are drawings of the official ones, enough to
 * tell them apart at label size.
 */
const SYMBOLS: Record<GhsPictogram, { title: string; body: string }> = {
  GHS01: {
    title: '爆炸物',
    body: '<circle cx="50" cy="56" r="9"/><path d="M50 30v10M50 72v10M26 56h10M64 56h10M33 39l7 7M60 66l7 7M33 73l7-7M60 46l7-7" stroke="#000" stroke-width="4"/>',
  },
  GHS02: {
    title: '易燃',
    body: '<path d="M50 26c4 12 16 18 14 32a14 14 0 0 1-28 0c0-8 6-12 6-20 4 4 4 8 8 10 2-8 0-14 0-22z"/><rect x="32" y="72" width="36" height="5"/>',
  },
  GHS03: {
    title: '氧化性',
    body: '<circle cx="50" cy="62" r="12" fill="none" stroke="#000" stroke-width="5"/><path d="M50 26c4 10 12 14 10 24a10 10 0 0 1-20 0c0-6 4-8 4-14 4 4 2 6 6 8z"/><rect x="32" y="76" width="36" height="4"/>',
  },
  GHS04: {
    title: '加压气体',
    body: '<rect x="32" y="44" width="36" height="22" rx="11"/><rect x="44" y="36" width="12" height="8"/>',
  },
  GHS05: {
    title: '腐蚀性',
    body: '<path d="M30 36h14l-4 10H30zM56 36h14v10H60z"/><path d="M34 50v6M38 50v8M62 50v6M66 50v8" stroke="#000" stroke-width="3"/><rect x="28" y="64" width="18" height="10"/><path d="M54 74c6-10 18-10 18 0z"/>',
  },
  GHS06: {
    title: '急性毒性',
    body: '<circle cx="50" cy="44" r="13"/><circle cx="45" cy="42" r="3" fill="#fff"/><circle cx="55" cy="42" r="3" fill="#fff"/><path d="M32 62l36 14M68 62L32 76" stroke="#000" stroke-width="5"/>',
  },
  GHS07: {
    title: '警示',
    body: '<rect x="46" y="28" width="8" height="32" rx="3"/><circle cx="50" cy="70" r="5"/>',
  },
  GHS08: {
    title: '健康危害',
    // A person's bust with a white eight-pointed star on the chest.
    body: '<circle cx="50" cy="29.5" r="9"/><path d="M45.5 35h9v8h-9z"/><path d="M29 70C29 55 33 46 42 43.5Q50 41.5 58 43.5C67 46 71 55 71 70z"/><path d="M50 49 51.6 54.6 56.7 51.8 53.9 56.9 59.5 58.5 53.9 60.1 56.7 65.2 51.6 62.4 50 68 48.4 62.4 43.3 65.2 46.1 60.1 40.5 58.5 46.1 56.9 43.3 51.8 48.4 54.6z" fill="#fff"/>',
  },
  GHS09: {
    title: '危害水生环境',
    // A withered tree and a dead fish, belly up, on the ground.
    body: '<g fill="none" stroke="#000" stroke-linecap="round" stroke-linejoin="round"><path d="M28 70H72" stroke-width="3.2"/><path d="M38 69V34" stroke-width="4.4"/><path d="M38 53 29 44M29 44l-1.5-5.5M29 44l-5.5 1M38 46l8.5-9M46.5 37l.5-6M46.5 37l5.5-1M38 40l-4.5-8.5" stroke-width="2.8"/></g><path d="M46 62c4.5-6 15-6 19 0-4 6-14.5 6-19 0z"/><path d="M64 62l8-5.5v11z"/><path d="M53 65.5l3 4 3.5-4z"/><path d="M49.2 59.8l2.6 2.6m0-2.6-2.6 2.6" stroke="#fff" stroke-width="1" stroke-linecap="round"/>',
  },
};

/** One pictogram with its Chinese name as a caption (the picture itself is named too). */
export function GhsPictogramIcon({ code, size = 48 }: { code: GhsPictogram; size?: number }) {
  const s = SYMBOLS[code];
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
        <path d="M50 3 97 50 50 97 3 50z" fill="#fff" stroke="#e60012" strokeWidth="7" />
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
