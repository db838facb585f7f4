import { GHS_DIAMOND, GHS_PICTOGRAM_DRAWINGS, type GhsPictogram } from '@labshop/shared';

/** What of PDFKit's document the drawing uses (kept narrow, so tests can watch it). */
export interface Canvas {
  save(): this;
  restore(): this;
  translate(x: number, y: number): this;
  scale(factor: number): this;
  path(d: string): this;
  circle(x: number, y: number, r: number): this;
  rect(x: number, y: number, w: number, h: number): this;
  roundedRect(x: number, y: number, w: number, h: number, r: number): this;
  lineWidth(w: number): this;
  fill(color: string): this;
  stroke(color: string): this;
  fillAndStroke(fill: string, stroke: string): this;
}

interface Shape {
  tag: 'path' | 'circle' | 'rect';
  attrs: Record<string, string>;
}

const ELEMENT = /<(path|circle|rect)\b([^>]*?)\/?>/g;
const ATTRIBUTE = /([a-z-]+)="([^"]*)"/g;

/** The elements of a pictogram's markup (GHS_PICTOGRAM_DRAWINGS: path, circle, rect only). */
export function shapesOf(markup: string): Shape[] {
  return [...markup.matchAll(ELEMENT)].map((m) => ({
    tag: m[1] as Shape['tag'],
    attrs: Object.fromEntries(
      [...(m[2] ?? '').matchAll(ATTRIBUTE)].map((a): [string, string] => [a[1] ?? '', a[2] ?? '']),
    ),
  }));
}

const num = (v: string | undefined) => Number(v ?? 0);

/**
 * Draws one shape as a browser would inside the pictogram's black-filled group: filled black
 * unless it says otherwise, stroked where it has a stroke.
 */
function drawShape(doc: Canvas, shape: Shape): void {
  const a = shape.attrs;
  if (shape.tag === 'path') doc.path(a.d ?? '');
  else if (shape.tag === 'circle') doc.circle(num(a.cx), num(a.cy), num(a.r));
  else if (a.rx) doc.roundedRect(num(a.x), num(a.y), num(a.width), num(a.height), num(a.rx));
  else doc.rect(num(a.x), num(a.y), num(a.width), num(a.height));
  const fill = a.fill ?? '#000';
  const stroke = a.stroke;
  if (stroke) doc.lineWidth(num(a['stroke-width'] ?? '1'));
  if (stroke && fill !== 'none') doc.fillAndStroke(fill, stroke);
  else if (stroke) doc.stroke(stroke);
  else doc.fill(fill);
}

/**
 * A GHS pictogram at (x, y), `size` points wide: the red diamond on white with its black symbol,
 * from the same drawings the storefront shows.
 */
export function drawPictogram(
  doc: Canvas,
  code: GhsPictogram,
  x: number,
  y: number,
  size: number,
): void {
  doc
    .save()
    .translate(x, y)
    .scale(size / 100);
  doc.path(GHS_DIAMOND.path).lineWidth(GHS_DIAMOND.strokeWidth);
  doc.fillAndStroke('#ffffff', GHS_DIAMOND.stroke);
  for (const shape of shapesOf(GHS_PICTOGRAM_DRAWINGS[code].body)) drawShape(doc, shape);
  doc.restore();
}
