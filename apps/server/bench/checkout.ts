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
 * stock moved is what the packages took. On SQLite and on PostgreSQL (a fresh database each run).
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
    buyers.push({ userId: user.id, token: (await issueToken(db, user.id)).token });
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
): Promise<LoadResult> {
  const placed: Placed[] = [];
  const shipped = new Map<number, number>();
  const failures: string[] = [];
  const timings: Timings = { placeMs: [], checkoutMs: [], shipMs: [] };
  const toShip: number[] = [];
  let next = 0;
  let buying = true;

  const buyer = async (b: Buyer) => {
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
      placed.push({ id, number, userId: b.userId, payType });
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
  await Promise.all(buyers.map(buyer));
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
    const movedBefore = await movedOf(db, packs, store.id);
    const cpu0 = await serverCpuUs(server);
    const load = await runLoad(
      base,
      buyers,
      staff.map((s) => s.token),
      packs,
      store.id,
      opts.orders,
    );
    const cpuMsPerOrder = ((await serverCpuUs(server)) - cpu0) / 1000 / load.placed.length;
    const place = [...load.timings.placeMs].sort((a, b) => a - b);
    const checkout = [...load.timings.checkoutMs].sort((a, b) => a - b);
    const ship = [...load.timings.shipMs].sort((a, b) => a - b);
    const perSecond = (load.placed.length / load.elapsedMs) * 1000;
    log(
      `| ${label} | ${load.placed.length} | ${perSecond.toFixed(0)} | ${ms(place, 50)} | ${ms(place, 95)} | ${ms(place, 99)} | ${ms(checkout, 95)} | ${load.shipped.size} | ${ms(ship, 95)} | ${cpuMsPerOrder.toFixed(2)} | ${load.failures.length} |`,
    );
    const checks = await ledgerChecks(db, buyers, packs, store.id, load, movedBefore);
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
