/*
 * The storefront's forms (messages, bulk inquiries, survey check-ins) and the certificate (COA)
 * look-up with its signed file links, which an order shows per delivered line.
 */
export { COA_DIR, coaLinkKeyFor } from './coa-links.ts';
export { coaUrl, setFormHandling } from './forms.service.ts';
