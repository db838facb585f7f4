import {
  BalanceBusiness,
  InvoiceType,
  OrderStatus,
  PayStatus,
  PayType,
  freightFen,
} from '@labshop/shared';
import type { Db } from '../db/database.ts';
import { creditBalance } from '../domains/balance/index.ts';
import { coaSeeds } from './data/coa.ts';
import { chinaDate, chinaDateTime, chinaDayStart, chinaStamp } from '../lib/clock.ts';

export const DEMO_ACCOUNT = '13800000000';
export const DEMO_PASSWORD = 'Demo#123456';
/** ¥10,000.00 */
const DEMO_BALANCE_FEN = 1_000_000;

/** A seeded pack as an order line needs it. */
export interface PackRef {
  productId: number;
  materialId: number;
  name: string;
  number: string;
  brandName: string;
  cas: string;
  pack: string;
  image: string;
  userPrice: number;
}

export interface MemberContext {
  now: number;
  passwordHash: string;
  /** The `index`-th pack of the product with this item number. */
  pack: (number: string, index: number) => PackRef;
  /** Warehouse ids in the order of `stores` in data/site.ts. */
  storeIds: number[];
  storeNames: string[];
}

const DAY = 86_400_000;
const HOUR = 3_600_000;
const MINUTE = 60_000;

/** Order number: yyyyMMddHHmmss (China time) and six digits, like orders placed in the shop. */
function orderNumber(ms: number, suffix: string): string {
  return `${chinaStamp(ms)}${suffix}`;
}

/** Start of the China-time day `daysAgo` days before `now`, plus `hours`. */
function dayAt(now: number, daysAgo: number, hours: number): number {
  return chinaDayStart(now) - daysAgo * DAY + hours * HOUR;
}

const region = (province: [string, string], city: [string, string], area: [string, string]) =>
  JSON.stringify({
    province: { key: province[0], value: province[1] },
    city: { key: city[0], value: city[1] },
    area: { key: area[0], value: area[1] },
  });

const beijing = {
  name: '演示用户',
  phone: DEMO_ACCOUNT,
  region: region(['110000', '北京市'], ['110000', '北京市'], ['110108', '海淀区']),
  regionCode: '110000,110000,110108',
  address: '中关村大街27号中关村大厦12层 质检中心',
};

const shanghai = {
  name: '李工',
  phone: '13900001234',
  region: region(['310000', '上海市'], ['310000', '上海市'], ['310115', '浦东新区']),
  regionCode: '310000,310000,310115',
  address: '张江高科技园区蔡伦路88号3号楼 理化实验室',
};

const invoice = {
  header: '北京示范检测技术有限公司',
  email: 'invoice@demo-lab.cn',
  taxpayerNumber: '91110108MA01D7KX37',
  registerAddress: '北京市海淀区中关村大街27号12层',
  registerTelephone: '010-62358866',
  bankName: '中国工商银行北京海淀支行',
  bankAccount: '0200004509200176543',
};

interface Track {
  at: number;
  context: string;
}

const trackJson = (tracks: Track[]) =>
  JSON.stringify(
    [...tracks]
      .sort((a, b) => b.at - a.at)
      .map((t) => ({ context: t.context, ftime: chinaDateTime(t.at) })),
  );

interface OrderPlan {
  suffix: string;
  createdAt: number;
  paidAt: number | null;
  status: number;
  payType: number;
  payStatus: number;
  address: typeof beijing;
  invoiceType: number;
  remark: string;
  lines: { pack: PackRef; quantity: number }[];
  /** Packages: which lines (by index) with how many, from which warehouse, and their tracking. */
  packages: {
    company: string;
    trackingNumber: string;
    store: number;
    shippedAt: number;
    lines: { line: number; quantity: number }[];
    tracks: Track[];
  }[];
}

/** The demo member with balance, invoice data, two addresses and three orders. */
export async function seedDemoMember(trx: Db, ctx: MemberContext): Promise<void> {
  const { now } = ctx;
  const joined = dayAt(now, 40, 9.5);
  const userId = (
    await trx
      .insertInto('users')
      .values({
        account: DEMO_ACCOUNT,
        phone: DEMO_ACCOUNT,
        email: 'demo@demo-lab.cn',
        passwordHash: ctx.passwordHash,
        name: '演示用户',
        company: invoice.header,
        telephone: invoice.registerTelephone,
        avatar: '',
        balance: 0,
        passwordUpdatedAt: joined,
        createdAt: joined,
        updatedAt: joined,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  await creditBalance(trx, {
    userId,
    amountFen: DEMO_BALANCE_FEN,
    business: BalanceBusiness.ADJUSTMENT,
    remark: '初始余额',
    at: joined + 10 * MINUTE,
  });

  await trx
    .insertInto('invoices')
    .values({
      userId,
      invoiceType: InvoiceType.SPECIAL_VAT,
      invoiceHeader: invoice.header,
      invoiceEmail: invoice.email,
      taxpayerNumber: invoice.taxpayerNumber,
      registerAddress: invoice.registerAddress,
      registerTelephone: invoice.registerTelephone,
      bankName: invoice.bankName,
      bankAccount: invoice.bankAccount,
      updatedAt: joined,
    })
    .execute();

  await trx
    .insertInto('addresses')
    .values(
      [beijing, shanghai].map((a, i) => ({
        userId,
        name: a.name,
        phone: a.phone,
        region: a.region,
        address: a.address,
        isDefault: i === 0 ? 1 : 0,
        createdAt: joined + i * MINUTE,
        updatedAt: joined + i * MINUTE,
      })),
    )
    .execute();

  for (const plan of orderPlans(ctx)) await insertOrder(trx, userId, plan, ctx);
}

function orderPlans(ctx: MemberContext): OrderPlan[] {
  const { now, pack } = ctx;
  const completedAt = dayAt(now, 26, 10.2);
  const shippingAt = dayAt(now, 4, 15.5);
  const pendingAt = dayAt(now, 1, 11.3);
  const beijingStore = 0;
  const shanghaiStore = 1;
  const guangzhouStore = 2;
  return [
    {
      suffix: '381529',
      createdAt: completedAt,
      paidAt: completedAt + 8 * MINUTE,
      status: OrderStatus.COMPLETED,
      payType: PayType.WECHAT,
      payStatus: PayStatus.PAID,
      address: beijing,
      invoiceType: InvoiceType.ORDINARY_VAT,
      remark: '请随货附分析证书',
      lines: [
        { pack: pack('YF81001', 0), quantity: 4 },
        { pack: pack('YF11001', 0), quantity: 1 },
        { pack: pack('SX24006', 0), quantity: 1 },
      ],
      packages: [
        {
          company: '顺丰速运',
          trackingNumber: 'SF1428367150923',
          store: beijingStore,
          shippedAt: completedAt + 5 * HOUR,
          lines: [
            { line: 0, quantity: 4 },
            { line: 1, quantity: 1 },
            { line: 2, quantity: 1 },
          ],
          tracks: [
            {
              at: completedAt + 5 * HOUR,
              context: '【北京市】顺丰速运已收取快件，寄件网点【北京大兴亦庄营业点】',
            },
            { at: completedAt + 9 * HOUR, context: '【北京市】快件到达【北京顺义集散中心】' },
            {
              at: completedAt + 12 * HOUR,
              context: '【北京市】快件已发车，下一站【北京海淀中关村营业点】',
            },
            { at: completedAt + 20 * HOUR, context: '【北京市】快件到达【北京海淀中关村营业点】' },
            {
              at: completedAt + 22 * HOUR,
              context: '【北京市】快件交给王师傅，正在派送途中（联系电话：138****2260）',
            },
            {
              at: completedAt + 26 * HOUR,
              context:
                '【北京市】您的快件已签收，签收人：前台代收。如有疑问请联系快递员，感谢您使用顺丰速运。',
            },
          ],
        },
      ],
    },
    {
      suffix: '604217',
      createdAt: shippingAt,
      paidAt: shippingAt + 19 * HOUR,
      status: OrderStatus.SHIPPING,
      payType: PayType.BANK_TRANSFER,
      payStatus: PayStatus.PAID,
      address: shanghai,
      invoiceType: InvoiceType.SPECIAL_VAT,
      remark: '',
      lines: [
        { pack: pack('YF31001', 0), quantity: 2 },
        { pack: pack('YF41001', 0), quantity: 2 },
        { pack: pack('YF61013', 0), quantity: 1 },
        { pack: pack('YF71001', 0), quantity: 1 },
      ],
      packages: [
        {
          company: '顺丰速运',
          trackingNumber: 'SF1428367298841',
          store: shanghaiStore,
          shippedAt: shippingAt + 24 * HOUR,
          lines: [
            { line: 0, quantity: 2 },
            { line: 1, quantity: 2 },
          ],
          tracks: [
            {
              at: shippingAt + 24 * HOUR,
              context: '【上海市】顺丰速运已收取快件，寄件网点【上海闵行莘庄营业点】',
            },
            { at: shippingAt + 29 * HOUR, context: '【上海市】快件到达【上海浦东转运中心】' },
            {
              at: shippingAt + 33 * HOUR,
              context: '【上海市】快件已发车，下一站【上海浦东张江营业点】',
            },
            {
              at: shippingAt + 43 * HOUR,
              context: '【上海市】快件到达【上海浦东张江营业点】，因收件人要求改约派送时间',
            },
          ],
        },
        {
          company: '京东物流',
          trackingNumber: 'JDX019274836152',
          store: guangzhouStore,
          shippedAt: shippingAt + 26 * HOUR,
          lines: [
            { line: 2, quantity: 1 },
            { line: 3, quantity: 1 },
          ],
          tracks: [
            {
              at: shippingAt + 26 * HOUR,
              context: '您的订单已在【广州黄埔仓】完成打包，已交付京东物流',
            },
            { at: shippingAt + 30 * HOUR, context: '您的快件已到达【广州分拣中心】' },
            {
              at: shippingAt + 34 * HOUR,
              context: '您的快件已从【广州分拣中心】发出，正在运往【上海浦东分拣中心】',
            },
            { at: shippingAt + 62 * HOUR, context: '您的快件已到达【上海浦东分拣中心】' },
          ],
        },
      ],
    },
    {
      suffix: '917463',
      createdAt: pendingAt,
      paidAt: null,
      status: OrderStatus.PENDING,
      payType: PayType.BANK_TRANSFER,
      payStatus: PayStatus.UNPAID,
      address: beijing,
      invoiceType: InvoiceType.NONE,
      remark: '对公转账，请尽快安排发货',
      lines: [
        { pack: pack('YF16001', 0), quantity: 1 },
        { pack: pack('YF81001', 0), quantity: 2 },
      ],
      packages: [],
    },
  ];
}

async function insertOrder(
  trx: Db,
  userId: number,
  plan: OrderPlan,
  ctx: MemberContext,
): Promise<void> {
  const goodsAmount = plan.lines.reduce((sum, l) => sum + l.pack.userPrice * l.quantity, 0);
  const freight = freightFen(goodsAmount);
  const number = orderNumber(plan.createdAt, plan.suffix);
  const withInvoice = plan.invoiceType !== InvoiceType.NONE;
  const orderId = (
    await trx
      .insertInto('orders')
      .values({
        number,
        userId,
        deliveryUsername: plan.address.name,
        deliveryPhone: plan.address.phone,
        deliveryRegionCode: plan.address.regionCode,
        deliveryAddress: plan.address.address,
        goodsAmount,
        freight,
        amount: goodsAmount + freight,
        count: plan.lines.reduce((sum, l) => sum + l.quantity, 0),
        status: plan.status,
        payType: plan.payType,
        payStatus: plan.payStatus,
        userRemark: plan.remark,
        invoiceType: plan.invoiceType,
        invoiceCompanyName: withInvoice ? invoice.header : '',
        invoiceTaxpayerIdentificationNumber: withInvoice ? invoice.taxpayerNumber : '',
        invoiceEmail: withInvoice ? invoice.email : '',
        invoiceRegisteredAddress: withInvoice ? invoice.registerAddress : '',
        invoiceRegistrationTelephone: withInvoice ? invoice.registerTelephone : '',
        invoiceDepositBank: withInvoice ? invoice.bankName : '',
        invoiceBankAccountNumber: withInvoice ? invoice.bankAccount : '',
        transferReference: plan.payType === PayType.BANK_TRANSFER ? number : '',
        paidAt: plan.paidAt,
        cancelledAt: null,
        createdAt: plan.createdAt,
        updatedAt: plan.packages.at(-1)?.tracks.at(-1)?.at ?? plan.paidAt ?? plan.createdAt,
      })
      .returning('id')
      .executeTakeFirstOrThrow()
  ).id;

  const goodsIds = await trx
    .insertInto('orderGoods')
    .values(
      plan.lines.map(({ pack, quantity }) => ({
        orderId,
        productId: pack.productId,
        materialId: pack.materialId,
        name: pack.name,
        number: pack.number,
        brandName: pack.brandName,
        cas: pack.cas,
        pack: pack.pack,
        image: pack.image,
        price: pack.userPrice,
        quantityPurchase: quantity,
      })),
    )
    .returning(['id', 'materialId'])
    .execute();

  for (const pkg of plan.packages) {
    const deliveryId = (
      await trx
        .insertInto('deliveries')
        .values({
          orderId,
          company: pkg.company,
          trackingNumber: pkg.trackingNumber,
          track: trackJson(pkg.tracks),
          createdAt: pkg.shippedAt,
        })
        .returning('id')
        .executeTakeFirstOrThrow()
    ).id;
    await trx
      .insertInto('deliveryGoods')
      .values(
        pkg.lines.map(({ line, quantity }) => {
          const materialId = plan.lines[line]?.pack.materialId;
          const goods = goodsIds.find((g) => g.materialId === materialId);
          if (!goods) throw new Error(`seed order line ${line} missing`);
          const lot = certifiedLotAt(plan.lines[line]?.pack.number ?? '', pkg.shippedAt);
          return {
            deliveryId,
            orderGoodsId: goods.id,
            quantityShipped: quantity,
            stocks: JSON.stringify([
              {
                storeId: ctx.storeIds[pkg.store] ?? 0,
                storeName: ctx.storeNames[pkg.store] ?? '',
                materialCount: quantity,
              },
            ]),
            lotNumber: lot?.lot ?? null,
            expire: lot?.expire ?? null,
          };
        }),
      )
      .execute();
  }
}

/**
 * The lot a seeded package of a certified standard shipped (docs/lots.md): the newest lot already
 * released and still in date on the shipping day; none for other products, as before lots.
 */
function certifiedLotAt(number: string, shippedAt: number) {
  const day = chinaDate(shippedAt);
  const lots = coaSeeds.find((c) => c.number === number)?.lots ?? [];
  return lots
    .filter((l) => l.released <= day && l.expire >= day)
    .sort((a, b) => b.released.localeCompare(a.released))[0];
}
