import { child, children, parseXml, textAt, XmlRefused, type XmlElement } from './xml.ts';

/*
 * What the shop reads of the cXML 1.2 requests a procurement system sends (docs/punchout.md):
 * the Header's credentials, and either a PunchOutSetupRequest or an OrderRequest. Element and
 * attribute names follow the cXML User's Guide 1.2 (chapters "PunchOut" and "Purchase Orders").
 */

export const CXML_NOT_CXML = '不是 cXML 文档';
export const CXML_UNKNOWN_REQUEST =
  '不支持的 cXML 请求（仅接受 PunchOutSetupRequest 与 OrderRequest）';
export const CXML_NO_CREDENTIAL = '缺少 From 或 Sender 凭据';
export const CXML_NO_FORM_POST = '缺少 BrowserFormPost/URL';
export const CXML_BAD_OPERATION = 'operation 只能是 create 或 edit';
export const CXML_NO_ORDER_ID = '缺少订单号（OrderRequestHeader orderID）';
export const CXML_NO_ITEMS = '订单没有商品行（ItemOut）';
export const CXML_BAD_QUANTITY = 'ItemOut 数量须为正整数';
export const CXML_NO_PART = 'ItemOut 缺少 SupplierPartID';

export interface Credential {
  domain: string;
  identity: string;
  sharedSecret: string;
}

export interface CxmlHeader {
  payloadId: string;
  from: Credential;
  sender: Credential;
}

export interface SetupRequest {
  kind: 'setup';
  header: CxmlHeader;
  operation: 'create' | 'edit';
  buyerCookie: string;
  formPostUrl: string;
  contactEmail: string;
  /** The lines of the cart an `edit` reopens (the ItemOut elements the buyer's system sends). */
  items: OrderRequestLine[];
}

export interface CxmlAddress {
  addressId: string;
  name: string;
  deliverTo: string;
  street: string;
  city: string;
  state: string;
  postalCode: string;
  country: string;
  email: string;
  phone: string;
}

export interface OrderRequestLine {
  lineNumber: number;
  quantity: number;
  supplierPartId: string;
  /** The buyer's unit price in yuan, as sent (the shop never charges more than its own). */
  unitPrice: number | null;
  description: string;
}

export interface OrderRequest {
  kind: 'order';
  header: CxmlHeader;
  orderId: string;
  orderType: string;
  shipTo: CxmlAddress;
  billTo: CxmlAddress;
  comments: string;
  lines: OrderRequestLine[];
}

export type CxmlRequest = SetupRequest | OrderRequest;

function credentialOf(el: XmlElement | undefined): Credential | null {
  const c = child(el, 'Credential');
  if (!c) return null;
  return {
    domain: (c.attributes.domain ?? '').trim(),
    identity: textAt(c, 'Identity'),
    sharedSecret: textAt(c, 'SharedSecret'),
  };
}

function headerOf(doc: XmlElement): CxmlHeader {
  const header = child(doc, 'Header');
  const from = credentialOf(child(header, 'From'));
  const sender = credentialOf(child(header, 'Sender'));
  if (!from || !sender || !from.identity || !sender.identity) {
    throw new XmlRefused(CXML_NO_CREDENTIAL);
  }
  return { payloadId: doc.attributes.payloadID ?? '', from, sender };
}

function addressOf(el: XmlElement | undefined): CxmlAddress {
  const address = child(el, 'Address');
  const postal = child(address, 'PostalAddress');
  const phone = child(address, 'Phone', 'TelephoneNumber');
  return {
    addressId: address?.attributes.addressID ?? '',
    name: textAt(address, 'Name'),
    deliverTo: children(postal, 'DeliverTo')
      .map((d) => d.text)
      .filter(Boolean)
      .join(' '),
    street: children(postal, 'Street')
      .map((s) => s.text)
      .filter(Boolean)
      .join(' '),
    city: textAt(postal, 'City'),
    state: textAt(postal, 'State'),
    postalCode: textAt(postal, 'PostalCode'),
    country: textAt(postal, 'Country'),
    email: textAt(address, 'Email'),
    phone: [textAt(phone, 'AreaOrCityCode'), textAt(phone, 'Number')].filter(Boolean).join('-'),
  };
}

function moneyOf(el: XmlElement | undefined): number | null {
  const text = textAt(el, 'Money');
  if (!/^\d+(\.\d+)?$/.test(text)) return null;
  return Number(text);
}

function lineOf(item: XmlElement, index: number): OrderRequestLine {
  const quantityText = (item.attributes.quantity ?? '').trim();
  if (!/^[1-9]\d{0,5}$/.test(quantityText)) throw new XmlRefused(CXML_BAD_QUANTITY);
  const supplierPartId = textAt(item, 'ItemID', 'SupplierPartID');
  if (!supplierPartId) throw new XmlRefused(CXML_NO_PART);
  const detail = child(item, 'ItemDetail');
  const lineNumber = Number(item.attributes.lineNumber ?? index + 1);
  return {
    lineNumber: Number.isInteger(lineNumber) ? lineNumber : index + 1,
    quantity: Number(quantityText),
    supplierPartId,
    unitPrice: moneyOf(child(detail, 'UnitPrice')),
    description: textAt(detail, 'Description'),
  };
}

function setupOf(doc: XmlElement, request: XmlElement): SetupRequest {
  const operation = (request.attributes.operation ?? 'create').trim();
  if (operation !== 'create' && operation !== 'edit') throw new XmlRefused(CXML_BAD_OPERATION);
  const formPostUrl = textAt(request, 'BrowserFormPost', 'URL');
  if (!formPostUrl) throw new XmlRefused(CXML_NO_FORM_POST);
  const email =
    textAt(child(request, 'Contact'), 'Email') ||
    (children(request, 'Extrinsic').find((e) => e.attributes.name === 'UserEmail')?.text ?? '');
  return {
    kind: 'setup',
    header: headerOf(doc),
    operation,
    buyerCookie: textAt(request, 'BuyerCookie'),
    formPostUrl,
    contactEmail: email,
    items: operation === 'edit' ? children(request, 'ItemOut').map(lineOf) : [],
  };
}

function orderOf(doc: XmlElement, request: XmlElement): OrderRequest {
  const head = child(request, 'OrderRequestHeader');
  const orderId = (head?.attributes.orderID ?? '').trim();
  if (!orderId) throw new XmlRefused(CXML_NO_ORDER_ID);
  const items = children(request, 'ItemOut');
  if (items.length === 0) throw new XmlRefused(CXML_NO_ITEMS);
  return {
    kind: 'order',
    header: headerOf(doc),
    orderId,
    orderType: head?.attributes.type ?? 'new',
    shipTo: addressOf(child(head, 'ShipTo')),
    billTo: addressOf(child(head, 'BillTo')),
    comments: textAt(head, 'Comments'),
    lines: items.map(lineOf),
  };
}

/** Reads a cXML request document, or throws XmlRefused with the Chinese reason. */
export function readCxmlRequest(source: string): CxmlRequest {
  const doc = parseXml(source);
  if (doc.name !== 'cXML') throw new XmlRefused(CXML_NOT_CXML);
  const request = child(doc, 'Request');
  const setup = child(request, 'PunchOutSetupRequest');
  if (setup) return setupOf(doc, setup);
  const order = child(request, 'OrderRequest');
  if (order) return orderOf(doc, order);
  throw new XmlRefused(CXML_UNKNOWN_REQUEST);
}

/** The payloadID of a document that could be read at all (echoed in a refusal), else ''. */
export function payloadIdOf(source: string): string {
  try {
    return parseXml(source).attributes.payloadID ?? '';
  } catch {
    return '';
  }
}
