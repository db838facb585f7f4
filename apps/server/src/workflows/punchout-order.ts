import { InvoiceType, PayType } from '@labshop/shared';
import type { Db } from '../db/database.ts';
import { isUniqueViolation } from '../db/unique.ts';
import { now } from '../lib/clock.ts';
import { AppError, badRequest } from '../lib/errors.ts';
import { findPacks } from '../domains/cart/index.ts';
import { recordPoNumber, type OrderFields, type OrderedPack } from '../domains/orders/index.ts';
import {
  findPurchaseOrder,
  recordPurchaseOrder,
  resolveParts,
  type CxmlAddress,
  type OrderRequest,
} from '../domains/punchout/index.ts';
import { placeOrderIn } from './place-order.ts';

/*
 * A buyer's OrderRequest becomes one order (docs/punchout.md, "Purchase orders"): the lines by
 * SupplierPartID at the lower of the returned cart's price and today's, placed as the
 * connection's member for a bank transfer, with every rule of placing an order (regulated
 * chemicals included). One PO number of a connection makes one order: the purchase order row's
 * unique index settles two deliveries at once, and the loser answers the winner's order.
 */

export const PART_UNKNOWN = (part: string) => `商品 ${part} 不存在或已下架`;
export const PART_NO_PRICE = (part: string) => `商品 ${part} 需询价，无法直接下单`;

const addressText = (a: CxmlAddress) =>
  [a.country, a.state, a.city, a.street, a.name].filter(Boolean).join(' ');

function fieldsOf(orgId: number, request: OrderRequest): OrderFields {
  const ship = request.shipTo;
  return {
    deliveryUsername: (ship.deliverTo || ship.name || '采购系统收货人').slice(0, 50),
    deliveryPhone: ship.phone.slice(0, 30),
    deliveryRegionCode: '',
    deliveryAddress: addressText(ship).slice(0, 200),
    invoiceType: InvoiceType.NONE,
    payType: PayType.BANK_TRANSFER,
    userRemark: [`采购单号 ${request.orderId}`, request.comments]
      .filter(Boolean)
      .join('；')
      .slice(0, 500),
    invoiceCompanyName: '',
    invoiceTaxpayerIdentificationNumber: '',
    invoiceEmail: '',
    invoiceRegisteredAddress: '',
    invoiceRegistrationTelephone: '',
    invoiceDepositBank: '',
    invoiceBankAccountNumber: '',
    purposes: [],
    orgId,
    budgetCode: '',
  };
}

async function goodsOf(
  trx: Db,
  connectionId: number,
  request: OrderRequest,
): Promise<OrderedPack[]> {
  const parts = await resolveParts(
    trx,
    connectionId,
    request.lines.map((l) => l.supplierPartId),
  );
  const ids = [...new Set([...parts.values()].map((p) => p.materialId))];
  // No part resolved: nothing to read (an empty IN list is a syntax error on PostgreSQL).
  const found = ids.length > 0 ? await findPacks(trx, ids) : [];
  const packs = new Map(found.map((p) => [p.materialId, p]));
  return request.lines.map((line) => {
    const part = parts.get(line.supplierPartId);
    const pack = part && packs.get(part.materialId);
    if (!part || !pack) throw badRequest(PART_UNKNOWN(line.supplierPartId));
    if (pack.userPrice === null) throw badRequest(PART_NO_PRICE(line.supplierPartId));
    // Today's price (placing weighs the contract price) or the returned cart's when lower.
    return { pack, quantity: line.quantity, given: part.returned ?? undefined };
  });
}

/**
 * Places the order of an OrderRequest once. Answers its id and whether it was made now;
 * a refusal (an unknown part, a regulated line the documents do not allow) throws AppError
 * and makes nothing.
 */
export async function placePurchaseOrder(
  db: Db,
  connection: { id: number; memberId: number; orgId: number },
  request: OrderRequest,
): Promise<{ orderId: number; created: boolean }> {
  const existing = await findPurchaseOrder(db, connection.id, request.orderId);
  if (existing) return { orderId: existing, created: false };
  try {
    const orderId = await db.transaction().execute(async (trx) => {
      const at = now();
      const goods = await goodsOf(trx, connection.id, request);
      const id = await placeOrderIn(
        trx,
        connection.memberId,
        fieldsOf(connection.orgId, request),
        goods,
        at,
      );
      await recordPoNumber(trx, id, request.orderId);
      await recordPurchaseOrder(trx, {
        connectionId: connection.id,
        poNumber: request.orderId,
        orderId: id,
        shipTo: request.shipTo,
        billTo: request.billTo,
        at,
      });
      return id;
    });
    return { orderId, created: true };
  } catch (e) {
    if (!isUniqueViolation(e) || e instanceof AppError) throw e;
    const raced = await findPurchaseOrder(db, connection.id, request.orderId);
    if (raced === undefined) throw e;
    return { orderId: raced, created: false };
  }
}
