import { randomBytes } from 'node:crypto';
import { escapeXml } from './xml.ts';

/*
 * The cXML 1.2 documents the shop writes (docs/punchout.md): the Response to a request (with
 * PunchOutSetupResponse for a setup) and the PunchOutOrderMessage the browser carries back.
 * Every value from the database or the buyer's document goes through escapeXml.
 */

/** The DTD named in every document the shop writes (cXML 1.2.014). */
export const CXML_DTD = 'http://xml.cxml.org/schemas/cXML/1.2.014/cXML.dtd';
/** The shop's own name in the documents it writes (the buyer's systems show it). */
export const SHOP_IDENTITY = 'labshop';
const USER_AGENT = 'labshop PunchOut 1.0';

/** A line of a returned cart, its price in fen. */
export interface ReturnedLine {
  supplierPartId: string;
  quantity: number;
  unitPrice: number;
  description: string;
  unspsc: string;
  manufacturer: string;
  leadTimeDays: number;
}

export interface OrderMessage {
  buyerCookie: string;
  /** The buyer system's credential, named in To. */
  to: { domain: string; identity: string };
  lines: readonly ReturnedLine[];
  /** Whether the buyer may reopen this cart (operation edit). */
  editable: boolean;
}

/** Fen as the decimal yuan cXML Money holds. */
export const money = (fen: number): string => (Math.round(fen) / 100).toFixed(2);

/** A payloadID as the guide recommends: time, random part, the sender's domain. */
export function newPayloadId(at: number): string {
  return `${at}.${process.pid}.${randomBytes(8).toString('hex')}@${SHOP_IDENTITY}`;
}

function envelope(body: string, at: number): string {
  return (
    '<?xml version="1.0" encoding="UTF-8"?>\n' +
    `<!DOCTYPE cXML SYSTEM "${CXML_DTD}">\n` +
    `<cXML payloadID="${escapeXml(newPayloadId(at))}" timestamp="${new Date(at).toISOString()}" xml:lang="zh-CN">` +
    body +
    '</cXML>'
  );
}

const status = (code: number, text: string, message = '') =>
  `<Status code="${code}" text="${escapeXml(text)}" xml:lang="zh-CN">${escapeXml(message)}</Status>`;

/** The status text cXML pairs with each code the shop answers. */
const STATUS_TEXT: Record<number, string> = {
  200: 'OK',
  400: 'Bad Request',
  401: 'Unauthorized',
  403: 'Forbidden',
  404: 'Not Found',
  409: 'Conflict',
  413: 'Request Entity Too Large',
  500: 'Internal Server Error',
};

/** A Response with only a Status: every refusal, and the answer to an OrderRequest. */
export function statusResponse(code: number, message: string, at: number): string {
  return envelope(
    `<Response>${status(code, STATUS_TEXT[code] ?? 'Error', message)}</Response>`,
    at,
  );
}

/** The answer to a PunchOutSetupRequest: the one-time StartPage link. */
export function setupResponse(startUrl: string, at: number): string {
  return envelope(
    `<Response>${status(200, 'OK')}<PunchOutSetupResponse><StartPage><URL>${escapeXml(startUrl)}</URL></StartPage></PunchOutSetupResponse></Response>`,
    at,
  );
}

function itemIn(line: ReturnedLine): string {
  const lead = line.leadTimeDays > 0 ? `<LeadTime>${line.leadTimeDays}</LeadTime>` : '';
  const maker = line.manufacturer
    ? `<ManufacturerName>${escapeXml(line.manufacturer)}</ManufacturerName>`
    : '';
  return (
    `<ItemIn quantity="${line.quantity}">` +
    `<ItemID><SupplierPartID>${escapeXml(line.supplierPartId)}</SupplierPartID></ItemID>` +
    '<ItemDetail>' +
    `<UnitPrice><Money currency="CNY">${money(line.unitPrice)}</Money></UnitPrice>` +
    `<Description xml:lang="zh-CN">${escapeXml(line.description)}</Description>` +
    '<UnitOfMeasure>EA</UnitOfMeasure>' +
    `<Classification domain="UNSPSC">${escapeXml(line.unspsc)}</Classification>` +
    maker +
    lead +
    '</ItemDetail>' +
    '</ItemIn>'
  );
}

/** The cart returned to the buyer's system, as the browser posts it in `cxml-urlencoded`. */
export function orderMessage(message: OrderMessage, at: number): string {
  const total = message.lines.reduce((sum, l) => sum + l.unitPrice * l.quantity, 0);
  const cred = (domain: string, identity: string) =>
    `<Credential domain="${escapeXml(domain)}"><Identity>${escapeXml(identity)}</Identity></Credential>`;
  return envelope(
    '<Header>' +
      `<From>${cred('DUNS', SHOP_IDENTITY)}</From>` +
      `<To>${cred(message.to.domain, message.to.identity)}</To>` +
      `<Sender>${cred('DUNS', SHOP_IDENTITY)}<UserAgent>${USER_AGENT}</UserAgent></Sender>` +
      '</Header>' +
      '<Message><PunchOutOrderMessage>' +
      `<BuyerCookie>${escapeXml(message.buyerCookie)}</BuyerCookie>` +
      `<PunchOutOrderMessageHeader operationAllowed="${message.editable ? 'edit' : 'create'}">` +
      `<Total><Money currency="CNY">${money(total)}</Money></Total>` +
      '</PunchOutOrderMessageHeader>' +
      message.lines.map(itemIn).join('') +
      '</PunchOutOrderMessage></Message>',
    at,
  );
}
