import { intBetween, randomFor, type Random } from './random.ts';
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

type Point = [number, number];

const ring = (cx: number, cy: number, r: number, sides: number, start: number): Point[] =>
  Array.from({ length: sides }, (_, k) => {
    const a = start + (k * 2 * Math.PI) / sides;
    return [cx + r * Math.cos(a), cy + r * Math.sin(a)];
  });

const fmt = (n: number) => n.toFixed(1);
const line = (a: Point, b: Point, width: number, color = DARK) =>
  `<line x1="${fmt(a[0])}" y1="${fmt(a[1])}" x2="${fmt(b[0])}" y2="${fmt(b[1])}" stroke="${color}" stroke-width="${width}" stroke-linecap="round"/>`;

/** Hetero atoms of a formula, used as labels at the ends of the drawn bonds. */
function heteroAtoms(formula: string): string[] {
  const found = formula.match(/Cl|Br|Na|K|[NOSFPI]/g) ?? [];
  return [...new Set(found)];
}

/** A molecule-like drawing: one or two aromatic rings with labelled substituents. */
function molecule(formula: string, cx: number, cy: number, scale: number, rnd: Random): string {
  const r = 46 * scale;
  const carbons = Number(/C(\d+)/.exec(formula)?.[1] ?? (formula.includes('C') ? 1 : 0));
  // Larger molecules get a second ring fused on the right; the pair stays centred on cx.
  const fused = carbons >= 9;
  const left = fused ? cx - (r * Math.sqrt(3)) / 2 : cx;
  const rings: Point[][] = [ring(left, cy, r, 6, -Math.PI / 2)];
  if (fused) rings.push(ring(left + r * Math.sqrt(3), cy, r, 6, -Math.PI / 2));
  const out: string[] = [];
  for (const pts of rings) {
    out.push(
      `<polygon points="${pts.map((p) => `${fmt(p[0])},${fmt(p[1])}`).join(' ')}" fill="#ffffff" fill-opacity="0.75" stroke="${DARK}" stroke-width="${4 * scale}" stroke-linejoin="round"/>`,
    );
    const [ox, oy] = pts.reduce<Point>((s, p) => [s[0] + p[0] / 6, s[1] + p[1] / 6], [0, 0]);
    for (let k = 0; k < 6; k += 2) {
      const a = pts[k];
      const b = pts[(k + 1) % 6];
      if (!a || !b) continue;
      const shrink = (p: Point): Point => [ox + (p[0] - ox) * 0.72, oy + (p[1] - oy) * 0.72];
      out.push(line(shrink(a), shrink(b), 3 * scale, GREEN));
    }
  }
  const labels = [...heteroAtoms(formula), 'CH3'];
  const outer = rings.flatMap((pts, ri) =>
    pts.filter((_, k) =>
      rings.length === 1 ? true : ri === 0 ? k !== 1 && k !== 2 : k !== 4 && k !== 5,
    ),
  );
  const count = Math.min(labels.length, 4, outer.length);
  const start = intBetween(rnd, 0, outer.length - 1);
  for (let i = 0; i < count; i++) {
    const p = outer[(start + i * 2) % outer.length];
    if (!p) continue;
    const dx = p[0] - cx;
    const dy = p[1] - cy;
    const len = Math.hypot(dx, dy) || 1;
    const end: Point = [p[0] + (dx / len) * 40 * scale, p[1] + (dy / len) * 40 * scale];
    out.push(line(p, end, 4 * scale));
    const label = labels[i % labels.length] ?? 'O';
    const text = label === 'CH3' ? 'CH₃' : label;
    out.push(
      `<circle cx="${fmt(end[0])}" cy="${fmt(end[1])}" r="${17 * scale}" fill="${label === 'CH3' ? '#95d475' : '#ffffff'}" stroke="${GREEN}" stroke-width="${2.5 * scale}"/>`,
      `<text x="${fmt(end[0])}" y="${fmt(end[1] + 6 * scale)}" font-family="${FONT}" font-size="${(label.length > 1 ? 14 : 17) * scale}" font-weight="700" fill="${DARK}" text-anchor="middle">${text}</text>`,
    );
  }
  return out.join('');
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

/** The drawing for a product: element tile, molecule, or a vial for goods without a formula. */
function drawing(formula: string, cx: number, cy: number, scale: number, rnd: Random): string {
  if (/^[A-Z][a-z]?$/.test(formula)) return elementTile(formula, cx, cy, scale);
  if (formula) return molecule(formula, cx, cy, scale, rnd);
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

/** Main picture: the name, the formula and a drawing of the molecule on light green. */
function mainPicture(p: ProductPicture): string {
  const rnd = randomFor(`${p.number}:main`);

  const nameSize = fit(p.name, 520, 46);
  const enSize = fit(p.nameEn, 520, 22);
  return [
    svgOpen(600, 600, p.name),
    background(600, 600, 'bg'),
    `<circle cx="520" cy="80" r="120" fill="#95d475" fill-opacity="0.18"/>`,
    `<circle cx="70" cy="560" r="90" fill="${GREEN}" fill-opacity="0.08"/>`,
    `<text x="32" y="50" font-family="${FONT}" font-size="22" font-weight="700" fill="${GREEN}">${escapeXml(p.brandName)}</text>`,
    `<text x="568" y="50" font-family="${FONT}" font-size="18" fill="#5b7f69" text-anchor="end">${escapeXml(p.number)}</text>`,
    drawing(p.formula, 300, 232, 1.35, rnd),
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

/** Third picture: a structure card with formula and molecular weight. */
function structurePicture(p: ProductPicture): string {
  const rnd = randomFor(`${p.number}:structure`);
  const grid = Array.from({ length: 11 }, (_, i) => i * 60)
    .map(
      (v) =>
        `<line x1="${v}" y1="0" x2="${v}" y2="600" stroke="#d6eedf" stroke-width="1"/><line x1="0" y1="${v}" x2="600" y2="${v}" stroke="#d6eedf" stroke-width="1"/>`,
    )
    .join('');
  return [
    svgOpen(600, 600, `${p.name} 结构示意`),
    '<rect width="600" height="600" fill="#f7fcf9"/>',
    grid,
    `<rect x="40" y="40" width="520" height="520" rx="24" fill="none" stroke="${GREEN}" stroke-width="3" stroke-dasharray="10 8"/>`,
    drawing(p.formula, 300, 270, 1.7, rnd),
    p.formula ? formulaText(p.formula, 300, 480, fit(p.formula, 420, 34), DARK) : '',
    p.molecularWeight
      ? `<text x="300" y="520" font-family="${FONT}" font-size="20" fill="#4d6b59" text-anchor="middle">MW ${escapeXml(p.molecularWeight)}</text>`
      : `<text x="300" y="500" font-family="${FONT}" font-size="24" fill="#4d6b59" text-anchor="middle">${escapeXml(p.name)}</text>`,
    '</svg>',
  ].join('');
}

/** Picture `index` (1-3) of a product. */
export function productSvg(p: ProductPicture, index: number): string {
  if (index === 2) return labelPicture(p);
  if (index === 3) return structurePicture(p);
  return mainPicture(p);
}

/** A typical substance of each standards category, drawn on its tile. */
const CATEGORY_FORMULA: Record<string, string> = {
  drug: 'C8H9NO2',
  food: 'C17H12O6',
  pesticide: 'C9H11Cl3NO3PS',
  veterinary: 'C19H22FN3O3',
  cosmetic: 'C8H8O3',
  environment: 'C20H12',
  natural: 'C15H10O7',
};

/**
 * Picture of a standards category (hot classification items): the title over a typical molecule,
 * centred so that cropping to another aspect ratio keeps both. The summary is shown as text by
 * the page, so it is not repeated in the picture.
 */
export function categorySvg(key: string, title: string): string {
  const rnd = randomFor(`category:${key}`);
  const formula = CATEGORY_FORMULA[key] ?? 'C6H6';
  return [
    svgOpen(480, 320, title),
    background(480, 320, `c${key}`),
    `<circle cx="420" cy="40" r="110" fill="#95d475" fill-opacity="0.22"/>`,
    `<circle cx="50" cy="300" r="80" fill="${GREEN}" fill-opacity="0.07"/>`,
    `<text x="240" y="62" font-family="${FONT}" font-size="${fit(title, 360, 34)}" font-weight="700" fill="#1f3b2b" text-anchor="middle">${escapeXml(title)}</text>`,
    `<rect x="212" y="78" width="56" height="5" rx="2.5" fill="${GREEN}"/>`,
    molecule(formula, 240, 212, 0.92, rnd),
    '</svg>',
  ].join('');
}

/** Home carousel banner, 1920×480, text on the left and molecules on the right. */
export function bannerSvg(b: BannerSeed): string {
  const rnd = randomFor(`banner:${b.file}`);
  const [from, to] = b.colors;
  return [
    svgOpen(1920, 480, b.title),
    `<defs><linearGradient id="g" x1="0" y1="0" x2="1" y2="0.4"><stop offset="0" stop-color="${from}"/><stop offset="1" stop-color="${to}"/></linearGradient></defs>`,
    '<rect width="1920" height="480" fill="url(#g)"/>',
    '<circle cx="1560" cy="120" r="260" fill="#ffffff" fill-opacity="0.08"/>',
    '<circle cx="1780" cy="420" r="180" fill="#ffffff" fill-opacity="0.06"/>',
    `<g opacity="0.9">${molecule('C20H12', 1330, 190, 1.5, rnd)}${molecule('C6H6O', 1700, 330, 1.1, rnd)}</g>`,
    `<rect x="300" y="118" width="${40 + emWidth(b.badge) * 26}" height="44" rx="22" fill="#ffffff" fill-opacity="0.2"/>`,
    `<text x="${320}" y="148" font-family="${FONT}" font-size="24" fill="#ffffff">${escapeXml(b.badge)}</text>`,
    `<text x="300" y="250" font-family="${FONT}" font-size="${fit(b.title, 900, 72)}" font-weight="700" fill="#ffffff">${escapeXml(b.title)}</text>`,
    `<text x="300" y="320" font-family="${FONT}" font-size="30" fill="#ffffff" fill-opacity="0.92">${escapeXml(b.subtitle)}</text>`,
    `<rect x="300" y="356" width="180" height="52" rx="26" fill="#ffffff"/>`,
    `<text x="390" y="390" font-family="${FONT}" font-size="24" font-weight="700" fill="${DARK}" text-anchor="middle">立即查看</text>`,
    '</svg>',
  ].join('');
}
