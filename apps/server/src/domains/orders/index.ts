/*
 * The orders domain's face (docs/architecture.md, docs/orders.md): the order, its lines and its
 * life cycle. Every change of an order's status or pay status is an event of order-state.ts,
 * applied with moveOrder; the steps that also write other domains (placing, paying, shipping,
 * cancelling, refunding ...) are workflows (apps/server/src/workflows) built on this face. The
 * routes are not part of it: they call workflows, which import this face, so domains/index.ts
 * registers them from their files.
 */
export {
  REFUND_ALL_UNSHIPPED,
  REFUND_NOT_PAID,
  addRefund,
  assertCan,
  moveOrder,
  mustMoveOrder,
  racedOf,
  refusalOf,
  settleRefunded,
  timedOutOrders,
  type MoveOptions,
  type OrderActor,
  type OrderEvent,
  type OrderState,
} from './order-state.ts';
export {
  findOrder as findOrderById,
  goodsOfOrder,
  membersByIds,
  ordersByIds,
} from './order-admin.repository.ts';
export {
  deliveriesOfOrder as packagesForBuyer,
  findOrder as findMemberOrder,
  goodsOfDeliveries,
  goodsOfOrders,
  pruneOrderCarts,
} from './orders.repository.ts';
export {
  getOrderDetail,
  recordFapiaoNumber,
  toManageOrder,
  type OrderDetailBody,
} from './order-admin.service.ts';
export { editOrder, priceLines } from './order-edit.service.ts';
export {
  APPROVAL_PENDING,
  assertNotAwaitingApproval,
  orderOrgOf,
  recordOrderOrg,
  settleApproval,
  type ApprovalStatus,
} from './order-org.service.ts';
export { priceOrder, type OrderPrice } from './order-pricing.ts';
export { PO_NUMBER_MAX, recordPoNumber } from './po-number.service.ts';
export {
  goodsRows,
  orderRow,
  placingEventOf,
  type OrderFields,
  type OrderInput,
  type OrderedPack,
} from './order-rows.ts';
export {
  bankDetails,
  getOrder,
  goodsIdsOf,
  insertNumberedOrder,
  insertOrderGoods,
  listOrders,
  packsOnSale,
  rememberCartOrder,
  takeCartForOrder,
  type OrderListInput,
} from './orders.service.ts';
