import type { StockDocument } from '@labshop/shared/schemas';

export type StockDocumentKind = StockDocument['kind'];

/** The paper of the warehouse (docs/lots.md, "Receiving, moving and counting"). */
export const DOCUMENT_KIND_LABEL: Record<StockDocumentKind, string> = {
  receipt: '入库单',
  transfer: '调拨单',
  stocktake: '盘点单',
};

export const DOCUMENT_KIND_COLOR: Record<StockDocumentKind, string> = {
  receipt: 'green',
  transfer: 'blue',
  stocktake: 'purple',
};

export const documentKindOptions = (Object.keys(DOCUMENT_KIND_LABEL) as StockDocumentKind[]).map(
  (value) => ({ value, label: DOCUMENT_KIND_LABEL[value] }),
);

/** A document as staff name it, the way its movements' remarks do: 入库单 12. */
export const documentName = (kind: StockDocumentKind, id: number) =>
  `${DOCUMENT_KIND_LABEL[kind]} ${id}`;

/** Where the lot list's drawer is kept in the URL: the pack and the lot. */
export const lotLink = (materialId: number, lotNumber: string) =>
  `/lots?lotOf=${materialId}&lot=${encodeURIComponent(lotNumber)}`;
