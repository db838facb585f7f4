import PDFDocument from 'pdfkit';
import { cjkFonts } from '../../lib/cjk-fonts.ts';
import { drawPictogram } from './pictogram-pdf.ts';
import {
  PRECAUTION_SECTIONS,
  statementText,
  type LabelContent,
  type StatementLine,
} from './label-content.ts';

/**
 * The GB 15258 safety label of one pack and lot as a one-page PDF. Top to bottom as the standard
 * orders it (docs/safety.md, "The label"): the product's names and identifiers, the pictograms,
 * the signal word below them, the hazard statements, the precautionary statements by kind, the
 * reference to the SDS, then the supplier and the 24-hour emergency phone. Text is Noto Sans SC
 * embedded as a subset, so it stays selectable.
 */

const MM = 72 / 25.4;
/**
 * Label sizes, smallest first: 100 x 150 mm, the warehouse's label rolls (above the 52 x 74 mm a
 * package of up to 3 L asks for), and A5 for a product whose statements do not fit it.
 */
const SHEETS = [
  { width: 100 * MM, height: 150 * MM },
  { width: 148 * MM, height: 210 * MM },
] as const;
const MARGIN = 5 * MM;
/** Pictograms at least 16 mm, as the label of a small package asks where it can. */
const PICTOGRAM = 16 * MM;
const PICTOGRAM_GAP = 1.5 * MM;
/** Sizes the statements may take, largest first; below the last a label is no longer legible. */
const STATEMENT_SIZES = [7.5, 7, 6.5, 6, 5.5, 5] as const;
const SMALLEST = 5;
const RED = '#e60012';
const GREY = '#444444';
const SDS_REFERENCE = '请参阅化学品安全技术说明书（SDS）';
/** The space between the blocks of statements, in lines of their size. */
const BLOCK_GAP = 0.3;

type Doc = PDFKit.PDFDocument;

/** A label sheet and the width its text runs in. */
interface Sheet {
  width: number;
  height: number;
  text: number;
}
const sheetOf = (s: { width: number; height: number }): Sheet => ({
  ...s,
  text: s.width - 2 * MARGIN,
});

/** An ideographic space between statements and between the identifiers of a line. */
const GAP = '\u3000';
const joined = (lines: readonly StatementLine[]) => lines.map(statementText).join(GAP);

/** The precautionary paragraphs: one per kind, its title first. */
function precautionParagraphs(label: LabelContent): { title: string; text: string }[] {
  return PRECAUTION_SECTIONS.flatMap((s) => {
    const lines = label.precautions[s.key];
    return lines.length > 0 ? [{ title: `【${s.title}】`, text: joined(lines) }] : [];
  });
}

const supplierLines = (label: LabelContent) => [
  `供应商：${label.supplier.name}`,
  `地址：${label.supplier.address}`,
  `电话：${label.supplier.tel}`,
];
const emergencyLine = (label: LabelContent) => `24 小时应急咨询电话：${label.emergencyPhone}`;

// ---- measuring: the same texts in the same fonts, sizes and widths they are written in ----

function headingHeight(doc: Doc, label: LabelContent, sheet: Sheet): number {
  const o = { width: sheet.text };
  let h = doc.font('cjk-bold').fontSize(15).heightOfString(label.name, o);
  if (label.nameEn) h += doc.font('cjk').fontSize(8.5).heightOfString(label.nameEn, o);
  doc.font('cjk').fontSize(8);
  return h + 0.2 * doc.currentLineHeight(true) + 2 * doc.heightOfString('规格', o);
}

function pictogramRows(label: LabelContent, sheet: Sheet): number {
  const perRow = Math.floor((sheet.text + PICTOGRAM_GAP) / (PICTOGRAM + PICTOGRAM_GAP));
  return Math.ceil(label.pictograms.length / perRow);
}

function signalHeight(doc: Doc, label: LabelContent, sheet: Sheet): number {
  if (!label.signalWord) return 0;
  return (
    doc.font('cjk-bold').fontSize(18).heightOfString(label.signalWord, { width: sheet.text }) + MM
  );
}

function statementsHeight(doc: Doc, label: LabelContent, sheet: Sheet, size: number): number {
  const o = { width: sheet.text };
  doc.font('cjk-bold').fontSize(size);
  const headings = doc.heightOfString('危险性说明', o) * 2;
  const reference = doc.heightOfString(SDS_REFERENCE, o);
  doc.font('cjk');
  const hazards = label.hazards.reduce(
    (sum, h) => sum + doc.heightOfString(statementText(h), o),
    0,
  );
  const paragraphs = precautionParagraphs(label).reduce(
    (sum, p) => sum + doc.heightOfString(`${p.title}${p.text}`, o),
    0,
  );
  return headings + reference + hazards + paragraphs + 2 * BLOCK_GAP * doc.currentLineHeight(true);
}

function supplierHeight(doc: Doc, label: LabelContent, sheet: Sheet): number {
  const o = { width: sheet.text };
  const lines = doc.font('cjk').fontSize(7).heightOfString(supplierLines(label).join('\n'), o);
  return lines + doc.font('cjk-bold').fontSize(9).heightOfString(emergencyLine(label), o) + 3;
}

/** What the statements may fill on a sheet: the height between the signal word and the supplier. */
function statementRoom(doc: Doc, label: LabelContent, sheet: Sheet): number {
  const top =
    MARGIN +
    headingHeight(doc, label, sheet) +
    2 * MM +
    pictogramRows(label, sheet) * (PICTOGRAM + PICTOGRAM_GAP) +
    signalHeight(doc, label, sheet);
  return sheet.height - MARGIN - supplierHeight(doc, label, sheet) - 2 * MM - top;
}

/**
 * The smallest sheet the label fits on and the largest statement size that fits it; a label
 * that fits none (dozens of statements) takes the largest sheet at the smallest size and runs
 * on to a second page rather than lose a statement.
 */
function layout(doc: Doc, label: LabelContent): { sheet: Sheet; size: number } {
  for (const s of SHEETS) {
    const sheet = sheetOf(s);
    const room = statementRoom(doc, label, sheet);
    const size = STATEMENT_SIZES.find((f) => statementsHeight(doc, label, sheet, f) <= room);
    if (size !== undefined) return { sheet, size };
  }
  return { sheet: sheetOf(SHEETS[SHEETS.length - 1] ?? SHEETS[0]), size: SMALLEST };
}

// ---- writing ----

function heading(doc: Doc, label: LabelContent, sheet: Sheet): void {
  const o = { width: sheet.text, align: 'center' as const };
  doc.font('cjk-bold').fontSize(15).fillColor('#000').text(label.name, MARGIN, MARGIN, o);
  if (label.nameEn) doc.font('cjk').fontSize(8.5).text(label.nameEn, o);
  doc.moveDown(0.2).font('cjk').fontSize(8).fillColor(GREY);
  doc.text([`CAS号：${label.cas || '--'}`, `货号：${label.number}`].join(GAP + GAP), o);
  doc.text(`规格：${label.pack}${GAP}${GAP}批号：${label.lotNumber}`, o);
}

/** The pictograms in rows, centred; answers the y below them. */
function pictograms(doc: Doc, label: LabelContent, sheet: Sheet, top: number): number {
  const perRow = Math.floor((sheet.text + PICTOGRAM_GAP) / (PICTOGRAM + PICTOGRAM_GAP));
  let y = top;
  for (let i = 0; i < label.pictograms.length; i += perRow) {
    const row = label.pictograms.slice(i, i + perRow);
    const rowWidth = row.length * PICTOGRAM + (row.length - 1) * PICTOGRAM_GAP;
    let x = MARGIN + (sheet.text - rowWidth) / 2;
    for (const code of row) {
      drawPictogram(doc, code, x, y, PICTOGRAM);
      x += PICTOGRAM + PICTOGRAM_GAP;
    }
    y += PICTOGRAM + PICTOGRAM_GAP;
  }
  return y;
}

/** The hazard and precautionary statements and the SDS reference, from `top` down. */
function statements(doc: Doc, label: LabelContent, sheet: Sheet, top: number, size: number) {
  const o = { width: sheet.text };
  doc.font('cjk-bold').fontSize(size).fillColor('#000').text('危险性说明', MARGIN, top, o);
  for (const h of label.hazards) {
    // A code no recorded source gives a text for stands out, so nobody takes it for checked.
    doc
      .font('cjk')
      .fillColor(h.verified ? '#000' : RED)
      .text(statementText(h), o);
  }
  doc.moveDown(BLOCK_GAP).font('cjk-bold').fillColor('#000').text('防范说明', o);
  for (const p of precautionParagraphs(label)) {
    doc.font('cjk-bold').text(p.title, { ...o, continued: true });
    doc.font('cjk').text(p.text, o);
  }
  doc.moveDown(BLOCK_GAP).font('cjk-bold').fillColor(GREY).text(SDS_REFERENCE, o);
}

/** The supplier block at the foot of the sheet, below a rule. */
function supplier(doc: Doc, label: LabelContent, sheet: Sheet): void {
  const top = sheet.height - MARGIN - supplierHeight(doc, label, sheet);
  doc
    .moveTo(MARGIN, top)
    .lineTo(sheet.width - MARGIN, top)
    .lineWidth(0.5)
    .stroke('#999999');
  doc.font('cjk').fontSize(7).fillColor('#000');
  doc.text(supplierLines(label).join('\n'), MARGIN, top + 3, { width: sheet.text });
  doc.font('cjk-bold').fontSize(9).fillColor(RED).text(emergencyLine(label), { width: sheet.text });
}

/** Renders the label; answers the PDF bytes. */
export async function renderLabel(label: LabelContent): Promise<Buffer> {
  const { regular, bold } = cjkFonts();
  const doc = new PDFDocument({
    autoFirstPage: false,
    info: { Title: `化学品安全标签 ${label.name} ${label.lotNumber}`, Author: label.supplier.name },
  });
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const { sheet, size } = layout(doc, label);
  // The supplier block is placed at the foot itself: no bottom margin may push it to a page 2.
  doc.addPage({
    size: [sheet.width, sheet.height],
    margins: { top: MARGIN, left: MARGIN, right: MARGIN, bottom: 1 },
  });
  heading(doc, label, sheet);
  let y = pictograms(doc, label, sheet, doc.y + 2 * MM);
  if (label.signalWord) {
    doc.font('cjk-bold').fontSize(18).fillColor('#000');
    doc.text(label.signalWord, MARGIN, y, {
      width: sheet.text,
      align: 'center',
      characterSpacing: 4,
    });
    y = doc.y + MM;
  }
  statements(doc, label, sheet, y, size);
  supplier(doc, label, sheet);
  doc.end();
  return done;
}
