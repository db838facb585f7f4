import { fork, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { sql } from 'kysely';
import pg from 'pg';
import { BalanceBusiness, BalanceType, LIMITS, PayType } from '@labshop/shared';
import { createDatabase, type Db } from '../src/db/database.ts';
import { issueToken } from '../src/domains/session/index.ts';
import { lotLedgerMismatches, stockLedgerMismatches } from '../src/domains/stock/index.ts';
import { createStaff } from '../test/fixtures/manage.ts';
import { percentile } from './load.ts';

/**
 * Checkout under load (docs/performance.md, "Checkout under load"): on the demo shop, BUYERS
 * members place orders at once, each a cart line then the order (every other one paid from the
 * balance, the rest by bank transfer, left to pay), while two warehouse staff ship the paid ones
 * as they come, each a 批量发货 of one order. Then the ledgers are checked: every acknowledged
 * order exists once with its goods, every balance equals its ledger and the opening balance less
 * the orders it paid, one ledger row per balance payment, the stock and lot ledgers hold, and the
 * stock moved is what the packages took. Half the buyers order for one organization (a 课题组 with
 * a 经费卡 and a price list on half the packs, docs/organizations.md and
 * docs/contract-prices-credit.md): its budget's use is each of its orders once, and each of its
 * lines on a listed pack pays the contract price of its tier. On SQLite and on PostgreSQL (a fresh
 * database each run).
 * Env: BENCH_CHECKOUT_ORDERS (orders per database, 2000).
 */
export interface CheckoutOptions {
  port: number;
  orders: number;
  /** Admin URL of a PostgreSQL server; empty skips the PostgreSQL row. */
  postgresUrl: string;
  log: (line?: string) => void;
}

const BUYERS = 8;
/** The first ORG_BUYERS buyers order for the organization (the first of them its admin). */
const ORG_BUYERS = 4;
const BUDGET_CODE = 'BENCH-KY-01';
const STAFF = 2;
/** Budgets on SQLite: orders per second and the p95 of placing an order. */
const BUDGET = { ordersPerSecond: 150, p95Ms: 50 };
/** Every buyer's opening balance (fen): enough for every order it pays. */
const OPENING_BALANCE = 1_000_000_000;
/** Units received into each pack before the load (the most one receipt takes), more than the orders take. */
const RECEIVED = LIMITS.quantityMax;
const PACKS = 24;

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

function startServer(port: number, env: NodeJS.ProcessEnv): Promise<ChildProcess> {
  const child = fork(path.join(import.meta.dirname, 'server.ts'), {
    execArgv: ['--import', 'tsx'],
    env: { ...process.env, ...env, BENCH_PORT: String(port), BENCH_SEED: 'demo', WEB_DIR: '' },
    // Request logs are written as in production, just not shown here.
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
  });
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error('server did not start in 180 s')), 180_000);
    child.once('message', () => {
      clearTimeout(timer);
      resolve(child);
    });
    child.once('exit', (code) => reject(new Error(`server exited (${code})`)));
  });
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

/** CPU time (user + system) the server process has used so far, in microseconds. */
function serverCpuUs(server: ChildProcess): Promise<number> {
  return new Promise((resolve) => {
    server.once('message', (m: { cpuUs: number }) => resolve(m.cpuUs));
    server.send('cpu');
  });
}

async function call<T>(
  base: string,
  method: string,
  url: string,
  token: string,
  body: unknown,
  extra: Record<string, string> = {},
): Promise<Envelope<T>> {
  const res = await fetch(`${base}${url}`, {
    method,
    headers: { authorization: token, 'content-type': 'application/json', ...extra },
    body: JSON.stringify(body),
  });
  return (await res.json()) as Envelope<T>;
}

interface Buyer {
  userId: number;
  account: string;
  token: string;
}

/** Members with an opening balance and its ledger row, each with a session. */
async function insertBuyers(db: Db): Promise<Buyer[]> {
  const buyers: Buyer[] = [];
  for (let i = 0; i < BUYERS; i++) {
    const t = Date.now();
    const account = `bench-buyer-${i}-${randomBytes(3).toString('hex')}@example.com`;
    const user = await db.transaction().execute(async (trx) => {
      const row = await trx
        .insertInto('users')
        .values({
          account,
          phone: null,
          email: account,
          // No password anyone could log in with: only the sessions issued here.
          passwordHash: '!',
          name: `压测买家${i}`,
          company: '',
          telephone: '',
          avatar: '',
          balance: OPENING_BALANCE,
          passwordUpdatedAt: t,
          createdAt: t,
          updatedAt: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('balanceRecords')
        .values({
          userId: row.id,
          type: BalanceType.INCOME,
          business: BalanceBusiness.ADJUSTMENT,
          amount: OPENING_BALANCE,
          balanceAfter: OPENING_BALANCE,
          remark: '压测初始余额',
          orderId: null,
          createdAt: t,
        })
        .execute();
      return row;
    });
    buyers.push({ userId: user.id, account, token: (await issueToken(db, user.id)).token });
  }
  return buyers;
}

/** Priced packs of products on sale that no reference list regulates (no documents asked). */
async function plainPacks(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('materials')
    .innerJoin('products', 'products.id', 'materials.productId')
    .select('materials.id')
    .where('materials.userPrice', 'is not', null)
    .where('materials.userPrice', '>=', 1_000)
    .where('products.onSale', '=', 1)
    .where('products.regulationCategory', 'is', null)
    .orderBy('materials.id')
    .limit(PACKS)
    .execute();
  if (rows.length < 4) throw new Error('the demo catalogue has too few plain priced packs');
  return rows.map((r) => r.id);
}

const inDays = (n: number) => new Date(Date.now() + n * 86_400_000).toISOString().slice(0, 10);

interface Placed {
  id: number;
  number: string;
  userId: number;
  payType: number;
  /** Placed for the organization. */
  forOrg: boolean;
}

/** The organization half the buyers order for, and its contract prices (fen) by pack and tier. */
interface BenchOrg {
  id: number;
  /** Per listed pack: [minQuantity, price in fen], the tiers. */
  tiers: Map<number, Array<[number, number]>>;
}

/**
 * The organization: the first buyer creates it (its admin) and adds the other org buyers, gives
 * it a 经费卡 that every order fits in, and the catalogue staff give it a price list on every
 * other pack: 90% of the member price from 1 unit, 80% from 3.
 */
async function setUpOrg(base: string, db: Db, buyers: Buyer[], operator: string, packs: number[]) {
  const [admin, ...others] = buyers.slice(0, ORG_BUYERS);
  if (!admin) throw new Error('no organization admin');
  const must = <T>(what: string, res: Envelope<T>): T => {
    if (res.code !== 0) throw new Error(`${what} refused: ${res.msg}`);
    return res.data;
  };
  const org = must(
    'organization',
    await call<{ id: number }>(base, 'POST', '/client/v1/orgs', admin.token, {
      name: '压测大学化学系课题组',
    }),
  );
  for (const b of others) {
    must(
      'member',
      await call(base, 'POST', `/client/v1/orgs/${org.id}/members`, admin.token, {
        account: b.account,
        role: 'buyer',
      }),
    );
  }
  const t = Date.now();
  must(
    'budget',
    await call(base, 'POST', `/client/v1/orgs/${org.id}/budgets`, admin.token, {
      code: BUDGET_CODE,
      name: '压测经费',
      amount: 20_000_000,
      validFrom: t - 86_400_000,
      validUntil: t + 30 * 86_400_000,
    }),
  );
  const listed = await db
    .selectFrom('materials')
    .select(['id', 'userPrice'])
    .where(
      'id',
      'in',
      packs.filter((_, i) => i % 2 === 0),
    )
    .execute();
  const tiers = new Map<number, Array<[number, number]>>();
  for (const m of listed) {
    const member = m.userPrice ?? 0;
    tiers.set(m.id, [
      [1, Math.round(member * 0.9)],
      [3, Math.round(member * 0.8)],
    ]);
  }
  must(
    'price list',
    await call(base, 'POST', '/manage/v1/price-lists', operator, {
      name: '压测合同价',
      orgIds: [org.id],
      validFrom: t - 86_400_000,
      validUntil: t + 30 * 86_400_000,
      lines: [...tiers].flatMap(([materialId, ts]) =>
        ts.map(([minQuantity, fen]) => ({ materialId, price: fen / 100, minQuantity })),
      ),
    }),
  );
  return { id: org.id, tiers } satisfies BenchOrg;
}

interface Timings {
  placeMs: number[];
  checkoutMs: number[];
  shipMs: number[];
}

interface LoadResult {
  placed: Placed[];
  shipped: Map<number, number>;
  failures: string[];
  elapsedMs: number;
  timings: Timings;
}

async function runLoad(
  base: string,
  buyers: Buyer[],
  staff: string[],
  packs: number[],
  storeId: number,
  total: number,
  orgId: number,
): Promise<LoadResult> {
  const placed: Placed[] = [];
  const shipped = new Map<number, number>();
  const failures: string[] = [];
  const timings: Timings = { placeMs: [], checkoutMs: [], shipMs: [] };
  const toShip: number[] = [];
  let next = 0;
  let buying = true;

  const buyer = async (b: Buyer, index: number) => {
    const forOrg = index < ORG_BUYERS;
    while (next < total) {
      const n = next++;
      const t0 = performance.now();
      const line = await call<{ id: number }>(base, 'PUT', '/client/v1/cart', b.token, {
        materialId: packs[n % packs.length],
        quantity: 1 + (n % 3),
        type: 1,
      });
      if (line.code !== 0) {
        failures.push(`cart: ${line.msg}`);
        continue;
      }
      const payType = n % 2 === 0 ? PayType.BALANCE : PayType.BANK_TRANSFER;
      const t1 = performance.now();
      const order = await call<{ order: { id: number; number: string } }>(
        base,
        'POST',
        '/client/v1/orders',
        b.token,
        {
          deliveryUsername: '张三',
          deliveryPhone: '13900000000',
          deliveryRegionCode: '110000,110100,110101',
          deliveryAddress: '北京市东城区压测路 1 号',
          invoiceType: 3,
          payType,
          userRemark: '',
          cartIds: [line.data.id],
          ...(forOrg ? { orgId, budgetCode: BUDGET_CODE } : {}),
        },
      );
      const t2 = performance.now();
      if (order.code !== 0) {
        failures.push(`order: ${order.msg}`);
        continue;
      }
      timings.placeMs.push(t2 - t1);
      timings.checkoutMs.push(t2 - t0);
      const { id, number } = order.data.order;
      placed.push({ id, number, userId: b.userId, payType, forOrg });
      if (payType === PayType.BALANCE) toShip.push(id);
    }
  };

  const shipper = async (token: string) => {
    while (buying || toShip.length > 0) {
      const orderId = toShip.shift();
      if (orderId === undefined) {
        await sleep(2);
        continue;
      }
      const t0 = performance.now();
      const res = await call<{ shipped: Array<{ orderId: number; deliveryId: number }> }>(
        base,
        'POST',
        '/manage/v1/orders/bulk/deliveries',
        token,
        { storeId, carrier: '顺丰速运', orders: [{ orderId, trackingNumber: `SF${orderId}` }] },
        { 'idempotency-key': `bench-ship-${orderId}` },
      );
      timings.shipMs.push(performance.now() - t0);
      const one = res.code === 0 ? res.data.shipped[0] : undefined;
      if (one) shipped.set(one.orderId, one.deliveryId);
      else failures.push(`ship: ${res.msg}`);
    }
  };

  const t0 = performance.now();
  const shipping = Promise.all(staff.map(shipper));
  await Promise.all(buyers.map((b, i) => buyer(b, i)));
  const elapsedMs = performance.now() - t0;
  buying = false;
  await shipping;
  return { placed, shipped, failures, elapsedMs, timings };
}

/** The sum of the stock movements of the packs in the warehouse: their count by the ledger. */
async function movedOf(db: Db, packs: number[], storeId: number): Promise<number> {
  const row = await db
    .selectFrom('stockMovements')
    .select((eb) => eb.fn.sum<number>('change').as('n'))
    .where('materialId', 'in', packs)
    .where('storeId', '=', storeId)
    .executeTakeFirstOrThrow();
  return Number(row.n ?? 0);
}

/** The contract price (fen) of `quantity` units by the tiers, when below the member price. */
function contractFen(tiers: Array<[number, number]>, member: number, quantity: number) {
  const reached = tiers.filter(([min]) => min <= quantity).sort((a, b) => b[0] - a[0])[0];
  return reached && reached[1] < member ? reached[1] : undefined;
}

/**
 * The organization's checks: its orders are the org buyers' orders with its budget, the budget's
 * use (as its admin sees it) is their amount once each, and each line pays what the price list
 * says (the contract price of its tier on a listed pack, else the member price).
 */
async function orgChecks(
  base: string,
  db: Db,
  admin: Buyer,
  org: BenchOrg,
  load: LoadResult,
): Promise<Array<[string, boolean]>> {
  const placedFor = load.placed.filter((p) => p.forOrg);
  const ids = load.placed.map((p) => p.id);
  const orders = ids.length
    ? await db
        .selectFrom('orders')
        .select(['id', 'orgId', 'budgetCode', 'amount'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const forOrg = new Set(placedFor.map((p) => p.id));
  const tagged = orders.every((o) =>
    forOrg.has(o.id) ? o.orgId === org.id && o.budgetCode === BUDGET_CODE : o.orgId === null,
  );
  const orgFen = orders
    .filter((o) => forOrg.has(o.id))
    .reduce((sum, o) => sum + Number(o.amount ?? 0), 0);
  const budgets = await call<Array<{ code: string; used: number }>>(
    base,
    'GET',
    `/client/v1/orgs/${org.id}/budgets`,
    admin.token,
    undefined,
  );
  const used = budgets.data?.find((b) => b.code === BUDGET_CODE)?.used;
  const goods = ids.length
    ? await db
        .selectFrom('orderGoods')
        .innerJoin('materials', 'materials.id', 'orderGoods.materialId')
        .select([
          'orderGoods.orderId',
          'orderGoods.materialId',
          'orderGoods.quantityPurchase',
          'orderGoods.price',
          'orderGoods.priceSource',
          'materials.userPrice',
        ])
        .where('orderGoods.orderId', 'in', ids)
        .execute()
    : [];
  const mispriced = goods.filter((g) => {
    const tiers = forOrg.has(g.orderId) ? org.tiers.get(g.materialId) : undefined;
    const contract = tiers && contractFen(tiers, g.userPrice ?? 0, g.quantityPurchase);
    return contract === undefined
      ? g.priceSource !== 'member' || g.price !== g.userPrice
      : g.priceSource !== 'contract' || g.price !== contract;
  });
  const contractLines = goods.filter((g) => g.priceSource === 'contract').length;
  return [
    [
      `the ${placedFor.length} orders for the organization carry it and its budget, the others none`,
      tagged,
    ],
    [
      `the budget's use (${used} yuan) is the organization's orders once each (${orgFen / 100} yuan)`,
      used !== undefined && Math.round(used * 100) === orgFen,
    ],
    [
      `every line pays its price: ${contractLines} at the contract price of its tier, the rest the member price${mispriced.length ? ` (${mispriced.length} do not)` : ''}`,
      mispriced.length === 0 && contractLines > 0,
    ],
  ];
}

/** Each ledger check: what it says and whether it holds. */
async function ledgerChecks(
  db: Db,
  buyers: Buyer[],
  packs: number[],
  storeId: number,
  load: LoadResult,
  movedBefore: number,
): Promise<Array<[string, boolean]>> {
  const userIds = buyers.map((b) => b.userId);
  const orders = await db
    .selectFrom('orders')
    .select(['id', 'number', 'userId', 'payType', 'amount'])
    .where('userId', 'in', userIds)
    .execute();
  const byId = new Map(orders.map((o) => [o.id, o]));
  const asPlaced = load.placed.every((p) => {
    const o = byId.get(p.id);
    return o?.number === p.number && o.userId === p.userId && o.payType === p.payType;
  });
  const withGoods = await db
    .selectFrom('orderGoods')
    .select(({ fn }) => fn.count<number>('orderId').distinct().as('n'))
    .where(
      'orderId',
      'in',
      orders.map((o) => o.id),
    )
    .executeTakeFirstOrThrow();

  const users = await db
    .selectFrom('users')
    .select(['id', 'balance'])
    .where('id', 'in', userIds)
    .execute();
  const ledger = await db
    .selectFrom('balanceRecords')
    .select([
      'userId',
      sql<number>`sum(case when ${sql.ref('type')} = ${BalanceType.INCOME} then ${sql.ref('amount')} else -${sql.ref('amount')} end)`.as(
        'total',
      ),
      (eb) => eb.fn.countAll<number>().as('rows'),
    ])
    .where('userId', 'in', userIds)
    .groupBy('userId')
    .execute();
  const ledgerOf = new Map(ledger.map((l) => [l.userId, l]));
  const paid = load.placed.filter((p) => p.payType === PayType.BALANCE);
  const paidBy = (userId: number) => paid.filter((p) => p.userId === userId);
  const balancesOff = users.flatMap((u) => {
    const l = ledgerOf.get(u.id);
    // The stored amounts, in fen (the answers give yuan).
    const spent = paidBy(u.id).reduce((sum, p) => sum + Number(byId.get(p.id)?.amount ?? 0), 0);
    const holds =
      Number(l?.total) === u.balance &&
      u.balance === OPENING_BALANCE - spent &&
      Number(l?.rows) === 1 + paidBy(u.id).length;
    return holds
      ? []
      : [
          `member ${u.id}: balance ${u.balance}, ledger ${l?.total} in ${l?.rows} rows, opening less paid ${OPENING_BALANCE - spent} (${paidBy(u.id).length} orders)`,
        ];
  });
  const debits = paid.length
    ? await db
        .selectFrom('balanceRecords')
        .select(['orderId', (eb) => eb.fn.countAll<number>().as('n')])
        .where(
          'orderId',
          'in',
          paid.map((p) => p.id),
        )
        .groupBy('orderId')
        .execute()
    : [];

  const deliveries = await db
    .selectFrom('deliveries')
    .select(['orderId', (eb) => eb.fn.countAll<number>().as('n')])
    .where(
      'orderId',
      'in',
      orders.map((o) => o.id),
    )
    .groupBy('orderId')
    .execute();
  const taken = await db
    .selectFrom('deliveryGoods')
    .innerJoin('deliveries', 'deliveries.id', 'deliveryGoods.deliveryId')
    .select((eb) => eb.fn.sum<number>('deliveryGoods.quantityShipped').as('n'))
    .where(
      'deliveries.orderId',
      'in',
      orders.map((o) => o.id),
    )
    .executeTakeFirstOrThrow();
  const moved = await movedOf(db, packs, storeId);
  const [stockOff, lotsOff] = await Promise.all([
    stockLedgerMismatches(db),
    lotLedgerMismatches(db),
  ]);
  return [
    [
      `every one of the ${load.placed.length} acknowledged orders exists as placed, and no other`,
      asPlaced && orders.length === load.placed.length,
    ],
    ['every order has its goods', Number(withGoods.n) === orders.length],
    [
      `every balance equals its ledger and the opening balance less the orders it paid${balancesOff.length ? `: ${balancesOff.slice(0, 2).join('; ')}` : ''}`,
      balancesOff.length === 0,
    ],
    [
      `each of the ${paid.length} balance payments has exactly one ledger row`,
      debits.length === paid.length && debits.every((d) => Number(d.n) === 1),
    ],
    [
      `each of the ${load.shipped.size} shipped orders has one package, the others none`,
      deliveries.length === load.shipped.size &&
        deliveries.every((d) => Number(d.n) === 1 && load.shipped.has(d.orderId)),
    ],
    [
      'the stock the packs lost under load is what the packages took',
      movedBefore - moved === Number(taken.n ?? 0),
    ],
    ['the stock ledger holds (stockLedgerMismatches)', stockOff.length === 0],
    ['the lot ledger holds (lotLedgerMismatches)', lotsOff.length === 0],
  ];
}

const ms = (sorted: number[], p: number) => percentile(sorted, p).toFixed(1);

async function measureOn(
  label: string,
  env: NodeJS.ProcessEnv,
  dbOptions: { databaseUrl: string; sqliteFile: string },
  opts: CheckoutOptions,
  work: string,
) {
  const { log } = opts;
  const server = await startServer(opts.port, { ...env, DATA_DIR: path.join(work, label) });
  const db = createDatabase(dbOptions);
  try {
    const buyers = await insertBuyers(db);
    const staff = await Promise.all(
      Array.from({ length: STAFF }, (_, i) => createStaff(db, ['warehouse'], `压测库管${i}`)),
    );
    const store = await db.selectFrom('stores').select('id').orderBy('id').executeTakeFirst();
    if (!store) throw new Error('the demo shop has no warehouse');
    const packs = await plainPacks(db);
    const base = `http://127.0.0.1:${opts.port}`;
    for (const materialId of packs) {
      const res = await call(
        base,
        'POST',
        '/manage/v1/stock/receipts',
        staff[0]!.token,
        {
          materialId,
          storeId: store.id,
          lotNumber: `BENCH-${materialId}`,
          expire: inDays(1000),
          quantity: RECEIVED,
        },
        { 'idempotency-key': `bench-receipt-${materialId}-${Date.now()}` },
      );
      if (res.code !== 0) throw new Error(`stock receipt refused: ${res.msg}`);
    }
    const operator = await createStaff(db, ['operator'], '压测运营');
    const org = await setUpOrg(base, db, buyers, operator.token, packs);
    const movedBefore = await movedOf(db, packs, store.id);
    const cpu0 = await serverCpuUs(server);
    const load = await runLoad(
      base,
      buyers,
      staff.map((s) => s.token),
      packs,
      store.id,
      opts.orders,
      org.id,
    );
    const cpuMsPerOrder = ((await serverCpuUs(server)) - cpu0) / 1000 / load.placed.length;
    const place = [...load.timings.placeMs].sort((a, b) => a - b);
    const checkout = [...load.timings.checkoutMs].sort((a, b) => a - b);
    const ship = [...load.timings.shipMs].sort((a, b) => a - b);
    const perSecond = (load.placed.length / load.elapsedMs) * 1000;
    log(
      `| ${label} | ${load.placed.length} | ${perSecond.toFixed(0)} | ${ms(place, 50)} | ${ms(place, 95)} | ${ms(place, 99)} | ${ms(checkout, 95)} | ${load.shipped.size} | ${ms(ship, 95)} | ${cpuMsPerOrder.toFixed(2)} | ${load.failures.length} |`,
    );
    const checks = [
      ...(await ledgerChecks(db, buyers, packs, store.id, load, movedBefore)),
      ...(await orgChecks(base, db, buyers[0]!, org, load)),
    ];
    return { label, perSecond, p95: percentile(place, 95), checks, failures: load.failures };
  } finally {
    await db.destroy();
    await stopServer(server);
  }
}

export async function checkoutBench(opts: CheckoutOptions): Promise<void> {
  const { log } = opts;
  const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-bench-checkout-'));
  const results: Awaited<ReturnType<typeof measureOn>>[] = [];
  let pgDb = '';
  log(
    '| database | orders | orders/s | place p50 ms | place p95 ms | place p99 ms | cart + order p95 ms | shipped | ship p95 ms | server CPU ms per order | errors |',
  );
  log('|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|---:|');
  try {
    const file = path.join(work, 'shop.sqlite');
    results.push(
      await measureOn(
        'SQLite',
        { BENCH_DB: file, DATABASE_URL: '' },
        { databaseUrl: '', sqliteFile: file },
        opts,
        work,
      ),
    );
    if (opts.postgresUrl) {
      pgDb = `labshop_bench_checkout_${Date.now()}`;
      const admin = new pg.Client({ connectionString: opts.postgresUrl });
      await admin.connect();
      await admin.query(`create database ${pgDb}`);
      await admin.end();
      const url = new URL(opts.postgresUrl);
      url.pathname = `/${pgDb}`;
      results.push(
        await measureOn(
          'PostgreSQL',
          { DATABASE_URL: url.toString() },
          { databaseUrl: url.toString(), sqliteFile: '' },
          opts,
          work,
        ),
      );
    }
  } finally {
    if (pgDb) {
      const admin = new pg.Client({ connectionString: opts.postgresUrl });
      await admin.connect();
      await admin.query(`drop database if exists ${pgDb} with (force)`);
      await admin.end();
    }
    fs.rmSync(work, { recursive: true, force: true });
  }
  for (const r of results) {
    log();
    log(`${r.label}, the ledgers afterwards:`);
    for (const [what, holds] of r.checks) log(`- ${holds ? 'holds' : 'DOES NOT HOLD'}: ${what}`);
    for (const f of [...new Set(r.failures)].slice(0, 5)) log(`- refused: ${f}`);
  }
  const sqlite = results[0];
  if (sqlite) {
    const met =
      sqlite.perSecond >= BUDGET.ordersPerSecond &&
      sqlite.p95 <= BUDGET.p95Ms &&
      results.every((r) => r.checks.every(([, holds]) => holds) && r.failures.length === 0);
    log();
    log(
      `Checkout budget (SQLite >= ${BUDGET.ordersPerSecond} orders/s, placing p95 <= ${BUDGET.p95Ms} ms, every ledger exact): ${met ? 'met' : 'NOT met'}.`,
    );
  }
}
