/**
 * `npm run test:cluster`: nothing acknowledged is lost when an instance dies.
 *
 * 1. PostgreSQL: two app instances on one fresh database behind nginx (127.0.0.1 only). Many
 *    members send a bounded stream of orders, half of them paid from their balance; halfway one
 *    instance is killed with SIGKILL and started again. Then: every order acknowledged to a client
 *    exists exactly once, no balance went negative, every balance equals its ledger, and the
 *    surviving instance answered every probe throughout. Each instance has a DATA_DIR of its own
 *    (as on two machines), yet what one stores the other serves (files.ts): the seed's pictures
 *    and certificates, an uploaded picture, certificate and member's business licence, and the
 *    picture again after the restart.
 * 2. SQLite: one instance, serving from one worker with a heap limit (HEAP_LIMIT_MB), is killed
 *    with SIGKILL in the middle of a stream of orders; after the restart every acknowledged order
 *    is there.
 *
 * Bounded in requests and time; exits 0 when every check holds, 1 otherwise.
 * Env: CLUSTER_DATABASE_URL (an admin URL of the PostgreSQL server, default the local one),
 * CLUSTER_PORT (first of four consecutive ports, default 4470), NGINX (binary, default nginx).
 */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { spawn, type ChildProcess } from 'node:child_process';
import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { sql } from 'kysely';
import { BalanceBusiness, BalanceType, PayType } from '@labshop/shared';
import { createDatabase, type Db } from '../../src/db/database.ts';
import { hashPassword } from '../../src/lib/password.ts';
import { issueToken } from '../../src/domains/session/index.ts';
import { checkFileAfterRestart, checkSharedFiles, type FileInstance } from './files.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const ADMIN_URL = process.env.CLUSTER_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const BASE_PORT = Number(process.env.CLUSTER_PORT ?? 4470);
const NGINX = process.env.NGINX ?? 'nginx';
/** Members sending orders at once, and order attempts in each stream. */
const MEMBERS = 16;
const PG_ATTEMPTS = 320;
const SQLITE_ATTEMPTS = 160;
/** The SQLite instance's workers' heap limit: ample for the demo shop. */
const SQLITE_HEAP_LIMIT_MB = 256;
/** Every member starts with this balance (fen), enough for some balance payments, not all. */
const START_BALANCE_FEN = 300_000;
/** The whole script gives up after this long. */
const DEADLINE = Date.now() + 8 * 60_000;

const work = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-cluster-'));
const children = new Set<ChildProcess>();
const failures: string[] = [];

const log = (msg: string) => console.log(`[cluster] ${msg}`);
function check(ok: boolean, what: string) {
  log(`${ok ? 'ok  ' : 'FAIL'} ${what}`);
  if (!ok) failures.push(what);
}

// ---------------------------------------------------------------- processes

interface Instance {
  name: string;
  port: number;
  env: NodeJS.ProcessEnv;
  child: ChildProcess | null;
}

function start(instance: Instance): void {
  const out = fs.openSync(path.join(work, `${instance.name}.log`), 'a');
  const child = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/server.ts'], {
    cwd: ROOT,
    env: { ...process.env, ...instance.env, PORT: String(instance.port), HOST: '127.0.0.1' },
    stdio: ['ignore', out, out],
  });
  children.add(child);
  child.on('exit', () => children.delete(child));
  instance.child = child;
}

/** The command lines of the instance's worker processes (its children). */
function workerCommandLines(instance: Instance): string[] {
  const pid = instance.child?.pid;
  if (pid === undefined) return [];
  const children = fs
    .readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8')
    .split(' ')
    .filter(Boolean);
  return children.map((child) =>
    fs.readFileSync(`/proc/${child}/cmdline`, 'utf8').split('\0').join(' ').trim(),
  );
}

async function waitHealthy(port: number, timeoutMs = 120_000): Promise<void> {
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/client/v1/system/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await sleep(200);
  }
  throw new Error(`port ${port} did not become healthy`);
}

async function kill(instance: Instance): Promise<void> {
  const child = instance.child;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGKILL');
  await exited;
  instance.child = null;
}

function cleanup(): void {
  for (const child of children) child.kill('SIGKILL');
}
process.on('exit', cleanup);

// ---------------------------------------------------------------- shop calls

interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

/** One API call; null when the request got no answer (connection refused or reset, 502). */
async function call<T>(
  base: string,
  method: string,
  url: string,
  token: string,
  body?: unknown,
): Promise<Envelope<T> | null> {
  try {
    const res = await fetch(`${base}${url}`, {
      method,
      headers: { authorization: token, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const text = await res.text();
    if (res.status >= 502) return null;
    return JSON.parse(text) as Envelope<T>;
  } catch {
    return null;
  }
}

interface Member {
  userId: number;
  token: string;
}

async function createMembers(db: Db, count: number, tag: string): Promise<Member[]> {
  const passwordHash = await hashPassword(randomBytes(12).toString('hex'));
  const members: Member[] = [];
  for (let i = 0; i < count; i++) {
    const t = Date.now();
    const account = `cluster-${tag}-${i}@example.com`;
    const row = await db.transaction().execute(async (trx) => {
      const user = await trx
        .insertInto('users')
        .values({
          account,
          phone: null,
          email: account,
          passwordHash,
          name: `并发会员${i}`,
          company: '',
          telephone: '',
          avatar: '',
          balance: START_BALANCE_FEN,
          passwordUpdatedAt: t,
          createdAt: t,
          updatedAt: t,
        })
        .returning('id')
        .executeTakeFirstOrThrow();
      await trx
        .insertInto('balanceRecords')
        .values({
          userId: user.id,
          type: BalanceType.INCOME,
          business: BalanceBusiness.ADJUSTMENT,
          amount: START_BALANCE_FEN,
          balanceAfter: START_BALANCE_FEN,
          remark: '初始余额',
          orderId: null,
          createdAt: t,
        })
        .execute();
      return user;
    });
    members.push({ userId: row.id, token: (await issueToken(db, row.id)).token });
  }
  return members;
}

/** Packs with a member price between ¥50 and ¥900, so some balance payments succeed and some do not. */
async function pricedPacks(db: Db): Promise<number[]> {
  const rows = await db
    .selectFrom('materials')
    .select('id')
    .where('userPrice', 'is not', null)
    .where('userPrice', '>=', 5_000)
    .where('userPrice', '<=', 90_000)
    .orderBy('id')
    .limit(40)
    .execute();
  if (rows.length < 4) throw new Error('the demo catalogue has too few priced packs');
  return rows.map((r) => r.id);
}

interface Ack {
  id: number;
  number: string;
  userId: number;
  payType: number;
  amount: number | null;
}

interface StreamResult {
  acked: Ack[];
  attempts: number;
  unanswered: number;
  refused: number;
}

/**
 * Members order concurrently (two workers each, on packs of their own, so a member's payments
 * race each other) until `attempts` order submissions were made. `onProgress` sees the count.
 */
async function orderStream(
  base: string,
  members: Member[],
  packs: number[],
  attempts: number,
  onProgress: (done: number) => Promise<void> | void,
  stopWhen: () => boolean = () => false,
): Promise<StreamResult> {
  const result: StreamResult = { acked: [], attempts: 0, unanswered: 0, refused: 0 };
  let next = 0;
  const worker = async (member: Member, lane: number) => {
    const own = packs.filter((_, i) => i % 2 === lane);
    while (next < attempts && Date.now() < DEADLINE && !stopWhen()) {
      const n = next++;
      const materialId = own[n % own.length] ?? packs[0];
      const added = await call<{ id: number }>(base, 'PUT', '/client/v1/cart', member.token, {
        materialId,
        quantity: 1 + (n % 3),
        type: 1,
      });
      const payType = n % 2 === 0 ? PayType.BALANCE : PayType.BANK_TRANSFER;
      result.attempts++;
      if (!added || added.code !== 0) {
        result.unanswered++;
        await onProgress(result.attempts);
        await sleep(50);
        continue;
      }
      const placed = await call<{ order: { id: number; number: string; amount: number | null } }>(
        base,
        'POST',
        '/client/v1/orders',
        member.token,
        {
          deliveryUsername: '张三',
          deliveryPhone: '13900000000',
          deliveryRegionCode: '110000,110100,110101',
          deliveryAddress: '北京市东城区测试路 1 号',
          invoiceType: 3,
          payType,
          userRemark: `cluster ${n}`,
          cartIds: [added.data.id],
        },
      );
      if (placed === null) result.unanswered++;
      else if (placed.code === 0) {
        result.acked.push({
          id: placed.data.order.id,
          number: placed.data.order.number,
          userId: member.userId,
          payType,
          amount: placed.data.order.amount,
        });
      } else {
        result.refused++;
        // A refused balance payment leaves the line in the cart; take it out for the next try.
        await call(base, 'DELETE', '/client/v1/cart', member.token, { ids: [added.data.id] });
      }
      await onProgress(result.attempts);
    }
  };
  await Promise.all(members.flatMap((m) => [worker(m, 0), worker(m, 1)]));
  return result;
}

// ---------------------------------------------------------------- checks

async function checkOrders(db: Db, acked: Ack[], label: string): Promise<void> {
  const ids = acked.map((a) => a.id);
  const rows = ids.length
    ? await db
        .selectFrom('orders')
        .select(['id', 'number', 'userId', 'payType'])
        .where('id', 'in', ids)
        .execute()
    : [];
  const byId = new Map(rows.map((r) => [r.id, r]));
  const missing = acked.filter((a) => {
    const row = byId.get(a.id);
    return !row || row.number !== a.number || row.userId !== a.userId || row.payType !== a.payType;
  });
  check(
    missing.length === 0,
    `${label}: all ${acked.length} acknowledged orders exist as acknowledged (missing ${missing.length})`,
  );
  const duplicates = await db
    .selectFrom('orders')
    .select(['number', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('number')
    .having((eb) => eb.fn.countAll(), '>', 1)
    .execute();
  check(duplicates.length === 0, `${label}: no order number exists twice`);
  const withoutGoods = ids.length
    ? await db
        .selectFrom('orders')
        .leftJoin('orderGoods', 'orderGoods.orderId', 'orders.id')
        .select('orders.id')
        .where('orders.id', 'in', ids)
        .where('orderGoods.id', 'is', null)
        .execute()
    : [];
  check(withoutGoods.length === 0, `${label}: every acknowledged order has its goods`);
}

async function checkBalances(db: Db, members: Member[], acked: Ack[]): Promise<void> {
  const userIds = members.map((m) => m.userId);
  const users = await db
    .selectFrom('users')
    .select(['id', 'balance'])
    .where('id', 'in', userIds)
    .execute();
  check(
    users.every((u) => u.balance >= 0),
    'postgres: no balance is negative',
  );
  const negativeAfter = await db
    .selectFrom('balanceRecords')
    .select('id')
    .where('userId', 'in', userIds)
    .where('balanceAfter', '<', 0)
    .execute();
  check(negativeAfter.length === 0, 'postgres: no ledger row left a balance below zero');
  const ledger = await db
    .selectFrom('balanceRecords')
    .select([
      'userId',
      sql<number>`sum(case when ${sql.ref('type')} = ${BalanceType.INCOME} then ${sql.ref('amount')} else -${sql.ref('amount')} end)`.as(
        'total',
      ),
    ])
    .where('userId', 'in', userIds)
    .groupBy('userId')
    .execute();
  const totals = new Map(ledger.map((l) => [l.userId, Number(l.total)]));
  const off = users.filter((u) => totals.get(u.id) !== u.balance);
  check(off.length === 0, `postgres: every balance equals its ledger (${off.length} differ)`);

  const paidByBalance = acked.filter((a) => a.payType === PayType.BALANCE).map((a) => a.id);
  const debits = paidByBalance.length
    ? await db
        .selectFrom('balanceRecords')
        .select(['orderId', (eb) => eb.fn.countAll<number>().as('n')])
        .where('orderId', 'in', paidByBalance)
        .groupBy('orderId')
        .execute()
    : [];
  check(
    debits.length === paidByBalance.length && debits.every((d) => Number(d.n) === 1),
    `postgres: each of ${paidByBalance.length} acknowledged balance payments has exactly one ledger row`,
  );
}

// ---------------------------------------------------------------- PostgreSQL + nginx

function nginxConfig(listen: number, upstreams: number[]): string {
  const temp = path.join(work, 'nginx');
  fs.mkdirSync(temp, { recursive: true, mode: 0o777 });
  fs.chmodSync(temp, 0o777);
  return `worker_processes 1;
pid ${temp}/nginx.pid;
error_log ${temp}/error.log warn;
daemon off;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${temp}/body;
  proxy_temp_path ${temp}/proxy;
  fastcgi_temp_path ${temp}/fastcgi;
  uwsgi_temp_path ${temp}/uwsgi;
  scgi_temp_path ${temp}/scgi;
  upstream shop {
${upstreams.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=3s;`).join('\n')}
    keepalive 32;
  }
  server {
    listen 127.0.0.1:${listen};
    location / {
      proxy_pass http://shop;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $host;
      proxy_set_header X-Forwarded-For $remote_addr;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_connect_timeout 1s;
      # Only requests nginx knows are safe to repeat move to the other instance; an order
      # (POST) that reached a dying instance is answered 502 and never sent twice.
      proxy_next_upstream error timeout;
    }
  }
}
`;
}

async function postgresRun(): Promise<void> {
  const dbName = `labshop_cluster_${Date.now()}_${process.pid}`;
  const admin = new pg.Client({ connectionString: ADMIN_URL });
  await admin.connect();
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const url = new URL(ADMIN_URL);
  url.pathname = `/${dbName}`;
  const databaseUrl = url.toString();
  const db = createDatabase({ databaseUrl, sqliteFile: '' });
  let nginx: ChildProcess | null = null;
  try {
    // Every instance decrypts passwords with the same key.
    const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
    const shared = {
      DATABASE_URL: databaseUrl,
      RSA_PRIVATE_KEY: privateKey.export({ type: 'pkcs8', format: 'pem' }).toString(),
      LOG_LEVEL: 'warn',
      TRUST_PROXY: '127.0.0.1',
    };
    const a: Instance = {
      name: 'pg-a',
      port: BASE_PORT + 1,
      env: { ...shared, SEED: 'demo', DATA_DIR: path.join(work, 'a') },
      child: null,
    };
    const b: Instance = {
      name: 'pg-b',
      port: BASE_PORT + 2,
      env: { ...shared, SEED: 'none', DATA_DIR: path.join(work, 'b') },
      child: null,
    };
    // The first instance migrates and seeds; the second starts on the ready database.
    start(a);
    await waitHealthy(a.port);
    start(b);
    await waitHealthy(b.port);
    log(`two instances on PostgreSQL ${dbName} (ports ${a.port}, ${b.port})`);
    const fileInstances: FileInstance[] = [a, b].map((i) => ({
      name: i.name,
      port: i.port,
      dataDir: String(i.env.DATA_DIR),
    }));
    const [seeder, other] = fileInstances as [FileInstance, FileInstance];
    const picture = await checkSharedFiles(db, seeder, other, check);

    const confPath = path.join(work, 'nginx.conf');
    fs.writeFileSync(confPath, nginxConfig(BASE_PORT, [a.port, b.port]));
    nginx = spawn(NGINX, ['-c', confPath, '-p', path.join(work, 'nginx'), '-e', 'stderr'], {
      stdio: ['ignore', 'inherit', 'inherit'],
    });
    children.add(nginx);
    await waitHealthy(BASE_PORT, 20_000);
    log(`nginx on 127.0.0.1:${BASE_PORT}`);

    const members = await createMembers(db, MEMBERS, 'pg');
    const packs = await pricedPacks(db);

    // The surviving instance is probed directly, the whole time.
    let probing = true;
    const probes = { sent: 0, failed: 0 };
    const prober = (async () => {
      while (probing) {
        probes.sent++;
        try {
          const res = await fetch(`http://127.0.0.1:${b.port}/client/v1/products/search-keys`, {
            signal: AbortSignal.timeout(5_000),
          });
          if (!res.ok) probes.failed++;
        } catch {
          probes.failed++;
        }
        await sleep(100);
      }
    })();

    let killed = false;
    const restart: { done: Promise<void> | null } = { done: null };
    const base = `http://127.0.0.1:${BASE_PORT}`;
    const stream = await orderStream(base, members, packs, PG_ATTEMPTS, (done) => {
      if (!killed && done >= PG_ATTEMPTS / 2) {
        killed = true;
        log(`SIGKILL ${a.name} after ${done} order attempts`);
        restart.done = (async () => {
          await kill(a);
          await sleep(1_000);
          a.env = { ...a.env, SEED: 'none' };
          start(a);
          await waitHealthy(a.port);
          log(`${a.name} is back`);
        })();
      }
    });
    await restart.done;
    probing = false;
    await prober;

    log(
      `stream: ${stream.attempts} attempts, ${stream.acked.length} acknowledged, ${stream.refused} refused (e.g. balance short), ${stream.unanswered} unanswered`,
    );
    check(killed, 'postgres: an instance was killed halfway');
    check(stream.acked.length > PG_ATTEMPTS / 4, 'postgres: most orders were acknowledged');
    check(
      stream.acked.some((x) => x.payType === PayType.BALANCE) && stream.refused > 0,
      'postgres: balance payments both succeeded and were refused for lack of balance',
    );
    check(
      probes.failed === 0 && probes.sent > 10,
      `postgres: the surviving instance answered all ${probes.sent} probes (${probes.failed} failed)`,
    );
    const after = await call<unknown>(
      base,
      'GET',
      '/client/v1/cart/count',
      members[0]?.token ?? '',
    );
    check(after?.code === 0, 'postgres: the cluster answers after the restart');
    await checkFileAfterRestart(picture, fileInstances, check);
    await checkOrders(db, stream.acked, 'postgres');
    await checkBalances(db, members, stream.acked);
  } finally {
    if (nginx) {
      nginx.kill('SIGQUIT');
      await sleep(300);
      nginx.kill('SIGKILL');
    }
    cleanup();
    await db.destroy();
    const drop = new pg.Client({ connectionString: ADMIN_URL });
    await drop.connect();
    await drop.query(`drop database if exists ${dbName} with (force)`);
    await drop.end();
  }
}

// ---------------------------------------------------------------- SQLite

async function sqliteRun(): Promise<void> {
  const dataDir = path.join(work, 'sqlite');
  const instance: Instance = {
    name: 'sqlite',
    port: BASE_PORT + 3,
    env: {
      DATA_DIR: dataDir,
      SEED: 'demo',
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      HEAP_LIMIT_MB: String(SQLITE_HEAP_LIMIT_MB),
    },
    child: null,
  };
  start(instance);
  await waitHealthy(instance.port);
  const workers = workerCommandLines(instance);
  check(
    workers.length === 1 &&
      workers.every((w) => w.includes(`--max-old-space-size=${SQLITE_HEAP_LIMIT_MB}`)),
    `sqlite: one worker serves, with the heap limit (${JSON.stringify(workers)})`,
  );
  const db = createDatabase({ databaseUrl: '', sqliteFile: path.join(dataDir, 'shop.sqlite') });
  try {
    const members = await createMembers(db, MEMBERS / 2, 'sqlite');
    const packs = await pricedPacks(db);
    let killed = false;
    const base = `http://127.0.0.1:${instance.port}`;
    const stream = await orderStream(
      base,
      members,
      packs,
      SQLITE_ATTEMPTS,
      async (done) => {
        if (!killed && done >= SQLITE_ATTEMPTS / 2) {
          killed = true;
          log(`SIGKILL the SQLite instance after ${done} order attempts`);
          await kill(instance);
        }
      },
      () => killed,
    );
    log(`stream: ${stream.attempts} attempts, ${stream.acked.length} acknowledged before the kill`);
    check(killed, 'sqlite: the instance was killed during the stream');
    await db.destroy();
    instance.env = { ...instance.env, SEED: 'none' };
    start(instance);
    await waitHealthy(instance.port);
    log('the SQLite instance is back');
    const reopened = createDatabase({
      databaseUrl: '',
      sqliteFile: path.join(dataDir, 'shop.sqlite'),
    });
    try {
      check(stream.acked.length > 0, 'sqlite: orders were acknowledged before the kill');
      await checkOrders(reopened, stream.acked, 'sqlite');
      // And through the restarted app itself: each member's acknowledged orders are listed.
      let listed = 0;
      for (const m of members) {
        const page = await call<{ records: Array<{ id: number }> }>(
          base,
          'GET',
          '/client/v1/user/orders?page=1&size=100',
          m.token,
        );
        const ids = new Set(page?.data.records.map((r) => r.id));
        listed += stream.acked.filter((x) => x.userId === m.userId && ids.has(x.id)).length;
      }
      check(
        listed === stream.acked.length,
        `sqlite: the restarted app lists all ${stream.acked.length} acknowledged orders`,
      );
    } finally {
      await reopened.destroy();
    }
  } finally {
    cleanup();
  }
}

// ---------------------------------------------------------------- main

const timer = setTimeout(() => {
  console.error('[cluster] FAIL: did not finish in time');
  cleanup();
  process.exit(1);
}, DEADLINE - Date.now());
try {
  await postgresRun();
  await sqliteRun();
} catch (err) {
  failures.push(String(err));
  console.error(err);
} finally {
  clearTimeout(timer);
  cleanup();
}
if (failures.length === 0) {
  fs.rmSync(work, { recursive: true, force: true });
  log('all checks passed');
  process.exit(0);
}
log(`${failures.length} check(s) failed; logs in ${work}`);
process.exit(1);
