import { createRequire } from 'node:module';
import fs from 'node:fs';
import PDFDocument from 'pdfkit';
import { amountInWords, toYuan } from '@labshop/shared';
import { chinaDate } from '../../lib/clock.ts';

/**
 * One layout for the quote (报价单), the order confirmation (订单确认单) and the delivery note
 * (送货单): the shop's letterhead, the customer, the lines, totals in figures and in 大写, notes
 * and the seal (docs/procurement.md section 4). The Chinese font is Noto Sans SC from its
 * package, embedded as a subset of the glyphs used, so the text stays selectable and no system
 * font is needed.
 */

const require = createRequire(import.meta.url);
const FONT_PACKAGE = '@expo-google-fonts/noto-sans-sc';
const fontFile = (name: string) =>
  require.resolve(`${FONT_PACKAGE}/package.json`).replace(/package\.json$/, name);

let fonts: { regular: Buffer; bold: Buffer } | undefined;
/** The font files, read once per process (about 10 MB each; only the used glyphs are embedded). */
function loadFonts() {
  fonts ??= {
    regular: fs.readFileSync(fontFile('400Regular/NotoSansSC_400Regular.ttf')),
    bold: fs.readFileSync(fontFile('700Bold/NotoSansSC_700Bold.ttf')),
  };
  return fonts;
}

export interface DocumentLine {
  name: string;
  number: string;
  cas: string;
  pack: string;
  quantity: number;
  /** Fen; null prints 询价 (prices are left out entirely when the document shows none). */
  unitPrice: number | null;
  /**
   * The lot shipped (delivery notes, docs/lots.md): the document gets 批号 and 有效期至 columns
   * when any line has one. A null expiry prints 以实物为准.
   */
  lot?: { number: string | null; expire: string | null };
}

export interface DocumentSpec {
  title: string;
  /** Label and value of the document's number, e.g. ['报价单号', 'BJ2026...']. */
  number: [string, string];
  date: number;
  seller: { name: string; address: string; tel: string; email: string };
  bank: { accountName: string; bankName: string; accountNumber: string } | null;
  /** The customer block: label and value pairs. */
  customer: [string, string][];
  lines: DocumentLine[];
  /** Kinds of goods in 共 N 种 when lines are not one per kind (one line per lot); else lines. */
  kinds?: number;
  /** Prices, amounts and totals are printed (not on a delivery note). */
  priced: boolean;
  /** Fen; printed when priced and known. */
  totals: { goods: number; freight: number; amount: number } | null;
  notes: string[];
  /** PNG or JPEG of the company seal, from the site settings. */
  seal: Buffer | null;
  /**
   * A table of other columns in place of the goods lines (a statement's orders), a column of
   * width 0 taking the room left; with it `summary` takes the place of the goods totals.
   */
  table?: { columns: TableColumn[]; rows: string[][] };
  /** Lines of figures above a total printed in figures and in 大写 (fen). */
  summary?: { lines: string[]; label: string; total: number };
}

export interface TableColumn {
  title: string;
  width: number;
  align: 'left' | 'right' | 'center';
}

const GREEN = '#3aa665';
const GREY = '#666666';
const LINE = '#cccccc';

export const money = (fen: number) =>
  toYuan(fen).toLocaleString('zh-CN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

interface Column extends TableColumn {
  cell: (l: DocumentLine, index: number) => string;
}

/** Printed for a lot without a known expiry (未分批). */
const EXPIRY_UNKNOWN = '以实物为准';

function columnsOf(priced: boolean, lots: boolean): Column[] {
  const fixed: Column[] = [
    { title: '序号', width: 30, align: 'center', cell: (_, i) => String(i + 1) },
    { title: '货号', width: 80, align: 'left', cell: (l) => l.number },
    { title: '商品名称', width: 0, align: 'left', cell: (l) => l.name },
    // With the lot columns CAS and pack give a little room so the product name keeps some.
    { title: 'CAS', width: lots ? 62 : 70, align: 'left', cell: (l) => l.cas },
    { title: '包装', width: lots ? 50 : 55, align: 'left', cell: (l) => l.pack },
  ];
  if (lots) {
    fixed.push(
      { title: '批号', width: 70, align: 'left', cell: (l) => l.lot?.number || '--' },
      {
        title: '有效期至',
        width: 60,
        align: 'left',
        cell: (l) => l.lot?.expire || EXPIRY_UNKNOWN,
      },
    );
  }
  fixed.push({ title: '数量', width: 40, align: 'right', cell: (l) => String(l.quantity) });
  if (priced) {
    fixed.push(
      {
        title: '单价(元)',
        width: 65,
        align: 'right',
        cell: (l) => (l.unitPrice === null ? '询价' : money(l.unitPrice)),
      },
      {
        title: '金额(元)',
        width: 75,
        align: 'right',
        cell: (l) => (l.unitPrice === null ? '--' : money(l.unitPrice * l.quantity)),
      },
    );
  }
  return fixed;
}

/** The columns with the one of width 0 given the room the others leave. */
function fitted<C extends TableColumn>(cols: C[], width: number): C[] {
  const used = cols.reduce((s, c) => s + c.width, 0);
  return cols.map((c) => (c.width === 0 ? { ...c, width: width - used } : c));
}

/** The table the document prints: its own, or the goods lines in the goods columns. */
function tableOf(spec: DocumentSpec, width: number): { cols: TableColumn[]; rows: string[][] } {
  if (spec.table) return { cols: fitted(spec.table.columns, width), rows: spec.table.rows };
  const cols = fitted(
    columnsOf(
      spec.priced,
      spec.lines.some((l) => l.lot !== undefined),
    ),
    width,
  );
  return { cols, rows: spec.lines.map((l, i) => cols.map((c) => c.cell(l, i))) };
}

/** A total in figures and, below it, in 大写 (docs/procurement.md section 1). */
function printTotal(
  doc: PDFKit.PDFDocument,
  label: string,
  fen: number,
  left: number,
  width: number,
): void {
  doc
    .font('cjk-bold')
    .fontSize(11)
    .text(`${label}：¥${money(fen)}`, left, doc.y + 2, { width, align: 'right' });
  doc
    .font('cjk-bold')
    .fontSize(10)
    .text(`人民币（大写）：${amountInWords(fen)}`, left, doc.y + 2, { width, align: 'right' });
}

/** Renders the document; answers the PDF bytes. */
export async function renderDocument(spec: DocumentSpec): Promise<Buffer> {
  const { regular, bold } = loadFonts();
  const doc = new PDFDocument({
    size: 'A4',
    margin: 40,
    info: { Title: `${spec.title} ${spec.number[1]}`, Author: spec.seller.name },
    bufferPages: true,
  });
  doc.registerFont('cjk', regular);
  doc.registerFont('cjk-bold', bold);
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });

  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;

  // Letterhead.
  doc
    .font('cjk-bold')
    .fontSize(16)
    .fillColor(GREEN)
    .text(spec.seller.name || '--', left, 40);
  const contact = [
    spec.seller.address && `地址：${spec.seller.address}`,
    spec.seller.tel && `电话：${spec.seller.tel}`,
    spec.seller.email && `邮箱：${spec.seller.email}`,
  ].filter(Boolean);
  doc.font('cjk').fontSize(9).fillColor(GREY).text(contact.join('    '), left);
  doc
    .moveTo(left, doc.y + 6)
    .lineTo(left + width, doc.y + 6)
    .lineWidth(1.5)
    .strokeColor(GREEN)
    .stroke();
  doc.moveDown(1.2);

  doc.font('cjk-bold').fontSize(20).fillColor('#000').text(spec.title, left, doc.y, {
    width,
    align: 'center',
    characterSpacing: 6,
  });
  doc.moveDown(0.4);
  doc
    .font('cjk')
    .fontSize(9.5)
    .fillColor('#000')
    .text(`${spec.number[0]}：${spec.number[1]}`, left, doc.y, { continued: true })
    .text(`日期：${chinaDate(spec.date)}`, { align: 'right' });
  doc.moveDown(0.6);

  // Customer block, two pairs per row.
  doc.fontSize(9.5);
  const half = width / 2;
  for (let i = 0; i < spec.customer.length; i += 2) {
    const y = doc.y;
    const pair = spec.customer.slice(i, i + 2);
    let h = 0;
    pair.forEach(([label, value], k) => {
      const text = `${label}：${value || '--'}`;
      doc.text(text, left + k * half, y, { width: half - 10 });
      h = Math.max(h, doc.heightOfString(text, { width: half - 10 }));
    });
    doc.y = y + h + 3;
  }
  doc.moveDown(0.6);

  // Lines.
  const { cols, rows } = tableOf(spec, width);
  const pad = 4;
  const drawHeader = () => {
    const y = doc.y;
    doc.rect(left, y, width, 20).fill('#eef7f1');
    doc.font('cjk-bold').fontSize(9).fillColor('#000');
    let x = left;
    for (const c of cols) {
      doc.text(c.title, x + pad, y + 5, { width: c.width - 2 * pad, align: c.align });
      x += c.width;
    }
    doc.y = y + 20;
    doc.font('cjk').fontSize(9);
  };
  drawHeader();
  rows.forEach((cells) => {
    const h =
      Math.max(
        ...cells.map((t, k) => doc.heightOfString(t, { width: (cols[k]?.width ?? 0) - 2 * pad })),
      ) + 8;
    if (doc.y + h > bottom() - 20) {
      doc.addPage();
      drawHeader();
    }
    const y = doc.y;
    let x = left;
    cols.forEach((c, k) => {
      doc.text(cells[k] ?? '', x + pad, y + 4, { width: c.width - 2 * pad, align: c.align });
      x += c.width;
    });
    doc
      .moveTo(left, y + h)
      .lineTo(left + width, y + h)
      .lineWidth(0.5)
      .strokeColor(LINE)
      .stroke();
    doc.y = y + h;
  });

  // Totals.
  const units = spec.lines.reduce((s, l) => s + l.quantity, 0);
  const kinds = spec.kinds ?? spec.lines.length;
  doc.moveDown(0.5);
  if (doc.y > bottom() - 120) doc.addPage();
  if (spec.summary) {
    doc.font('cjk').fontSize(9.5);
    for (const line of spec.summary.lines) doc.text(line, left, doc.y, { width, align: 'right' });
    printTotal(doc, spec.summary.label, spec.summary.total, left, width);
  } else if (spec.priced && spec.totals) {
    const t = spec.totals;
    doc
      .font('cjk')
      .fontSize(9.5)
      .text(
        `共 ${kinds} 种 ${units} 件    商品金额：¥${money(t.goods)}    运费：¥${money(t.freight)}`,
        left,
        doc.y,
        { width, align: 'right' },
      );
    printTotal(doc, '合计', t.amount, left, width);
  } else {
    doc.font('cjk').fontSize(9.5).text(`共 ${kinds} 种 ${units} 件`, left, doc.y, {
      width,
      align: 'right',
    });
  }
  doc.moveDown(1);

  // Notes and bank details.
  doc.font('cjk').fontSize(9).fillColor('#000');
  const notes = [...spec.notes];
  if (spec.bank) {
    notes.push(
      `收款账户：${spec.bank.accountName}    开户银行：${spec.bank.bankName}    账号：${spec.bank.accountNumber}`,
    );
  }
  if (notes.length > 0) {
    doc.font('cjk-bold').text('说明', left);
    doc.font('cjk');
    notes.forEach((n, i) => doc.text(`${i + 1}. ${n}`, left, doc.y + 2, { width }));
  }

  // Signature area with the seal. The seal goes below the seller's name and date, so it covers
  // none of the document's data (the bank account above, the date beside it).
  doc.moveDown(1.5);
  const SEAL = 90;
  if (doc.y > bottom() - (spec.seal ? 40 + SEAL : 110)) doc.addPage();
  const signY = doc.y;
  doc.font('cjk').fontSize(9.5);
  doc.text(`${spec.seller.name || '--'}（盖章）`, left + width - 220, signY, { width: 220 });
  doc.text(`日期：${chinaDate(spec.date)}`, left + width - 220, signY + 16, { width: 220 });
  if (spec.seal) {
    try {
      doc.image(spec.seal, left + width - 220, signY + 34, { fit: [SEAL, SEAL] });
    } catch {
      // An unreadable seal image leaves the place empty rather than failing the document.
    }
  }
  if (spec.priced) {
    doc.text('客户确认（签字/盖章）：', left, signY, { width: 220 });
  } else {
    doc.text('收货人签字：', left, signY, { width: 220 });
    doc.text('签收日期：', left, signY + 16, { width: 220 });
  }

  // Page numbers.
  const range = doc.bufferedPageRange();
  for (let p = range.start; p < range.start + range.count; p += 1) {
    doc.switchToPage(p);
    // The footer sits in the bottom margin; without the margin pdfkit would start a new page.
    doc.page.margins.bottom = 0;
    doc
      .font('cjk')
      .fontSize(8)
      .fillColor(GREY)
      .text(`第 ${p + 1} 页 / 共 ${range.count} 页`, left, doc.page.height - 30, {
        width,
        align: 'center',
        lineBreak: false,
      });
  }
  doc.end();
  return done;
}
