import { depictSvg } from '../domains/chemistry/index.ts';
import type { BannerSeed } from './data/site.ts';

/** Pictures of the demo catalogue, drawn as small SVG files at seed time. */

const FONT = "'PingFang SC','Microsoft YaHei','Noto Sans CJK SC','Source Han Sans SC',sans-serif";
const GREEN = '#3aa665';
const DARK = '#267a48';

export function escapeXml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

/** Width of a text in em: CJK and full-width characters are square, Latin ones narrower. */
function emWidth(text: string): number {
  let w = 0;
  for (const ch of text) w += (ch.codePointAt(0) ?? 0) > 0x2e7f ? 1 : 0.58;
  return w;
}

/** Largest font size (<= max) at which `text` fits in `width` pixels. */
function fit(text: string, width: number, max: number): number {
  return Math.max(12, Math.min(max, Math.floor(width / Math.max(1, emWidth(text)))));
}

/** A formula as SVG text with lowered digits: C8H9NO2 -> C8 H9 N O2 with subscripts. */
function formulaText(formula: string, x: number, y: number, size: number, fill: string): string {
  const sub = Math.round(size * 0.28);
  let pending = 0;
  const parts = formula.match(/\d+|[^\d]+/g) ?? [];
  const spans = parts.map((part) => {
    if (/^\d+$/.test(part)) {
      const dy = sub - pending;
      pending = sub;
      return `<tspan dy="${dy}" font-size="${Math.round(size * 0.68)}">${part}</tspan>`;
    }
    const dy = -pending;
    pending = 0;
    return `<tspan dy="${dy}">${escapeXml(part)}</tspan>`;
  });
  return `<text x="${x}" y="${y}" font-family="${FONT}" font-size="${size}" fill="${fill}" text-anchor="middle">${spans.join('')}</text>`;
}

const fmt = (n: number) => n.toFixed(1);

/** A true depiction of `smiles`, placed with its top-left corner at (x, y). */
function structureAt(smiles: string, x: number, y: number, w: number, h: number, id: string) {
  return `<g transform="translate(${x} ${y})">${depictSvg(smiles, w, h, id)}</g>`;
}

/** A vial or box for goods without a structure (supplies, instruments). */
function goodsIcon(cx: number, cy: number, scale: number): string {
  const w = 110 * scale;
  const h = 150 * scale;
  const x = cx - w / 2;
  const y = cy - h / 2;
  return [
    `<rect x="${fmt(x + w * 0.2)}" y="${fmt(y - 26 * scale)}" width="${fmt(w * 0.6)}" height="${fmt(30 * scale)}" rx="${6 * scale}" fill="${DARK}"/>`,
    `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(w)}" height="${fmt(h)}" rx="${18 * scale}" fill="#ffffff" stroke="${DARK}" stroke-width="${4 * scale}"/>`,
    `<rect x="${fmt(x)}" y="${fmt(y + h * 0.55)}" width="${fmt(w)}" height="${fmt(h * 0.45)}" rx="${18 * scale}" fill="#95d475" fill-opacity="0.8"/>`,
    `<rect x="${fmt(x + 14 * scale)}" y="${fmt(y + h * 0.18)}" width="${fmt(w - 28 * scale)}" height="${fmt(28 * scale)}" rx="${4 * scale}" fill="${GREEN}" fill-opacity="0.25"/>`,
  ].join('');
}

const ATOMIC_NUMBER: Record<string, number> = {
  Cr: 24,
  Ni: 28,
  Cu: 29,
  Zn: 30,
  As: 33,
  Cd: 48,
  Hg: 80,
  Pb: 82,
};

/** A periodic-table tile for single-element standard solutions. */
function elementTile(symbol: string, cx: number, cy: number, scale: number): string {
  const size = 150 * scale;
  const x = cx - size / 2;
  const y = cy - size / 2;
  const z = ATOMIC_NUMBER[symbol];
  return [
    `<rect x="${fmt(x)}" y="${fmt(y)}" width="${fmt(size)}" height="${fmt(size)}" rx="${14 * scale}" fill="#ffffff" stroke="${DARK}" stroke-width="${4 * scale}"/>`,
    z
      ? `<text x="${fmt(x + 16 * scale)}" y="${fmt(y + 32 * scale)}" font-family="${FONT}" font-size="${22 * scale}" fill="${GREEN}">${z}</text>`
      : '',
    `<text x="${fmt(cx)}" y="${fmt(cy + 30 * scale)}" font-family="${FONT}" font-size="${80 * scale}" font-weight="700" fill="${DARK}" text-anchor="middle">${escapeXml(symbol)}</text>`,
    `<rect x="${fmt(x)}" y="${fmt(y + size - 22 * scale)}" width="${fmt(size)}" height="${fmt(22 * scale)}" fill="#95d475" fill-opacity="0.8"/>`,
  ].join('');
}

/**
 * The drawing of a product without a depicted structure: an element's tile, otherwise the vial
 * of its category. Never a made-up molecule: structures are drawn from their SMILES only.
 */
function drawing(formula: string, cx: number, cy: number, scale: number): string {
  if (/^[A-Z][a-z]?$/.test(formula)) return elementTile(formula, cx, cy, scale);
  return goodsIcon(cx, cy, scale * 0.9);
}

export interface ProductPicture {
  number: string;
  name: string;
  nameEn: string;
  formula: string;
  cas: string;
  brandName: string;
  pack: string;
  molecularWeight: string;
}

const svgOpen = (w: number, h: number, label: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${escapeXml(label)}">`;

function background(w: number, h: number, id: string): string {
  return `<defs><linearGradient id="${id}" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="#f3faf5"/><stop offset="1" stop-color="#dff2e6"/></linearGradient></defs><rect width="${w}" height="${h}" fill="url(#${id})"/>`;
}

/** Main picture of a product without a drawn structure: its name, formula and an icon. */
function mainPicture(p: ProductPicture): string {
  const nameSize = fit(p.name, 520, 46);
  const enSize = fit(p.nameEn, 520, 22);
  return [
    svgOpen(600, 600, p.name),
    background(600, 600, 'bg'),
    `<circle cx="520" cy="80" r="120" fill="#95d475" fill-opacity="0.18"/>`,
    `<circle cx="70" cy="560" r="90" fill="${GREEN}" fill-opacity="0.08"/>`,
    `<text x="32" y="50" font-family="${FONT}" font-size="22" font-weight="700" fill="${GREEN}">${escapeXml(p.brandName)}</text>`,
    `<text x="568" y="50" font-family="${FONT}" font-size="18" fill="#5b7f69" text-anchor="end">${escapeXml(p.number)}</text>`,
    drawing(p.formula, 300, 232, 1.35),
    `<text x="300" y="432" font-family="${FONT}" font-size="${nameSize}" font-weight="700" fill="#1f3b2b" text-anchor="middle">${escapeXml(p.name)}</text>`,
    `<text x="300" y="470" font-family="${FONT}" font-size="${enSize}" fill="#4d6b59" text-anchor="middle">${escapeXml(p.nameEn)}</text>`,
    p.formula ? formulaText(p.formula, 300, 516, fit(p.formula, 420, 30), DARK) : '',
    p.cas
      ? `<text x="300" y="560" font-family="${FONT}" font-size="18" fill="#5b7f69" text-anchor="middle">CAS ${escapeXml(p.cas)}</text>`
      : '',
    '</svg>',
  ].join('');
}

/** Second picture: the bottle with its label. */
function labelPicture(p: ProductPicture): string {
  const nameSize = fit(p.name, 230, 26);
  const enSize = fit(p.nameEn, 230, 15);
  return [
    svgOpen(600, 600, `${p.name} 包装`),
    background(600, 600, 'bg2'),
    `<rect x="225" y="70" width="150" height="70" rx="10" fill="${DARK}"/>`,
    `<rect x="240" y="130" width="120" height="24" fill="#1e6039"/>`,
    `<rect x="150" y="150" width="300" height="390" rx="36" fill="#7a4a1e" fill-opacity="0.85"/>`,
    `<rect x="165" y="170" width="40" height="340" rx="20" fill="#ffffff" fill-opacity="0.18"/>`,
    `<rect x="168" y="230" width="264" height="240" rx="8" fill="#ffffff"/>`,
    `<rect x="168" y="230" width="264" height="40" rx="8" fill="${GREEN}"/>`,
    `<text x="300" y="258" font-family="${FONT}" font-size="20" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(p.brandName)}</text>`,
    `<text x="300" y="312" font-family="${FONT}" font-size="${nameSize}" font-weight="700" fill="#1f3b2b" text-anchor="middle">${escapeXml(p.name)}</text>`,
    `<text x="300" y="340" font-family="${FONT}" font-size="${enSize}" fill="#4d6b59" text-anchor="middle">${escapeXml(p.nameEn)}</text>`,
    `<line x1="190" y1="356" x2="410" y2="356" stroke="#cfe8d8" stroke-width="2"/>`,
    `<text x="190" y="384" font-family="${FONT}" font-size="15" fill="#33513f">货号：${escapeXml(p.number)}</text>`,
    p.cas
      ? `<text x="190" y="410" font-family="${FONT}" font-size="15" fill="#33513f">CAS：${escapeXml(p.cas)}</text>`
      : '',
    `<text x="190" y="436" font-family="${FONT}" font-size="15" fill="#33513f">规格：${escapeXml(p.pack)}</text>`,
    `<text x="300" y="458" font-family="${FONT}" font-size="11" fill="#7f9a89" text-anchor="middle">For laboratory use only</text>`,
    '</svg>',
  ].join('');
}

/** Picture 1 (name card) or 2 (label photo) of a product. */
export function productSvg(p: ProductPicture, index: 1 | 2): string {
  return index === 2 ? labelPicture(p) : mainPicture(p);
}

/**
 * A typical substance of each standards category, drawn on its tile: paracetamol, aflatoxin B1,
 * chlorpyrifos, enrofloxacin, methylparaben, benzo[a]pyrene, quercetin.
 */
const CATEGORY_SMILES: Record<string, string> = {
  drug: 'CC(=O)Nc1ccc(O)cc1',
  food: 'COC1=C2C3=C(C(=O)CC3)C(=O)OC2=C4[C@@H]5C=CO[C@@H]5OC4=C1',
  pesticide: 'CCOP(=S)(OCC)Oc1nc(Cl)c(Cl)cc1Cl',
  veterinary: 'CCN1CCN(CC1)c1cc2n(cc(C(=O)O)c(=O)c2cc1F)C1CC1',
  cosmetic: 'COC(=O)c1ccc(O)cc1',
  environment: 'C1=CC=C2C3=C4C(=CC2=C1)C=CC5=C4C(=CC=C5)C=C3',
  natural: 'O=c1c(O)c(-c2ccc(O)c(O)c2)oc2cc(O)cc(O)c12',
};

/**
 * Picture of a standards category (hot classification items): the title over a typical molecule,
 * centred so that cropping to another aspect ratio keeps both. The summary is shown as text by
 * the page, so it is not repeated in the picture.
 */
export function categorySvg(key: string, title: string): string {
  const smiles = CATEGORY_SMILES[key] ?? 'c1ccccc1';
  return [
    svgOpen(480, 320, title),
    background(480, 320, `c${key}`),
    `<circle cx="420" cy="40" r="110" fill="#95d475" fill-opacity="0.22"/>`,
    `<circle cx="50" cy="300" r="80" fill="${GREEN}" fill-opacity="0.07"/>`,
    `<text x="240" y="62" font-family="${FONT}" font-size="${fit(title, 360, 34)}" font-weight="700" fill="#1f3b2b" text-anchor="middle">${escapeXml(title)}</text>`,
    `<rect x="212" y="78" width="56" height="5" rx="2.5" fill="${GREEN}"/>`,
    structureAt(smiles, 110, 96, 260, 210, `c${key}m`),
    '</svg>',
  ].join('');
}

/** Benzo[a]pyrene and phenol, drawn on the banners. */
const BANNER_SMILES = ['C1=CC=C2C3=C4C(=CC2=C1)C=CC5=C4C(=CC=C5)C=C3', 'Oc1ccccc1'] as const;

/** Home carousel banner, 1920×480, text on the left and molecules on the right. */
export function bannerSvg(b: BannerSeed): string {
  const [from, to] = b.colors;
  return [
    svgOpen(1920, 480, b.title),
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="1920" height="480" fill="url(#g)"/>',
    '<circle cx="1560" cy="120" r="260" fill="#ffffff" fill-opacity="0.08"/>',
    '<circle cx="1780" cy="420" r="180" fill="#ffffff" fill-opacity="0.06"/>',
    `<g opacity="0.9">${structureAt(BANNER_SMILES[0], 1130, 40, 420, 300, 'b1')}${structureAt(BANNER_SMILES[1], 1580, 230, 240, 200, 'b2')}</g>`,
    `<rect x="300" y="118" width="${40 + emWidth(b.badge) * 26}" height="44" rx="22" fill="#ffffff" fill-opacity="0.2"/>`,
    `<text x="${320}" y="148" font-family="${FONT}" font-size="24" fill="#ffffff">${escapeXml(b.badge)}</text>`,
    `<text x="300" y="250" font-family="${FONT}" font-size="${fit(b.title, 900, 72)}" font-weight="700" fill="#ffffff">${escapeXml(b.title)}</text>`,
    `<text x="300" y="320" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.92">${escapeXml(b.subtitle)}</text>`,
    `<rect x="300" y="356" width="180" height="52" rx="26" fill="#ffffff"/>`,
    `<text x="390" y="390" font-family="${FONT}" font-size="24" font-weight="700" fill="${DARK}" text-anchor="middle">立即查看</text>`,
    '</svg>',
  ].join('');
}
