/**
 * The lines of a price list as staff keep them in a spreadsheet (docs/contract-prices-credit.md, "导入合同价"):
 * a header row naming 货号, 规格, 合同价 and 起订量 (or 物料ID instead of 货号 and 规格), one
 * tier a row. Rows are read here; which pack a 货号 and 规格 name is asked of the server.
 */

export interface SheetLine {
  row: number;
  number: string;
  pack: string;
  materialId: number | null;
  price: number;
  minQuantity: number;
}

export interface SheetProblem {
  row: number;
  msg: string;
}

const HEADERS = {
  number: ['货号', 'number'],
  pack: ['规格', 'pack'],
  materialId: ['物料id', 'materialid'],
  price: ['合同价', 'price'],
  minQuantity: ['起订量', '起订数量', 'minquantity'],
} as const;

type Field = keyof typeof HEADERS;

function columnsOf(header: string[]): Partial<Record<Field, number>> {
  const columns: Partial<Record<Field, number>> = {};
  header.forEach((cell, i) => {
    const name = cell.trim().toLowerCase();
    for (const [field, names] of Object.entries(HEADERS) as [Field, readonly string[]][]) {
      if (names.includes(name) && columns[field] === undefined) columns[field] = i;
    }
  });
  return columns;
}

/** Reads the rows (cells as text, the first row the header) into lines and problems. */
export function readSheetLines(cells: string[][]): {
  lines: SheetLine[];
  problems: SheetProblem[];
} {
  const [header = [], ...body] = cells;
  const col = columnsOf(header);
  if (col.price === undefined || (col.number === undefined && col.materialId === undefined)) {
    return { lines: [], problems: [{ row: 1, msg: '表头需包含 货号（或 物料ID）和 合同价' }] };
  }
  const lines: SheetLine[] = [];
  const problems: SheetProblem[] = [];
  body.forEach((cells, i) => {
    const row = i + 2;
    const at = (c: number | undefined) => (c === undefined ? '' : (cells[c] ?? '').trim());
    if (cells.every((c) => c.trim() === '')) return;
    const price = Number(at(col.price));
    const minText = at(col.minQuantity);
    const minQuantity = minText === '' ? 1 : Number(minText);
    const idText = at(col.materialId);
    const materialId = idText === '' ? null : Number(idText);
    if (at(col.price) === '' || !Number.isFinite(price) || price <= 0) {
      problems.push({ row, msg: '合同价须为大于 0 的金额' });
    } else if (Math.abs(Math.round(price * 100) - price * 100) > 1e-6) {
      problems.push({ row, msg: '合同价最多两位小数' });
    } else if (!Number.isInteger(minQuantity) || minQuantity < 1) {
      problems.push({ row, msg: '起订量须为正整数' });
    } else if (materialId !== null && (!Number.isInteger(materialId) || materialId < 1)) {
      problems.push({ row, msg: '物料ID有误' });
    } else if (materialId === null && at(col.number) === '') {
      problems.push({ row, msg: '请填写货号' });
    } else {
      lines.push({
        row,
        number: at(col.number),
        pack: at(col.pack),
        materialId,
        price,
        minQuantity,
      });
    }
  });
  return { lines, problems };
}

/** The cells of the workbook's first sheet as text (an .xlsx file). */
export async function readWorkbookCells(file: File): Promise<string[][]> {
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await file.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) return [];
  const cells: string[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row, n) => {
    const values: string[] = [];
    row.eachCell({ includeEmpty: true }, (cell, c) => {
      values[c - 1] = cell.text;
    });
    cells[n - 1] = Array.from(values, (v) => v ?? '');
  });
  return Array.from(cells, (r) => r ?? []);
}
