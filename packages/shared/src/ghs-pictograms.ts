import type { GhsPictogram } from './regulation.ts';

/**
 * The nine GHS pictograms as drawn on the storefront (product page, cart) and on the safety label
 * PDF: each is SVG markup on a 100 x 100 box, filled black by default, drawn inside the red
 * diamond border on white (GB 30000 style), with its Chinese name. The markup uses only path,
 * circle and rect elements with fill, stroke and stroke-width, which the label's PDF writer
 * draws the same way a browser does.
 */
export const GHS_PICTOGRAM_DRAWINGS: Readonly<
  Record<GhsPictogram, { title: string; body: string }>
> = {
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
    // A person's bust with a white eight-pointed star on the chest (GB 30000.1 图1).
    body: '<circle cx="50" cy="29.5" r="9"/><path d="M45.5 35h9v8h-9z"/><path d="M29 70C29 55 33 46 42 43.5Q50 41.5 58 43.5C67 46 71 55 71 70z"/><path d="M50 49 51.6 54.6 56.7 51.8 53.9 56.9 59.5 58.5 53.9 60.1 56.7 65.2 51.6 62.4 50 68 48.4 62.4 43.3 65.2 46.1 60.1 40.5 58.5 46.1 56.9 43.3 51.8 48.4 54.6z" fill="#fff"/>',
  },
  GHS09: {
    title: '危害水生环境',
    // A withered tree and a dead fish, belly up, on the ground (GB 30000.28).
    body: '<path d="M28 70H72" fill="none" stroke="#000" stroke-width="3.2"/><path d="M38 69V34" fill="none" stroke="#000" stroke-width="4.4"/><path d="M38 53 29 44M29 44l-1.5-5.5M29 44l-5.5 1M38 46l8.5-9M46.5 37l.5-6M46.5 37l5.5-1M38 40l-4.5-8.5" fill="none" stroke="#000" stroke-width="2.8"/><path d="M46 62c4.5-6 15-6 19 0-4 6-14.5 6-19 0z"/><path d="M64 62l8-5.5v11z"/><path d="M53 65.5l3 4 3.5-4z"/><path d="M49.2 59.8l2.6 2.6m0-2.6-2.6 2.6" fill="none" stroke="#fff" stroke-width="1"/>',
  },
};

/** The diamond border every pictogram is drawn in: red on white. */
export const GHS_DIAMOND = { path: 'M50 3 97 50 50 97 3 50z', stroke: '#e60012', strokeWidth: 7 };
