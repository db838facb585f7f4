import type { Db } from '../../db/database.ts';
import * as repo from './catalogue-admin.repository.ts';
import { parseStringList, parseStringRecord } from '../../lib/json-text.ts';
import { listStores, stocksOfPacks } from '../stock/index.ts';
import { parseCategories, parseGhs } from '../../lib/regulation-columns.ts';

/** The GHS label as its import cell: 'GHS02 GHS07|危险|H225 H319'; '' without one. */
function ghsCell(text: string | null): string {
  const g = parseGhs(text);
  if (!g) return '';
  return [g.pictograms.join(' '), g.signalWord ?? '', g.hazardStatements.join(' ')].join(
    LIST_SEPARATOR,
  );
}
import {
  CATEGORY_SEPARATOR,
  COLUMNS,
  LIST_SEPARATOR,
  NO,
  STOCK_PREFIX,
  YES,
  shippingClassCell,
  yuanText,
  type FieldKey,
} from './columns.ts';
import { writeCsv, writeXlsx, type OutCell, type SheetFormat } from '../../lib/sheets.ts';

/** Products read per step of an export. */
const BATCH = 500;

const yesNo = (v: number) => (v === 1 ? YES : NO);

async function headersWithStores(db: Db) {
  const stores = await listStores(db);
  return {
    stores,
    headers: [...COLUMNS.map((c) => c.header), ...stores.map((s) => `${STOCK_PREFIX}${s.name}`)],
  };
}

/**
 * The catalogue (or the given products) as sheet rows, one per pack, in the columns the import
 * reads: export, edit, import changes only what was edited.
 */
async function exportRows(db: Db, ids: readonly number[] | undefined) {
  const { stores, headers } = await headersWithStores(db);
  const categories = await repo.listCategories(db);
  const byId = new Map(categories.map((c) => [c.id, c]));
  const pathOf = (id: number | null) => {
    const parts: string[] = [];
    for (
      let at = id === null ? undefined : byId.get(id), d = 0;
      at && d < 10;
      at = byId.get(at.pid), d++
    ) {
      parts.unshift(at.title);
    }
    return parts.join(CATEGORY_SEPARATOR);
  };
  const allIds = ids ?? (await repo.listProductIds(db));
  const rows: OutCell[][] = [];
  for (let i = 0; i < allIds.length; i += BATCH) {
    const part = allIds.slice(i, i + BATCH);
    const products = await repo.findProductsByIds(db, part);
    const [materials, relations] = await Promise.all([
      repo.listMaterials(db, part),
      repo.listRelations(db, part),
    ]);
    const stocks = await stocksOfPacks(
      db,
      materials.map((m) => m.id),
    );
    const count = new Map(stocks.map((s) => [`${s.materialId}:${s.storeId}`, Number(s.count)]));
    for (const p of products) {
      const fields: Record<FieldKey, string> = {
        number: p.number,
        pack: '',
        name: p.name,
        nameEn: p.nameEn,
        alias: p.alias,
        synonyms: p.synonyms,
        cas: p.cas,
        soluteCas: p.soluteCas,
        brandName: p.brandName ?? '',
        category: pathOf(p.categoryId),
        temperature: p.temperature,
        molecularWeight: p.molecularWeight,
        molecularFormula: p.molecularFormula,
        mdl: p.mdl,
        nationalStandard: p.nationalStandard,
        purity: p.purity,
        control: p.control,
        regulationCategory: parseCategories(p.regulationCategories, p.regulationCategory).join(
          LIST_SEPARATOR,
        ),
        ghs: ghsCell(p.ghs),
        introduction: p.introduction,
        summary: p.summary,
        attributes: JSON.stringify(parseStringRecord(p.attributes)),
        image: p.image,
        images: parseStringList(p.images).join(LIST_SEPARATOR),
        relationItems: relations
          .filter((r) => r.productId === p.id)
          .map((r) => r.number)
          .join(LIST_SEPARATOR),
        isHot: yesNo(p.isHot),
        isNew: yesNo(p.isNew),
        onSale: yesNo(p.onSale),
        price: '',
        userPrice: '',
        materialOnSale: '',
        shippingClass: '',
        unNumber: '',
        hazardClass: '',
        leadTimeDays: '',
      };
      for (const m of materials.filter((x) => x.productId === p.id)) {
        const row = {
          ...fields,
          pack: m.pack,
          price: yuanText(m.price),
          userPrice: yuanText(m.userPrice),
          materialOnSale: yesNo(m.onSale),
          shippingClass: shippingClassCell(m.shippingClass),
          unNumber: m.unNumber,
          hazardClass: m.hazardClass,
          leadTimeDays: m.leadTimeDays === null ? '' : String(m.leadTimeDays),
        };
        rows.push([
          ...COLUMNS.map((c) => row[c.key]),
          ...stores.map((s) => String(count.get(`${m.id}:${s.id}`) ?? 0)),
        ]);
      }
    }
  }
  return { headers, rows };
}

export async function exportCatalogue(
  db: Db,
  format: SheetFormat,
  ids?: readonly number[],
): Promise<Buffer> {
  const { headers, rows } = await exportRows(db, ids);
  return format === 'csv' ? writeCsv(headers, rows) : writeXlsx([{ name: '商品', headers, rows }]);
}

/** The import template: the headers, one example row, and (XLSX) a sheet describing each column. */
export async function importTemplate(db: Db, format: SheetFormat): Promise<Buffer> {
  const { stores, headers } = await headersWithStores(db);
  const example = [
    ...COLUMNS.map((c) => c.example),
    ...stores.map((_, i) => (i === 0 ? '10' : '0')),
  ];
  if (format === 'csv') return writeCsv(headers, [example]);
  const descriptions = [
    ...COLUMNS.map((c) => [c.header, c.key, c.description, c.example]),
    ...stores.map((s) => [
      `${STOCK_PREFIX}${s.name}`,
      `stock:${s.name}`,
      `该包装在“${s.name}”的库存数量（整数）；留空则不改`,
      '10',
    ]),
  ];
  return writeXlsx([
    { name: '商品', headers, rows: [example] },
    {
      name: '填写说明',
      headers: ['列名', '接口字段名', '说明', '示例'],
      rows: descriptions,
      widths: [16, 18, 70, 24],
    },
  ]);
}
