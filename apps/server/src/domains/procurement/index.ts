/*
 * The procurement domain's face (docs/procurement.md): quotes, quick orders, the order's
 * documents and fapiao. A quoted quote becomes an order through the quote-to-order workflow,
 * which takes the quote here and places the order with the orders face. Other documents (an
 * organization's statement) are drawn with the same layout and letterhead.
 */
export { renderDocument, type DocumentSpec, type TableColumn } from './document-pdf.ts';
export { letterhead } from './documents.service.ts';
export { recordQuoteOrder, takeQuoteForOrder } from './quotes.service.ts';
