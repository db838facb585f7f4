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
    body: '<circle cx="50" cy="34" r="7"/><path d="M38 46h24v32H38z"/><path d="M50 50l6 8-6 8-6-8z" fill="#fff"/>',
  },
  GHS09: {
    title: '危害水生环境',
    body: '<path d="M30 52l10-20v20zM46 74c8-10 24-10 28 0-4 6-20 8-28 0z"/><path d="M28 78h20" stroke="#000" stroke-width="3"/>',
  },
};

/** The diamond border every pictogram is drawn in: red on white. */
export const GHS_DIAMOND = { path: 'M50 3 97 50 50 97 3 50z', stroke: '#e60012', strokeWidth: 7 };
