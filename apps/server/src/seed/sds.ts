import PDFDocument from 'pdfkit';
import { GHS_PICTOGRAM_DRAWINGS, REGULATION_LABEL, isHazardous, strictest } from '@labshop/shared';
import type { Db } from '../db/database.ts';
import { cjkFonts } from '../lib/cjk-fonts.ts';
import { privateKey, type FileStore } from '../lib/file-store/index.ts';
import { drawPictogram, HAZARD_TEXTS } from '../domains/safety/index.ts';
import type { ProductSpec } from './catalogue.ts';
import { regulationSeedOf } from './data/regulation.ts';
import { company } from './data/site.ts';

/**
 * The demo's Chinese safety data sheets (docs/safety.md, "Demo data"): one short sheet per
 * hazardous demo product, laid out in the 16 parts of GB/T 16483 and marked on every page as a
 * demonstration (演示文件): parts 1-3, 14 and 15 say what the shop knows of the product (names,
 * CAS, GHS label, classes); the other parts say they are left out. Version 1.0, revised on the
 * day the demo was made.
 */
export const DEMO_SDS_VERSION = '1.0';
const REVISED = '2025-01-01';
export const DEMO_SDS_REVISED_AT = Date.parse(`${REVISED}T00:00:00+08:00`);

/** The sheet's path in the file store's private area, as safety_data_sheets.file holds it. */
export const demoSdsFile = (number: string) => `sds/demo/${number}-zh-${DEMO_SDS_VERSION}.pdf`;

/** The demo products the law asks a Chinese SDS of (any class, or a GHS pictogram). */
export function hazardousSpecs(catalogue: readonly ProductSpec[]): ProductSpec[] {
  return catalogue.filter((spec) => {
    const r = regulationSeedOf(spec);
    return isHazardous({ category: strictest(r.categories), ghs: r.ghs });
  });
}

/** The demo sheets' rows, for the seed's transaction. */
export async function insertDemoSds(
  trx: Db,
  catalogue: readonly ProductSpec[],
  productId: ReadonlyMap<string, number>,
  createdAt: number,
): Promise<void> {
  const rows = hazardousSpecs(catalogue).flatMap((spec) => {
    const id = productId.get(spec.number);
    return id === undefined
      ? []
      : [
          {
            productId: id,
            language: 'zh',
            version: DEMO_SDS_VERSION,
            revisedAt: DEMO_SDS_REVISED_AT,
            file: demoSdsFile(spec.number),
            // No staff member uploaded them: the demo did.
            staffId: 0,
            createdAt,
          },
        ];
  });
  if (rows.length > 0) await trx.insertInto('safetyDataSheets').values(rows).execute();
}

const DEMO_MARK = '演示文件 · 示例数据，不得用于实际危险化学品的使用、储运和应急处置';
const LEFT_OUT =
  '第 4 至 14 部分：演示文件，内容从略。实际使用请以供应商提供的正式安全技术说明书为准。';
const LEFT_OUT_PARTS = [
  '第 4 部分\u3000急救措施',
  '第 5 部分\u3000消防措施',
  '第 6 部分\u3000泄漏应急处理',
  '第 7 部分\u3000操作处置与储存',
  '第 8 部分\u3000接触控制和个体防护',
  '第 9 部分\u3000理化特性',
  '第 10 部分\u3000稳定性和反应性',
  '第 11 部分\u3000毒理学信息',
  '第 12 部分\u3000生态学信息',
  '第 13 部分\u3000废弃处置',
  '第 14 部分\u3000运输信息',
];
const MARGIN = 50;

type Doc = PDFKit.PDFDocument;

function part(doc: Doc, title: string, lines: readonly string[]): void {
  doc.moveDown(0.6).font('cjk-bold').fontSize(11).fillColor('#1a5c36').text(title);
  doc.font('cjk').fontSize(9).fillColor('#222222');
  for (const line of lines) doc.text(line, { width: doc.page.width - 2 * MARGIN });
}

/** The demo mark at the head and the foot of a page (outside its margins, which it lifts). */
function markPage(doc: Doc): void {
  const { width, height, margins } = doc.page;
  const bottom = margins.bottom;
  margins.bottom = 0;
  doc.save().font('cjk-bold').fontSize(9).fillColor('#c0392b');
  doc.text(DEMO_MARK, MARGIN, 22, { width: width - 2 * MARGIN, align: 'center', lineBreak: false });
  doc.text(`修订日期：${REVISED}\u3000版本：${DEMO_SDS_VERSION}\u3000演示`, MARGIN, height - 34, {
    width: width - 2 * MARGIN,
    align: 'center',
    lineBreak: false,
  });
  doc.restore();
  margins.bottom = bottom;
  doc.x = MARGIN;
  doc.y = margins.top;
}

/** One demo sheet as a PDF. */
export async function demoSdsPdf(spec: ProductSpec): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margins: { top: 48, bottom: 48, left: MARGIN, right: MARGIN },
    info: { Title: `${spec.name} 化学品安全技术说明书（演示）`, Author: company.name },
  });
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  doc.on('pageAdded', () => markPage(doc));
  markPage(doc);

  const r = regulationSeedOf(spec);
  const ghs = r.ghs;
  doc
    .font('cjk-bold')
    .fontSize(18)
    .fillColor('#000')
    .text('化学品安全技术说明书', { align: 'center' });
  doc.font('cjk').fontSize(10).fillColor('#555555');
  doc.text(`${spec.name}\u3000${spec.nameEn}`, { align: 'center' });

  part(doc, '第 1 部分\u3000化学品及企业标识', [
    `化学品中文名：${spec.name}`,
    `化学品英文名：${spec.nameEn || '--'}`,
    `产品编号（货号）：${spec.number}`,
    `供应商：${company.name}`,
    `地址：${company.address}`,
    `电话：${company.tel}\u300024 小时应急咨询电话：${company.tel}`,
    '推荐用途：实验室分析、检测用标准物质与试剂。',
  ]);
  part(doc, '第 2 部分\u3000危险性概述', [
    `信号词：${ghs?.signalWord ?? '无'}`,
    `象形图：${ghs?.pictograms.map((p) => `${p} ${GHS_PICTOGRAM_DRAWINGS[p].title}`).join('、') || '无'}`,
    ghs && ghs.hazardStatements.length > 0 ? '危险性说明：' : '危险性说明：无',
    ...(ghs?.hazardStatements ?? []).map((h) => `\u3000${h} ${HAZARD_TEXTS[h]?.text ?? '待核实'}`),
  ]);
  if (ghs && ghs.pictograms.length > 0) {
    const size = 48;
    const top = doc.y + 6;
    ghs.pictograms.forEach((p, i) => drawPictogram(doc, p, MARGIN + i * (size + 8), top, size));
    doc.x = MARGIN;
    doc.y = top + size + 4;
  }
  part(doc, '第 3 部分\u3000成分/组成信息', [
    '物质/混合物：物质',
    `化学名：${spec.name}\u3000CAS 号：${spec.cas || '--'}`,
    `分子式：${spec.molecularFormula || '--'}\u3000分子量：${spec.molecularWeight || '--'}`,
  ]);
  doc.moveDown(0.6).font('cjk').fontSize(9).fillColor('#c0392b').text(LEFT_OUT);
  for (const title of LEFT_OUT_PARTS) {
    doc.moveDown(0.3).font('cjk-bold').fontSize(11).fillColor('#1a5c36');
    doc.text(title, { continued: true });
    doc
      .font('cjk')
      .fontSize(9)
      .fillColor('#888888')
      .text(
        title.endsWith('操作处置与储存') && spec.temperature
          ? `\u3000储存温度：${spec.temperature}；其余从略`
          : '\u3000从略（演示）',
      );
  }
  part(doc, '第 15 部分\u3000法规信息', [
    r.categories.length > 0
      ? `管制类别：${r.categories.map((c) => REGULATION_LABEL[c]).join('、')}`
      : '管制类别：无',
  ]);
  part(doc, '第 16 部分\u3000其他信息', [
    `本文件为${company.name}在线商城演示数据自动生成的示例，仅供演示商城功能。`,
  ]);
  doc.end();
  return done;
}

/** Where the stamp of the demo sheets written is kept (a dot name: never served). */
const STAMP = privateKey('sds/demo/.written');
const STAMP_VERSION = '1';

/**
 * Writes the demo sheets the seeded rows point at, unless its stamp says they are all there.
 * The stamp goes in last, so a start killed halfway writes them all again.
 */
export async function writeDemoSds(store: FileStore, catalogue: readonly ProductSpec[]) {
  const stamp = await store.stat(STAMP);
  if (stamp && stamp.size === STAMP_VERSION.length) return;
  for (const spec of hazardousSpecs(catalogue)) {
    await store.put(privateKey(demoSdsFile(spec.number)), await demoSdsPdf(spec), {
      type: 'application/pdf',
    });
  }
  await store.put(STAMP, Buffer.from(STAMP_VERSION));
}
