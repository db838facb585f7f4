import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { readCxmlRequest, CXML_NO_CREDENTIAL, CXML_BAD_OPERATION } from './cxml-read.ts';
import { orderMessage, setupResponse, statusResponse, type ReturnedLine } from './cxml-write.ts';
import { ociFields } from './oci.ts';
import {
  child,
  children,
  parseXml,
  textAt,
  XML_DTD_REFUSED,
  XML_MALFORMED,
  XML_TOO_LARGE,
  XmlRefused,
} from './xml.ts';

const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), 'utf8');

const refusalOf = (fn: () => unknown): string => {
  try {
    fn();
  } catch (e) {
    if (e instanceof XmlRefused) return e.message;
    throw e;
  }
  throw new Error('not refused');
};

const line: ReturnedLine = {
  supplierPartId: 'A001/100mg',
  quantity: 2,
  unitPrice: 12_800,
  description: '乙腈 <色谱纯> & "HPLC"',
  unspsc: '41116100',
  manufacturer: '某试剂',
  leadTimeDays: 3,
};

describe('cXML requests', () => {
  it('reads the guide’s PunchOutSetupRequest', () => {
    const r = readCxmlRequest(fixture('setup-request.xml'));
    expect(r).toEqual({
      kind: 'setup',
      header: {
        payloadId: '933694607118.1869318421@jlee',
        from: { domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: '' },
        sender: { domain: 'NetworkID', identity: 'AN01000002792', sharedSecret: 'abracadabra' },
      },
      operation: 'create',
      buyerCookie: '34234234ADFSDF234234',
      formPostUrl: 'https://procure.example.com/punchout/return?session=77',
      contactEmail: 'lab.buyer@example.com',
      items: [],
    });
  });

  it('reads the guide’s OrderRequest with its addresses and lines', () => {
    const r = readCxmlRequest(fixture('order-request.xml'));
    if (r.kind !== 'order') throw new Error('not an order');
    expect(r.orderId).toBe('PO-2026-0042');
    expect(r.shipTo).toMatchObject({
      addressId: 'LAB-301',
      name: '分析测试中心',
      deliverTo: '王实验 301 室',
      street: '科学大道 100 号',
      city: '上海市',
      postalCode: '200000',
      phone: '021-55550000',
    });
    expect(r.billTo.name).toBe('某某大学财务处');
    expect(r.comments).toBe('请随货附 COA');
    expect(r.lines).toEqual([
      {
        lineNumber: 1,
        quantity: 2,
        supplierPartId: 'A001/100mg',
        unitPrice: 128,
        description: '乙腈 色谱纯',
      },
    ]);
  });

  it('refuses a request without credentials or with an unknown operation', () => {
    const setup = fixture('setup-request.xml');
    expect(refusalOf(() => readCxmlRequest(setup.replace(/<Sender>[\s\S]*<\/Sender>/, '')))).toBe(
      CXML_NO_CREDENTIAL,
    );
    expect(
      refusalOf(() => readCxmlRequest(setup.replace('operation="create"', 'operation="delete"'))),
    ).toBe(CXML_BAD_OPERATION);
  });
});

describe('hostile XML', () => {
  it('refuses billion laughs before expanding anything', () => {
    expect(refusalOf(() => parseXml(fixture('billion-laughs.xml')))).toBe(XML_DTD_REFUSED);
  });

  it('refuses an external entity and never reads the file', () => {
    expect(refusalOf(() => parseXml(fixture('external-entity.xml')))).toBe(XML_DTD_REFUSED);
  });

  it('refuses an entity it does not know as malformed', () => {
    expect(refusalOf(() => parseXml('<a>&xxe;</a>'))).toBe(XML_MALFORMED);
  });

  it('refuses a 10 MB document by its size', () => {
    const big = `<cXML>${'<x>1</x>'.repeat((10 * 1024 * 1024) / 8)}</cXML>`;
    expect(refusalOf(() => parseXml(big))).toBe(XML_TOO_LARGE);
  });

  it('refuses nesting deeper than any cXML document', () => {
    expect(refusalOf(() => parseXml('<a>'.repeat(100) + '</a>'.repeat(100)))).toBe(XML_TOO_LARGE);
  });

  it('refuses broken and empty documents', () => {
    expect(refusalOf(() => parseXml('<cXML><Header></cXML>'))).toBe(XML_MALFORMED);
    expect(refusalOf(() => parseXml(''))).toBe(XML_MALFORMED);
    expect(refusalOf(() => parseXml('not xml'))).toBe(XML_MALFORMED);
  });
});

describe('cXML documents the shop writes', () => {
  it('answers a setup with the StartPage URL, escaped', () => {
    const doc = parseXml(setupResponse('https://shop.example.cn/punchout/start?token=a&b', 0));
    expect(child(doc, 'Response', 'Status')?.attributes.code).toBe('200');
    expect(textAt(doc, 'Response', 'PunchOutSetupResponse', 'StartPage', 'URL')).toBe(
      'https://shop.example.cn/punchout/start?token=a&b',
    );
  });

  it('answers a refusal with its code and Chinese text', () => {
    const s = child(parseXml(statusResponse(401, '凭据错误 <x>', 0)), 'Response', 'Status');
    expect(s?.attributes).toMatchObject({ code: '401', text: 'Unauthorized' });
    expect(s?.text).toBe('凭据错误 <x>');
  });

  it('writes the PunchOutOrderMessage the guide describes', () => {
    const xml = orderMessage(
      {
        buyerCookie: 'C&1',
        to: { domain: 'NetworkID', identity: 'AN01000002792' },
        lines: [line, { ...line, supplierPartId: 'B2/1g', quantity: 1, unitPrice: 5 }],
        editable: true,
      },
      Date.UTC(2026, 11, 2),
    );
    expect(xml).toContain('<!DOCTYPE cXML SYSTEM');
    const doc = parseXml(xml);
    const message = child(doc, 'Message', 'PunchOutOrderMessage');
    expect(textAt(message, 'BuyerCookie')).toBe('C&1');
    expect(textAt(doc, 'Header', 'To', 'Credential', 'Identity')).toBe('AN01000002792');
    const header = child(message, 'PunchOutOrderMessageHeader');
    expect(header?.attributes.operationAllowed).toBe('edit');
    expect(child(header, 'Total', 'Money')).toMatchObject({
      attributes: { currency: 'CNY' },
      text: '256.05',
    });
    const [first, second] = children(message, 'ItemIn');
    expect(first?.attributes.quantity).toBe('2');
    expect(textAt(first, 'ItemID', 'SupplierPartID')).toBe('A001/100mg');
    const detail = child(first, 'ItemDetail');
    expect(child(detail, 'UnitPrice', 'Money')?.text).toBe('128.00');
    expect(child(detail, 'Description')).toMatchObject({
      attributes: { 'xml:lang': 'zh-CN' },
      text: '乙腈 <色谱纯> & "HPLC"',
    });
    expect(textAt(detail, 'UnitOfMeasure')).toBe('EA');
    expect(child(detail, 'Classification')).toMatchObject({
      attributes: { domain: 'UNSPSC' },
      text: '41116100',
    });
    expect(textAt(second, 'ItemDetail', 'UnitPrice', 'Money')).toBe('0.05');
  });
});

describe('OCI 4.0 fields', () => {
  it('numbers every line from 1 with the specification’s fields', () => {
    const fields = new Map(ociFields([line, { ...line, description: '甲'.repeat(50) }]));
    expect(Object.fromEntries([...fields].slice(0, 8))).toEqual({
      'NEW_ITEM-DESCRIPTION[1]': '乙腈 <色谱纯> & "HPLC"',
      'NEW_ITEM-QUANTITY[1]': '2',
      'NEW_ITEM-UNIT[1]': 'EA',
      'NEW_ITEM-PRICE[1]': '128.00',
      'NEW_ITEM-CURRENCY[1]': 'CNY',
      'NEW_ITEM-VENDORMAT[1]': 'A001/100mg',
      'NEW_ITEM-MATGROUP[1]': '41116100',
      'NEW_ITEM-LEADTIME[1]': '3',
    });
    expect(fields.get('NEW_ITEM-DESCRIPTION[2]')).toBe('甲'.repeat(40));
    expect(fields.size).toBe(16);
  });
});
