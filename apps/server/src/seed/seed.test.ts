import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { insertProduct } from '../../test/fixtures/catalogue.ts';
import { body, createTestContext, type TestContext } from '../../test/helpers.ts';
import type { Database } from '../db/schema.ts';
import { verifyPassword } from '../lib/password.ts';
import { keyOfUrl, publicKey, readWhole } from '../lib/file-store/index.ts';
import { buildCatalogue } from './catalogue.ts';
import { isValidCas } from './chem.ts';
import { DEMO_ACCOUNT, DEMO_PASSWORD } from './member.ts';
import { seedDatabase } from './seed.ts';

/** A seeded file as the shop serves it, from the file store (the database's on PostgreSQL). */
async function storedText(ctx: TestContext, url: string): Promise<string | null> {
  const key = keyOfUrl(url);
  const data = key === null ? null : await readWhole(ctx.app.files, key, 10 * 1024 * 1024);
  return data?.toString('utf8') ?? null;
}

async function storedKeys(ctx: TestContext, prefix: string): Promise<string[]> {
  const keys: string[] = [];
  for await (const f of ctx.app.files.list(prefix)) keys.push(f.key);
  return keys;
}

const TABLES = [
  'categories',
  'brands',
  'products',
  'productRelations',
  'materials',
  'stores',
  'materialStocks',
  'searchKeys',
  'links',
  'contents',
  'settings',
  'coaRecords',
  'users',
  'invoices',
  'addresses',
  'orders',
  'orderGoods',
  'deliveries',
  'deliveryGoods',
  'balanceRecords',
] as const satisfies readonly (keyof Database)[];

describe('demo seed', () => {
  let ctx: TestContext;

  async function counts(): Promise<Record<string, number>> {
    const out: Record<string, number> = {};
    for (const t of TABLES) {
      const row = await ctx.db
        .selectFrom(t)
        .select((eb) => eb.fn.countAll<number>().as('n'))
        .executeTakeFirstOrThrow();
      out[t] = Number(row.n);
    }
    return out;
  }

  let first: Record<string, number>;
  beforeAll(async () => {
    ctx = await createTestContext();
    await seedDatabase(ctx.db, ctx.config);
    first = await counts();
  });
  afterAll(() => ctx.close());

  it('changes nothing when run again', async () => {
    await seedDatabase(ctx.db, ctx.config);
    expect(await counts()).toEqual(first);
    for (const t of TABLES) expect(first[t], t).toBeGreaterThan(0);
  });

  it('writes the files again into a file store that lacks them, without touching the rows', async () => {
    for (const key of await storedKeys(ctx, 'files/')) await ctx.app.files.delete(key);
    expect(await storedKeys(ctx, 'files/')).toEqual([]);
    await seedDatabase(ctx.db, ctx.config);
    const products = await ctx.db.selectFrom('products').select('images').execute();
    for (const p of products) {
      for (const img of JSON.parse(p.images) as string[]) {
        expect(await ctx.app.files.stat(keyOfUrl(img) ?? ''), img).not.toBeNull();
      }
    }
    expect((await storedKeys(ctx, 'files/coa/')).length).toBe(first.coaRecords);
    expect(await counts()).toEqual(first);
  });

  it('loads at least 300 products with valid CAS numbers and unique item numbers', async () => {
    const products = await ctx.db
      .selectFrom('products')
      .select(['number', 'cas', 'categoryId', 'brandId'])
      .execute();
    expect(products.length).toBeGreaterThanOrEqual(300);
    expect(new Set(products.map((p) => p.number)).size).toBe(products.length);
    for (const p of products.filter((x) => x.cas !== ''))
      expect(isValidCas(p.cas), p.cas).toBe(true);
    expect(products.every((p) => p.categoryId !== null && p.brandId !== null)).toBe(true);
    const brands = new Set(products.map((p) => p.brandId));
    expect(brands.size).toBeGreaterThanOrEqual(3);
  });

  it('files every product under a category that exists, with 1-4 packs each', async () => {
    const orphans = await ctx.db
      .selectFrom('products as p')
      .leftJoin('categories as c', 'c.id', 'p.categoryId')
      .select('p.id')
      .where('c.id', 'is', null)
      .execute();
    expect(orphans).toEqual([]);
    const packs = await ctx.db
      .selectFrom('products as p')
      .leftJoin('materials as m', 'm.productId', 'p.id')
      .select(['p.id', (eb) => eb.fn.count<number>('m.id').as('n')])
      .groupBy('p.id')
      .execute();
    for (const p of packs) {
      expect(Number(p.n)).toBeGreaterThanOrEqual(1);
      expect(Number(p.n)).toBeLessThanOrEqual(4);
    }
  });

  it('has packs without member price and stock totals of zero, under 50 and 50 or more', async () => {
    const noMember = await ctx.db
      .selectFrom('materials')
      .select('id')
      .where('userPrice', 'is', null)
      .execute();
    expect(noMember.length).toBeGreaterThan(0);
    const totals = await ctx.db
      .selectFrom('materialStocks')
      .select([
        'materialId',
        (eb) => eb.fn.sum<number>('count').as('total'),
        (eb) => eb.fn.countAll<number>().as('stores'),
      ])
      .groupBy('materialId')
      .execute();
    const values = totals.map((t) => Number(t.total));
    expect(values.some((v) => v === 0)).toBe(true);
    expect(values.some((v) => v > 0 && v < 50)).toBe(true);
    expect(values.some((v) => v >= 50)).toBe(true);
    for (const t of totals) expect([2, 3]).toContain(Number(t.stores));
    expect(totals.length).toBe(first.materials);
  });

  it('shows the depiction of its structure first for a substance, a name card otherwise', async () => {
    const products = await ctx.db
      .selectFrom('products')
      .select(['nameEn', 'image', 'smiles', 'inchiKey'])
      .where('nameEn', 'in', ['Aspirin', 'Butylated hydroxyanisole', 'Lead standard solution'])
      .execute();
    const by = new Map(products.map((p) => [p.nameEn, p]));
    const aspirin = by.get('Aspirin');
    expect(aspirin).toMatchObject({
      image: '/files/structures/BSYNRYMUTXBXSQ-UHFFFAOYSA-N.svg',
      smiles: 'CC(=O)Oc1ccccc1C(=O)O',
      inchiKey: 'BSYNRYMUTXBXSQ-UHFFFAOYSA-N',
    });
    const depiction = (await storedText(ctx, aspirin?.image ?? '')) ?? '';
    // Aspirin's 13 bonds, five of them double, drawn for an <img>: no interactive layer.
    expect(depiction.match(/<line [^>]*stroke="rgb/g)).toHaveLength(18);
    expect(depiction).not.toContain('class="event"');
    // A mixture of isomers and an element standard: no drawn molecule.
    expect(by.get('Butylated hydroxyanisole')).toMatchObject({ smiles: null, inchiKey: null });
    expect(by.get('Butylated hydroxyanisole')?.image).toMatch(/^\/files\/products\//);
    expect(by.get('Lead standard solution')?.image).toMatch(/^\/files\/products\//);
  });

  it('writes a picture for every image a product names', async () => {
    const products = await ctx.db.selectFrom('products').select(['image', 'images']).execute();
    for (const p of products) {
      const images = JSON.parse(p.images) as string[];
      expect(images.length).toBeGreaterThanOrEqual(1);
      expect(images.length).toBeLessThanOrEqual(3);
      expect(images[0]).toBe(p.image);
      for (const img of images) {
        expect((await storedText(ctx, img))?.startsWith('<svg'), img).toBe(true);
      }
    }
    const banners = await ctx.db
      .selectFrom('links')
      .select(['img', 'url'])
      .where('cid', '=', 'yifanglabbanner')
      .execute();
    expect(banners.length).toBe(3);
    for (const b of banners) expect(await storedText(ctx, b.img), b.img).not.toBeNull();
  });

  it('builds the navigation with the seven standards categories under 标准品', async () => {
    const top = await ctx.db
      .selectFrom('categories')
      .selectAll()
      .where('pid', '=', 0)
      .orderBy('sort')
      .execute();
    expect(top.map((c) => c.title)).toEqual([
      '全部商品',
      '标准品',
      '化学试剂',
      '生物耗材',
      '实验耗材',
      '仪器设备',
      '标准文献',
      '定制服务',
      '关于我们',
    ]);
    const standards = top.find((c) => c.title === '标准品');
    const tiles = await ctx.db
      .selectFrom('categories')
      .selectAll()
      .where('pid', '=', standards?.id ?? -1)
      .orderBy('sort')
      .execute();
    expect(tiles.map((c) => c.title)).toEqual([
      '药品标准品',
      '食品检测标准品',
      '农药残留标准品',
      '兽药标准品',
      '日化标准品',
      '环境标准品',
      '天然提取物标准品',
    ]);
    for (const t of tiles) {
      expect(t.isHot).toBe(1);
      expect(t.url).toBe(`/search?name=${t.title}`);
      expect(t.summary).not.toBe('');
      const [img] = JSON.parse(t.images) as string[];
      expect(await storedText(ctx, img ?? 'missing')).not.toBeNull();
    }
  });

  it('stores company and bank settings and the articles the footer links to', async () => {
    const settings = await ctx.db.selectFrom('settings').selectAll().execute();
    const company = JSON.parse(settings.find((s) => s.key === 'company')?.value ?? '{}') as Record<
      string,
      string
    >;
    expect(Object.keys(company).sort()).toEqual([
      'address',
      'email',
      'hazardLicence',
      'name',
      'tel',
    ]);
    const bank = JSON.parse(settings.find((s) => s.key === 'bank')?.value ?? '{}') as Record<
      string,
      string
    >;
    expect(bank.accountNumber).toMatch(/^\d+$/);
    const slugs = await ctx.db
      .selectFrom('contents')
      .select(['slug', 'info'])
      .where('slug', 'is not', null)
      .execute();
    expect(slugs.map((s) => s.slug).sort()).toEqual([
      'about',
      'certificate',
      'distributionshipping',
      'privacy-policy',
      'productorder',
      'registerlogin',
    ]);
    const certificate = slugs.find((s) => s.slug === 'certificate')?.info ?? '';
    expect(certificate).toContain('ISO 17034:2016');
    expect(certificate).toContain('ISO 9001:2015');
  });

  it('lists at least 15 national standards as literature, some on top', async () => {
    const items = await ctx.db
      .selectFrom('contents')
      .selectAll()
      .where('model', '=', 'literature')
      .execute();
    expect(items.length).toBeGreaterThanOrEqual(15);
    expect(items.some((i) => i.top === 1)).toBe(true);
    for (const i of items) {
      const a = JSON.parse(i.attributes) as Record<string, string>;
      expect(['0', '1', '2']).toContain(a.enable);
      expect(a.standard_number).toMatch(/^(GB|GB\/T|HJ) [\d.]+-\d{4}$/);
      expect(a.publish_date).toMatch(/^\d{4}-\d{2}-\d{2}$/);
      expect(a.promulgate).not.toBe('');
      expect(i.title.startsWith(a.standard_number ?? '-')).toBe(true);
    }
    expect(items.some((i) => (JSON.parse(i.attributes) as { enable: string }).enable === '0')).toBe(
      true,
    );
  });

  it('has certificates with a PDF per lot for at least 6 item numbers', async () => {
    const coa = await ctx.db.selectFrom('coaRecords').selectAll().execute();
    expect(new Set(coa.map((c) => c.productNumber)).size).toBeGreaterThanOrEqual(6);
    const numbers = new Set(
      (await ctx.db.selectFrom('products').select('number').execute()).map((p) => p.number),
    );
    for (const c of coa) {
      expect(numbers.has(c.productNumber)).toBe(true);
      expect(c.file).toBe(`coa/${c.productNumber}-${c.lotNumber}.pdf`);
      const pdf = await readWhole(ctx.app.files, publicKey(c.file), 10 * 1024 * 1024);
      expect(pdf?.subarray(0, 8).toString('latin1')).toBe('%PDF-1.4');
    }
  });

  it('creates the demo member with a password, ¥10,000.00 and a matching ledger', async () => {
    const user = await ctx.db
      .selectFrom('users')
      .selectAll()
      .where('account', '=', DEMO_ACCOUNT)
      .executeTakeFirstOrThrow();
    expect(user.phone).toBe(DEMO_ACCOUNT);
    expect(await verifyPassword(DEMO_PASSWORD, user.passwordHash)).toBe(true);
    expect(await verifyPassword('Demo#1234567', user.passwordHash)).toBe(false);
    expect(user.balance).toBe(1_000_000);
    const ledger = await ctx.db
      .selectFrom('balanceRecords')
      .selectAll()
      .where('userId', '=', user.id)
      .orderBy('createdAt')
      .execute();
    const net = ledger.reduce((s, r) => s + (r.type === 1 ? r.amount : -r.amount), 0);
    expect(net).toBe(user.balance);
    expect(ledger.at(-1)?.balanceAfter).toBe(user.balance);
    expect(ledger[0]).toMatchObject({
      type: 1,
      business: 1,
      amount: 1_000_000,
      remark: '初始余额',
    });
    const addresses = await ctx.db
      .selectFrom('addresses')
      .selectAll()
      .where('userId', '=', user.id)
      .execute();
    expect(addresses.length).toBe(2);
    expect(addresses.filter((a) => a.isDefault === 1).length).toBe(1);
    const invoice = await ctx.db
      .selectFrom('invoices')
      .selectAll()
      .where('userId', '=', user.id)
      .executeTakeFirst();
    expect(invoice?.invoiceHeader).not.toBe('');
  });

  it('gives the demo member shipped, completed and pending orders priced from the catalogue', async () => {
    const orders = await ctx.db.selectFrom('orders').selectAll().orderBy('createdAt').execute();
    expect(orders.map((o) => [o.status, o.payStatus])).toEqual([
      [4, 2],
      [3, 2],
      [1, 1],
    ]);
    for (const o of orders) {
      const goods = await ctx.db
        .selectFrom('orderGoods as g')
        .innerJoin('materials as m', 'm.id', 'g.materialId')
        .select([
          'g.price',
          'g.quantityPurchase',
          'm.userPrice',
          'm.productId',
          'g.productId as lineProduct',
        ])
        .where('g.orderId', '=', o.id)
        .execute();
      expect(goods.length).toBeGreaterThan(0);
      const sum = goods.reduce((s, g) => s + (g.price ?? 0) * g.quantityPurchase, 0);
      for (const g of goods) {
        expect(g.price).toBe(g.userPrice);
        expect(g.lineProduct).toBe(g.productId);
      }
      expect(o.goodsAmount).toBe(sum);
      expect(o.freight).toBe(sum < 100_000 ? 2000 : 0);
      expect(o.amount).toBe(sum + (o.freight ?? 0));
      expect(o.count).toBe(goods.reduce((s, g) => s + g.quantityPurchase, 0));
      expect(o.createdAt).toBeLessThanOrEqual(Date.now());
    }
  });

  it('ships the paid orders in packages with tracking, newest event first', async () => {
    const deliveries = await ctx.db
      .selectFrom('deliveries as d')
      .innerJoin('orders as o', 'o.id', 'd.orderId')
      .select(['d.id', 'd.company', 'd.trackingNumber', 'd.track', 'o.status'])
      .execute();
    expect(new Set(deliveries.map((d) => d.status))).toEqual(new Set([3, 4]));
    for (const d of deliveries) {
      expect(d.trackingNumber).not.toBe('');
      const track = JSON.parse(d.track) as { context: string; ftime: string }[];
      expect(track.length).toBeGreaterThan(2);
      for (const t of track) expect(t.ftime).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
      const times = track.map((t) => t.ftime);
      expect([...times].sort().reverse()).toEqual(times);
      const goods = await ctx.db
        .selectFrom('deliveryGoods')
        .selectAll()
        .where('deliveryId', '=', d.id)
        .execute();
      expect(goods.length).toBeGreaterThan(0);
      for (const g of goods) {
        const stocks = JSON.parse(g.stocks) as {
          storeId: number;
          storeName: string;
          materialCount: number;
        }[];
        expect(stocks[0]?.materialCount).toBe(g.quantityShipped);
        expect(stocks[0]?.storeName).toMatch(/仓$/);
      }
    }
  });

  it('offers hot search keywords that each find products', async () => {
    const keys = await ctx.db.selectFrom('searchKeys').select('keyword').orderBy('sort').execute();
    expect(keys.length).toBeGreaterThanOrEqual(8);
    for (const { keyword } of keys) {
      const res = await ctx.app.inject({
        method: 'POST',
        url: '/client/v1/products',
        payload: { key: keyword, page: 1, size: 20 },
      });
      expect(res.statusCode, keyword).toBe(200);
      expect(body<{ total: number }>(res).data.total, keyword).toBeGreaterThan(0);
    }
  });
});

describe('demo seed on a database that already has a catalogue', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  it('adds nothing', async () => {
    await insertProduct(ctx.db, { name: '自有产品', number: 'OWN0001' });
    await seedDatabase(ctx.db, ctx.config);
    const products = await ctx.db.selectFrom('products').select('number').execute();
    expect(products).toEqual([{ number: 'OWN0001' }]);
    expect(await ctx.db.selectFrom('users').select('id').execute()).toEqual([]);
    expect(await storedKeys(ctx, 'files/products/')).toEqual([]);
  });
});

describe('demo seed started twice at once', () => {
  let ctx: TestContext;
  beforeAll(async () => {
    ctx = await createTestContext();
  });
  afterAll(() => ctx.close());

  // Seeding draws and indexes every structure of the catalogue: more than the default time.
  it('seeds once', { timeout: 120_000 }, async () => {
    await Promise.all([seedDatabase(ctx.db, ctx.config), seedDatabase(ctx.db, ctx.config)]);
    const products = await ctx.db.selectFrom('products').select('number').execute();
    expect(products.length).toBe(buildCatalogue().length);
    expect(await ctx.db.selectFrom('users').select('id').execute()).toHaveLength(1);
    expect(await ctx.db.selectFrom('orders').select('id').execute()).toHaveLength(3);
  });
});
