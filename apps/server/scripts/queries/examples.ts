import { BalanceBusiness, InvoiceType, OrderStatus, PayStatus, PayType } from '@labshop/shared';
import type { Db } from '../../src/db/database.ts';
import { insertUser } from '../../src/domains/account/user.repository.ts';
import { creditBalance, debitBalance } from '../../src/domains/balance/balance.repository.ts';
import * as cart from '../../src/domains/cart/cart.repository.ts';
import * as orders from '../../src/domains/orders/orders.repository.ts';
import * as orderState from '../../src/domains/orders/order-state.repository.ts';
import { ORDER_EVENTS } from '../../src/domains/orders/order-state.ts';
import * as search from '../../src/domains/search/search.repository.ts';
import { marked, normalize, planTerm } from '../../src/domains/search/search.text.ts';
import * as levels from '../../src/domains/stock/stock-levels.repository.ts';
import * as stock from '../../src/domains/stock/stock.repository.ts';
import { insertBrand, insertProduct, insertStore } from '../../test/fixtures/catalogue.ts';
import { show } from './render.ts';

/**
 * The hot and money-moving queries shown in the checked-in SQL: one file per repository, each
 * function called with example arguments on a small shop (one warehouse, one product with two
 * packs, one member with a cart line). The calls run in this order on one database, so each
 * finds what the earlier ones left (the order placed is the one the stock ships for).
 */

export interface Example {
  /** The call as written: the function's name and its arguments after the database. */
  call: string;
  /** What the example shows, when the call alone does not say. */
  note: string;
  run: (db: Db) => Promise<unknown>;
}

export interface QueryFile {
  /** The repository, relative to apps/server/src; the SQL goes to queries/ beside it. */
  repository: string;
  examples: Example[];
}

function example<A extends unknown[]>(
  note: string,
  fn: (db: Db, ...args: A) => Promise<unknown>,
  ...args: A
): Example {
  return {
    call: `${fn.name}(${['db', ...args.map(show)].join(', ')})`,
    note,
    run: (db) => fn(db, ...args),
  };
}

/** A fixed time, so the parameters are the same in every run: 2026-01-15 10:00 China time. */
const AT = Date.UTC(2026, 0, 15, 2, 0);
const TODAY = '2026-01-15';
/** The order placed below: the first of the fresh database. */
const ORDER_ID = 1;

interface Shop {
  brandId: number;
  storeId: number;
  productId: number;
  materialIds: [number, number];
  userId: number;
  cartLineId: number;
}

/** The small shop the examples run on (not recorded). */
export async function openShop(db: Db): Promise<Shop> {
  const brandId = await insertBrand(db, { name: '坛墨质检' });
  const storeId = await insertStore(db, { name: '上海仓' });
  const product = await insertProduct(db, {
    brandId,
    name: '乙腈',
    nameEn: 'Acetonitrile',
    cas: '75-05-8',
    number: 'YF11001',
    materials: [
      { pack: '1mL', price: 12_000, userPrice: 9_800 },
      { pack: '5mL', price: 45_000, userPrice: 38_000 },
    ],
  });
  const [first, second] = product.materialIds;
  if (first === undefined || second === undefined) throw new Error('packs not inserted');
  // Units received before lots were kept: they are in 未分批.
  await stock.moveStock(db, {
    materialId: first,
    storeId,
    change: 5,
    reason: 'received',
    createdAt: AT,
  });
  const user = await insertUser(db, {
    account: '13800000000',
    phone: '13800000000',
    email: null,
    passwordHash: 'not a password',
    at: AT,
  });
  const line = await cart.addToLine(
    db,
    { userId: user.id, materialId: first, quantity: 2, at: AT },
    999,
  );
  if (!line) throw new Error('cart line not added');
  return {
    brandId,
    storeId,
    productId: product.id,
    materialIds: [first, second],
    userId: user.id,
    cartLineId: line.id,
  };
}

function orderStates(shop: Shop): QueryFile {
  const ship = ORDER_EVENTS['ship-package'];
  return {
    repository: 'domains/orders/order-state.repository.ts',
    examples: [
      example(
        'the order under a fresh number (a taken number inserts nothing, and is drawn again)',
        orderState.insertOrder,
        {
          number: 'D2026011510000001',
          userId: shop.userId,
          deliveryUsername: '张三',
          deliveryPhone: '13912345678',
          deliveryRegionCode: '110000,110100,110101',
          deliveryAddress: '北京市东城区某路 1 号',
          goodsAmount: 19_600,
          freight: 0,
          amount: 19_600,
          count: 2,
          status: OrderStatus.AWAITING_SHIPMENT,
          payType: PayType.BALANCE,
          payStatus: PayStatus.PAID,
          userRemark: '',
          invoiceType: InvoiceType.NONE,
          invoiceCompanyName: '',
          invoiceTaxpayerIdentificationNumber: '',
          invoiceEmail: '',
          invoiceRegisteredAddress: '',
          invoiceRegistrationTelephone: '',
          invoiceDepositBank: '',
          invoiceBankAccountNumber: '',
          transferReference: '',
          paidAt: AT,
          cancelledAt: null,
          createdAt: AT,
          updatedAt: AT,
        },
      ),
      example(
        'an event moves the order only from a state it may leave (here: a package ships)',
        orderState.updateOrderState,
        ORDER_ID,
        { from: ship.from, to: ship.to, set: { updatedAt: AT } },
      ),
    ],
  };
}

function cartLines(shop: Shop): QueryFile {
  const [pack] = shop.materialIds;
  return {
    repository: 'domains/cart/cart.repository.ts',
    examples: [
      example(
        'placing an order: the chosen cart lines leave the cart',
        cart.takeLines,
        shop.userId,
        [shop.cartLineId],
      ),
      example('the packs priced from the database, on sale only', cart.findPacks, [pack]),
    ],
  };
}

function placingAnOrder(shop: Shop): QueryFile {
  const [pack] = shop.materialIds;
  return {
    repository: 'domains/orders/orders.repository.ts',
    examples: [
      example('its lines, as priced and described at order time', orders.insertOrderGoods, [
        {
          orderId: ORDER_ID,
          productId: shop.productId,
          materialId: pack,
          name: '乙腈',
          number: 'YF11001',
          brandName: '坛墨质检',
          cas: '75-05-8',
          pack: '1mL',
          image: '',
          price: 9_800,
          quantityPurchase: 2,
        },
      ]),
      example('which cart lines became the order', orders.recordOrderCart, {
        userId: shop.userId,
        cartKey: String(shop.cartLineId),
        orderId: ORDER_ID,
        createdAt: AT,
      }),
      example(
        'a repeated submission finds its lines gone and answers the order they became',
        orders.findOrderOfCart,
        shop.userId,
        String(shop.cartLineId),
      ),
    ],
  };
}

function balanceLedger(shop: Shop): QueryFile {
  const entry = { userId: shop.userId, remark: '', orderId: null, at: AT };
  return {
    repository: 'domains/balance/balance.repository.ts',
    examples: [
      example('staff add to a balance', creditBalance, {
        ...entry,
        amountFen: 100_000,
        business: BalanceBusiness.ADJUSTMENT,
        remark: '余额调整',
      }),
      example('an order paid from the balance', debitBalance, {
        ...entry,
        amountFen: 19_600,
        business: BalanceBusiness.SHOPPING,
        remark: '订单 D2026011510000001 余额支付',
        orderId: ORDER_ID,
      }),
      example('a debit the balance does not cover changes nothing', debitBalance, {
        ...entry,
        amountFen: 10_000_000,
        business: BalanceBusiness.SHOPPING,
        remark: '订单 D2026011510000002 余额支付',
      }),
    ],
  };
}

function stockLedger(shop: Shop): QueryFile {
  const [pack] = shop.materialIds;
  const lot = { lotNumber: '20250312', expire: '2027-03-12' };
  const move = { materialId: pack, storeId: shop.storeId, createdAt: AT };
  return {
    repository: 'domains/stock/stock.repository.ts',
    examples: [
      example('a receipt into a lot', stock.moveStock, {
        ...move,
        change: 10,
        reason: 'received',
        lot,
        remark: '入库单 RK2026011501',
      }),
      example('a shipment from the lot the shipping service chose (FEFO)', stock.moveStock, {
        ...move,
        change: -2,
        reason: 'shipment',
        lot,
        orderId: ORDER_ID,
      }),
      example(
        'a decrease without a lot takes 未分批 first, then the lots that expire last',
        stock.moveStock,
        { ...move, change: -7, reason: 'damaged', remark: '破损' },
      ),
      example('a decrease the lots do not cover changes nothing', stock.moveStock, {
        ...move,
        change: -100,
        reason: 'damaged',
      }),
      example('', stock.lotsIn, pack, shop.storeId),
      example('', stock.findCount, pack, shop.storeId),
    ],
  };
}

function stockLevels(shop: Shop): QueryFile {
  return {
    repository: 'domains/stock/stock-levels.repository.ts',
    examples: [
      example('held stock of packs (quick order, the cart)', levels.heldByPaidOrders, {
        materialIds: shop.materialIds,
      }),
      example('held stock of products (product cards)', levels.heldByPaidOrders, {
        productIds: [shop.productId],
      }),
      example('what packs can still sell', levels.availableOf, shop.materialIds, TODAY),
      example(
        'the packs of product cards and pages',
        levels.packsWithStock,
        [shop.productId],
        TODAY,
      ),
      example('', levels.stocksOfPacks, shop.materialIds),
    ],
  };
}

/** The arguments the search makes of a typed term (search.resolve.ts). */
function term(typed: string) {
  const text = normalize(typed);
  return { text, plan: planTerm(text), marked: marked(text) };
}

function productSearch(shop: Shop): QueryFile {
  const one = term('乙腈');
  const several = term('甲醇 hplc');
  const cas = term('75-05-8');
  const check = (t: ReturnType<typeof term>): search.WordCheck => ({
    marked: t.plan.marked,
    category: /^\p{Script=Han}{2,}$/u.test(t.text) ? t.text : null,
    numberKey: t.text,
    casKey: t.plan.casKey,
  });
  const words = several.text.split(' ').map(term);
  return {
    repository: 'domains/search/search.repository.ts',
    examples: [
      example(
        'what the staff data says of a term (synonyms, a brand name); visitors and members alike',
        search.lookUpTermData,
        one.text,
        [one.text],
      ),
      example(
        'exact hits and key counts of a one-word term',
        search.lookUp,
        [one.text],
        [],
        [one.text, ...one.plan.keys].filter((k, i, all) => all.indexOf(k) === i),
      ),
      example(
        'a CAS number: its digits are an exact lookup',
        search.lookUp,
        [cas.text],
        [cas.plan.casKey ?? ''],
        [cas.text, ...cas.plan.keys],
      ),
      example('which exact hits are also posted under the key', search.findPosted, one.text, [
        shop.productId,
      ]),
      example("a page of a key's postings", search.pagePostings, {
        gram: one.text,
        brandId: null,
        exclude: [],
        offset: 0,
        limit: 20,
      }),
      example('the second page, one brand, exact hits already listed', search.pagePostings, {
        gram: one.text,
        brandId: shop.brandId,
        exclude: [shop.productId],
        offset: 20,
        limit: 20,
      }),
      example('the best postings with their names (related substances)', search.pageNamedPostings, {
        gram: one.text,
        brandId: null,
        exclude: [],
        limit: 50,
      }),
      example(
        'every posting of a key, for intersecting several words in memory',
        search.readPostings,
        words[0]?.text ?? '',
      ),
      example(
        'which intersected products hold the whole term',
        search.findHolding,
        [shop.productId],
        several.marked,
      ),
      example(
        "several words checked against the stored texts of the rarest key's products",
        search.verifyCandidates,
        { gram: several.plan.keys[0] ?? '' },
        words.map(check),
      ),
      example(
        'several words checked against the products of an exact hit',
        search.verifyCandidates,
        { productIds: [shop.productId] },
        [check(cas), check(one)],
      ),
      example('', search.findProductNames, [shop.productId]),
      example('the brand facet', search.findBrands, [shop.brandId]),
      example("a brand's name typed as the term", search.pageBrandProducts, shop.brandId, 0, 20),
    ],
  };
}

/** The files, in the order their examples run. */
export function queryFiles(shop: Shop): QueryFile[] {
  return [
    productSearch(shop),
    // The order row first: the lines and the cart record below name it.
    orderStates(shop),
    cartLines(shop),
    placingAnOrder(shop),
    balanceLedger(shop),
    stockLedger(shop),
    stockLevels(shop),
  ];
}
