/**
 * A one-page certificate of analysis as a minimal PDF 1.4 file: standard Helvetica fonts (no
 * embedding), one content stream and a correct cross-reference table. English (Latin-1) text only, which
 * keeps the file a few kilobytes and free of font dependencies.
 */

export interface CoaTest {
  item: string;
  specification: string;
  result: string;
}

export interface CoaInfo {
  company: string;
  address: string;
  productName: string;
  productNumber: string;
  lotNumber: string;
  cas: string;
  formula: string;
  molecularWeight: string;
  pack: string;
  certifiedValue: string;
  uncertainty: string;
  storage: string;
  /** YYYY-MM-DD */
  releaseDate: string;
  /** YYYY-MM-DD */
  expiryDate: string;
  tests: CoaTest[];
}

const GREEN = '0.227 0.651 0.396';
const DARK = '0.15 0.2 0.17';

/** PDF literal string: printable ASCII plus ° and µ (Latin-1, in WinAnsi), special characters escaped. */
function pdfString(text: string): string {
  const ascii = text.replace(/[^\x20-\x7e\xb0\xb5]/g, '?');
  return `(${ascii.replace(/\\/g, '\\\\').replace(/\(/g, '\\(').replace(/\)/g, '\\)')})`;
}

class Page {
  private readonly ops: string[] = [];

  text(x: number, y: number, size: number, text: string, bold = false, color = DARK): this {
    this.ops.push(
      `BT ${color} rg /${bold ? 'F2' : 'F1'} ${size} Tf ${x} ${y} Td ${pdfString(text)} Tj ET`,
    );
    return this;
  }

  rect(x: number, y: number, w: number, h: number, color: string): this {
    this.ops.push(`${color} rg ${x} ${y} ${w} ${h} re f`);
    return this;
  }

  line(
    x1: number,
    y1: number,
    x2: number,
    y2: number,
    width = 0.6,
    color = '0.75 0.82 0.78',
  ): this {
    this.ops.push(`${color} RG ${width} w ${x1} ${y1} m ${x2} ${y2} l S`);
    return this;
  }

  toString(): string {
    return this.ops.join('\n');
  }
}

function render(c: CoaInfo): string {
  const page = new Page();
  page
    .rect(0, 770, 595, 72, GREEN)
    .text(48, 808, 20, 'CERTIFICATE OF ANALYSIS', true, '1 1 1')
    .text(48, 786, 10, c.company, false, '1 1 1')
    .text(400, 808, 10, 'ISO 17034:2016', true, '1 1 1')
    .text(400, 792, 10, 'ISO 9001:2015', true, '1 1 1');

  const rows: [string, string][] = [
    ['Product name', c.productName],
    ['Catalogue number', c.productNumber],
    ['Lot number', c.lotNumber],
    ['CAS number', c.cas || '-'],
    ['Molecular formula', c.formula || '-'],
    ['Molecular weight', c.molecularWeight || '-'],
    ['Package', c.pack],
    ['Storage', c.storage],
    ['Release date', c.releaseDate],
    ['Expiry date', c.expiryDate],
  ];
  let y = 740;
  for (const [label, value] of rows) {
    page.text(48, y, 10, label, true).text(200, y, 10, value);
    y -= 18;
  }

  y -= 8;
  page.rect(48, y - 34, 499, 44, '0.93 0.97 0.94');
  page
    .text(60, y - 8, 11, 'Certified value', true)
    .text(200, y - 8, 11, c.certifiedValue, true, GREEN);
  page.text(60, y - 25, 9, 'Expanded uncertainty (k = 2)').text(200, y - 25, 9, c.uncertainty);

  y -= 64;
  page.text(48, y, 12, 'Test results', true);
  y -= 16;
  page.rect(48, y - 6, 499, 20, GREEN);
  page
    .text(56, y, 10, 'Test item', true, '1 1 1')
    .text(220, y, 10, 'Specification', true, '1 1 1')
    .text(420, y, 10, 'Result', true, '1 1 1');
  y -= 22;
  for (const t of c.tests) {
    page.text(56, y, 10, t.item).text(220, y, 10, t.specification).text(420, y, 10, t.result);
    page.line(48, y - 6, 547, y - 6);
    y -= 20;
  }

  y -= 16;
  const notes = [
    'Traceability: the certified value is traceable to the SI through gravimetric preparation',
    'and verified against a certified reference material by HPLC / GC.',
    'Homogeneity and stability were assessed according to ISO Guide 35.',
    'Intended use: calibration and quality control in laboratory analysis only.',
  ];
  for (const n of notes) {
    page.text(48, y, 9, n, false, '0.35 0.42 0.38');
    y -= 13;
  }

  page.line(48, 120, 230, 120, 0.8, DARK).line(365, 120, 547, 120, 0.8, DARK);
  page.text(48, 106, 9, 'Quality control').text(365, 106, 9, 'Quality assurance manager');
  page.text(48, 60, 8, `${c.company}  |  ${c.address}`, false, '0.45 0.5 0.47');
  return page.toString();
}

/** Builds the PDF bytes of one certificate. */
export function coaPdf(c: CoaInfo): Buffer {
  const content = render(c);
  const date = c.releaseDate.replace(/-/g, '');
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Resources << /Font << /F1 4 0 R /F2 5 0 R >> >> /Contents 6 0 R >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>',
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica-Bold /Encoding /WinAnsiEncoding >>',
    `<< /Length ${Buffer.byteLength(content, 'latin1')} >>\nstream\n${content}\nendstream`,
    `<< /Title ${pdfString(`COA ${c.productNumber} ${c.lotNumber}`)} /Author ${pdfString(c.company)} /CreationDate (D:${date}000000Z) >>`,
  ];
  let out = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
  const offsets: number[] = [];
  objects.forEach((body, i) => {
    offsets.push(Buffer.byteLength(out, 'latin1'));
    out += `${i + 1} 0 obj\n${body}\nendobj\n`;
  });
  const xref = Buffer.byteLength(out, 'latin1');
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  out += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R /Info 7 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}
