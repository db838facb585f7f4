import type { Db } from '../../db/database.ts';
import { company } from '../content/index.ts';
import { documentDetail } from '../stock/index.ts';
import { renderDocument, type DocumentSpec } from './document-pdf.ts';

/*
 * The warehouse's own papers in the shop's one document layout (docs/lots.md): a receipt
 * (入库单), transfer (调拨单) or stocktake (盘点单) with its lines, lots and signatures.
 */

const TITLE = { receipt: '入库单', transfer: '调拨单', stocktake: '盘点单' } as const;
const NUMBER_PREFIX = { receipt: 'RK', transfer: 'DB', stocktake: 'PD' } as const;

/** What the person signing checks, printed above the layout's signature lines. */
const CHECKS: Record<keyof typeof TITLE, string> = {
  receipt: '到货请逐批核对批号、有效期与数量，分析证书（COA）按批号归档。',
  transfer: '调出与调入仓库分别核对批号与数量。',
  stocktake: '数量为盘点差异（实盘减账面），账实相符的批次不列出。',
};

/** The document's printable number, e.g. RK000012. */
export const stockDocumentNumber = (kind: keyof typeof TITLE, id: number) =>
  `${NUMBER_PREFIX[kind]}${String(id).padStart(6, '0')}`;

export async function stockDocumentPdf(db: Db, id: number): Promise<{ pdf: Buffer; name: string }> {
  const [doc, seller] = await Promise.all([documentDetail(db, id), company(db)]);
  const number = stockDocumentNumber(doc.kind, doc.id);
  const where: [string, string][] =
    doc.kind === 'transfer'
      ? [
          ['调出仓库', doc.storeName],
          ['调入仓库', doc.toStoreName ?? ''],
        ]
      : [['仓库', doc.storeName]];
  // A transfer's lines are its two movements; the paper lists what moved once, out of the first.
  const lines = doc.kind === 'transfer' ? doc.lines.filter((l) => l.change < 0) : doc.lines;
  const spec: DocumentSpec = {
    title: TITLE[doc.kind],
    number: [`${TITLE[doc.kind]}号`, number],
    date: doc.createTime,
    seller,
    bank: null,
    customer: [
      ...where,
      ...(doc.supplier ? ([['供应商', doc.supplier]] as [string, string][]) : []),
      ['经办人', doc.staff],
      ...(doc.remark ? ([['备注', doc.remark]] as [string, string][]) : []),
    ],
    lines: lines.map((l) => ({
      name: l.name,
      number: l.number,
      cas: l.cas,
      pack: l.pack,
      quantity: doc.kind === 'stocktake' ? l.change : Math.abs(l.change),
      unitPrice: null,
      lot: { number: l.lotNumber, expire: l.expire },
    })),
    kinds: new Set(lines.map((l) => l.materialId)).size,
    priced: false,
    totals: null,
    notes: [CHECKS[doc.kind]],
    seal: null,
  };
  return { pdf: await renderDocument(spec), name: `${TITLE[doc.kind]}-${number}.pdf` };
}
