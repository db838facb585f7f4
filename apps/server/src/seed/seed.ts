import { netColumns, regulationColumns } from '../lib/regulation-columns.ts';
import { regulationSeedOf } from './data/regulation.ts';
import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';
import { chunks } from '../db/chunks.ts';
import { rebuildSearchIndex } from '../domains/search/index.ts';
import { seedDemoStaff } from '../domains/staff/index.ts';
import { openFileStore } from '../lib/file-store/index.ts';
import { openStock } from '../domains/stock/index.ts';
import { hashPassword } from '../lib/password.ts';
import { claimSetting, readSetting } from '../lib/settings.repository.ts';
import { buildCatalogue, type ProductSpec } from './catalogue.ts';
import { articles } from './data/articles.ts';
import { categoryTree, type CategorySeed } from './data/categories.ts';
import { coaSeeds } from './data/coa.ts';
import { literature, type LiteratureSeed } from './data/literature.ts';
import { searchSynonyms } from './data/synonyms.ts';
import { bank, bannerGroup, banners, brands, company, searchKeys, stores } from './data/site.ts';
import { DEMO_PASSWORD, seedDemoMember, type PackRef } from './member.ts';
import { coaFile, productImages, writeSeedFiles } from './files.ts';
import { insertDemoSds, writeDemoSds } from './sds.ts';
import { seedShipping } from './shipping.ts';
import { EMERGENCY_PHONE_SETTING } from '../domains/safety/index.ts';
import { escapeXml } from './svg.ts';
import { chinaDate, chinaInstant } from '../lib/clock.ts';

/** Bumped when the demo data changes shape; stored as the 'seed_version' setting. */
const SEED_VERSION = 1;
const MARKER_KEY = 'seed_version';
/** Rows per multi-row insert: well below SQLite's and PostgreSQL's bound-parameter limits. */
const CHUNK = 100;

/**
 * Seeds the demo catalogue, content and demo member on an empty database; safe to call on every
 * start. The rows go in one transaction that first claims the 'seed_version' setting, so a second
 * call (or a second instance starting at the same time) finds the claim and changes nothing.
 * The pictures and certificates go to the file store whenever its stamp is missing; on
 * PostgreSQL the store is shared, so the instances that did not seed serve them too.
 */
export async function seedDatabase(db: Db, config: Config): Promise<void> {
  const seededBefore = await hasMarker(db);
  if (!seededBefore && (await hasProducts(db))) return;
  const catalogue = buildCatalogue();
  if (!seededBefore) {
    const passwordHash = await hashPassword(DEMO_PASSWORD);
    const seededNow = await db.transaction().execute(async (trx) => {
      const marker = JSON.stringify({ version: SEED_VERSION });
      if (!(await claimSetting(trx, MARKER_KEY, marker))) return false;
      await insertDemoData(trx, catalogue, passwordHash, Date.now());
      return true;
    });
    // The indexer runs its own transaction, which cannot nest inside the seed's.
    if (seededNow) await rebuildSearchIndex(db);
  }
  await seedDemoStaff(db);
  const store = openFileStore(config, db);
  await writeSeedFiles(store, catalogue);
  await writeDemoSds(store, catalogue);
}

async function hasMarker(db: Db): Promise<boolean> {
  return (await readSetting(db, MARKER_KEY)) !== undefined;
}

/** A database that holds products but no seed marker has a real catalogue: never touch it. */
async function hasProducts(db: Db): Promise<boolean> {
  const row = await db.selectFrom('products').select('id').limit(1).executeTakeFirst();
  return row !== undefined;
}

async function insertDemoData(
  trx: Db,
  catalogue: ProductSpec[],
  passwordHash: string,
  now: number,
): Promise<void> {
  await trx
    .insertInto('settings')
    .values([
      { key: 'company', value: JSON.stringify(company) },
      { key: 'bank', value: JSON.stringify(bank) },
      // The demo company's own line, printed on the safety labels (docs/safety.md).
      { key: EMERGENCY_PHONE_SETTING, value: company.tel },
    ])
    .execute();

  const brandRows = await trx
    .insertInto('brands')
    .values(brands.map((b, sort) => ({ name: b.name, sort })))
    .returning(['id', 'name'])
    .execute();
  const brandId = new Map(brands.map((b) => [b.key, brandRows.find((r) => r.name === b.name)?.id]));
  const brandName = new Map(brands.map((b) => [b.key, b.name]));

  const storeIds: number[] = [];
  for (const name of stores) {
    storeIds.push(
      (await trx.insertInto('stores').values({ name }).returning('id').executeTakeFirstOrThrow())
        .id,
    );
  }

  const categoryIds = await insertCategories(trx, categoryTree, 0);
  const holderOf = new Map<string, number>();
  const visit = (nodes: CategorySeed[]) => {
    for (const n of nodes) {
      const id = categoryIds.get(n.key);
      if (n.holds && id !== undefined) holderOf.set(n.holds, id);
      if (n.children) visit(n.children);
    }
  };
  visit(categoryTree);

  const productId = await insertProducts(trx, catalogue, now, (spec) => ({
    categoryId: holderOf.get(spec.category) ?? null,
    brandId: brandId.get(spec.brand) ?? null,
  }));

  const relations = catalogue.flatMap((spec) =>
    spec.related.map((number, sort) => ({
      productId: productId.get(spec.number) ?? 0,
      relatedId: productId.get(number) ?? 0,
      sort,
    })),
  );
  for (const rows of chunks(relations, CHUNK))
    await trx.insertInto('productRelations').values(rows).execute();

  const materialRows = catalogue.flatMap((spec) =>
    spec.materials.map((m, sort) => ({
      productId: productId.get(spec.number) ?? 0,
      pack: m.pack,
      ...netColumns(m.pack),
      price: m.price,
      userPrice: m.userPrice,
      sort,
    })),
  );
  const materialId = new Map<string, number>();
  for (const rows of chunks(materialRows, CHUNK)) {
    const inserted = await trx
      .insertInto('materials')
      .values(rows)
      .returning(['id', 'productId', 'sort'])
      .execute();
    for (const r of inserted) materialId.set(`${r.productId}:${r.sort}`, r.id);
  }
  const lotsOf = demoLots(now);
  const stocks = catalogue.flatMap((spec) =>
    spec.materials.flatMap((m, sort) =>
      m.stocks.map((s) => ({
        materialId: materialId.get(`${productId.get(spec.number)}:${sort}`) ?? 0,
        storeId: storeIds[s.store] ?? 0,
        count: s.count,
        lots: lotsOf(spec, s.count),
      })),
    ),
  );
  await openStock(trx, stocks, {
    reason: 'received',
    remark: '初始库存',
    staffId: null,
    createdAt: now,
  });

  await trx
    .insertInto('searchKeys')
    .values(searchKeys.map((keyword, sort) => ({ keyword, sort })))
    .execute();
  await trx
    .insertInto('searchSynonyms')
    .values(searchSynonyms.map(([term, expansion]) => ({ term, expansion })))
    .execute();
  await trx
    .insertInto('links')
    .values(
      banners.map((b, sort) => ({
        cid: bannerGroup,
        title: b.title,
        img: `/files/banners/${b.file}`,
        url: b.url,
        sort,
      })),
    )
    .execute();

  await insertContents(trx, categoryIds.get('literature') ?? null, now);

  const specByNumber = new Map(catalogue.map((s) => [s.number, s]));
  await trx
    .insertInto('coaRecords')
    .values(
      coaSeeds.flatMap(({ number, lots }) => {
        const spec = specByNumber.get(number);
        if (!spec) throw new Error(`COA for unknown item number ${number}`);
        return lots.map((lot) => ({
          productNumber: number,
          lotNumber: lot.lot,
          name: `${spec.name} 分析证书（批号 ${lot.lot}）`,
          expire: lot.expire,
          file: coaFile(number, lot.lot),
          createdAt: chinaInstant(lot.released, '09:00:00'),
        }));
      }),
    )
    .execute();
  await insertDemoSds(trx, catalogue, productId, now);
  await seedShipping(trx);

  await seedDemoMember(trx, {
    now,
    passwordHash,
    storeIds,
    storeNames: stores,
    pack: (number: string, index: number): PackRef => {
      const spec = specByNumber.get(number);
      const material = spec?.materials[index];
      const pid = productId.get(number);
      const mid = materialId.get(`${pid}:${index}`);
      if (
        !spec ||
        !material ||
        pid === undefined ||
        mid === undefined ||
        material.userPrice === null
      ) {
        throw new Error(`demo order needs a priced pack ${number}#${index}`);
      }
      return {
        productId: pid,
        materialId: mid,
        name: spec.name,
        number,
        brandName: brandName.get(spec.brand) ?? '',
        cas: spec.cas,
        pack: material.pack,
        image: productImages(spec)[0] ?? '',
        userPrice: material.userPrice,
      };
    },
  });
}

/** Inserts a level of the tree and its children; answers category ids by key. */
async function insertCategories(
  trx: Db,
  nodes: CategorySeed[],
  pid: number,
): Promise<Map<string, number>> {
  const ids = new Map<string, number>();
  for (const [sort, node] of nodes.entries()) {
    const { id } = await trx
      .insertInto('categories')
      .values({
        pid,
        title: node.title,
        url: node.url,
        model: node.model,
        summary: node.summary ?? '',
        images: JSON.stringify(node.hot ? [`/files/categories/${node.key}.svg`] : []),
        sort,
        isHot: node.hot ? 1 : 0,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.set(node.key, id);
    if (node.children) {
      for (const [k, v] of await insertCategories(trx, node.children, id)) ids.set(k, v);
    }
  }
  return ids;
}

/** The class, label and 管制信息 columns of a demo product, from the reference lists by CAS. */
function seedRegulationColumns(spec: ProductSpec) {
  const r = regulationSeedOf(spec);
  return {
    control: r.control,
    regulationReason: r.reason,
    ...regulationColumns(r),
  };
}

async function insertProducts(
  trx: Db,
  catalogue: ProductSpec[],
  now: number,
  refs: (spec: ProductSpec) => { categoryId: number | null; brandId: number | null },
): Promise<Map<string, number>> {
  const DAY = 86_400_000;
  const firstListed = now - 180 * DAY;
  let newRank = 0;
  const rows = catalogue.map((spec, i) => {
    // New products are the most recent listings; the rest spread over the last half year.
    const createdAt = spec.isNew ? now - (++newRank * DAY) / 4 : firstListed + i * 8 * 3_600_000;
    return {
      ...refs(spec),
      name: spec.name,
      nameEn: spec.nameEn,
      alias: spec.alias,
      synonyms: spec.synonyms,
      introduction: spec.introduction,
      cas: spec.cas,
      number: spec.number,
      temperature: spec.temperature,
      molecularWeight: spec.molecularWeight,
      molecularFormula: spec.molecularFormula,
      image: productImages(spec)[0] ?? '',
      images: JSON.stringify(productImages(spec)),
      ...seedRegulationColumns(spec),
      mdl: spec.mdl,
      smiles: spec.smiles,
      inchiKey: spec.inchiKey,
      nationalStandard: spec.nationalStandard,
      purity: spec.purity,
      attributes: JSON.stringify(spec.attributes),
      summary: spec.summary,
      isHot: spec.isHot ? 1 : 0,
      isNew: spec.isNew ? 1 : 0,
      sort: i,
      createdAt,
      updatedAt: createdAt,
    };
  });
  const ids = new Map<string, number>();
  for (const chunk of chunks(rows, CHUNK)) {
    const inserted = await trx
      .insertInto('products')
      .values(chunk)
      .returning(['id', 'number'])
      .execute();
    for (const r of inserted) ids.set(r.number, r.id);
  }
  return ids;
}

function literatureHtml(l: LiteratureSeed): string {
  const status = { '1': '现行有效', '0': '已废止', '2': '即将实施' }[l.enable];
  const related = l.related
    .map((name) => `<a href="/search?name=${encodeURIComponent(name)}">${escapeXml(name)}</a>`)
    .join('、');
  return [
    '<h3>标准信息</h3>',
    '<table><tbody>',
    `<tr><th>标准编号</th><td>${escapeXml(l.number)}</td></tr>`,
    `<tr><th>标准名称</th><td>${escapeXml(l.standard)}</td></tr>`,
    `<tr><th>发布日期</th><td>${l.publishDate}</td></tr>`,
    `<tr><th>发布单位</th><td>${escapeXml(l.promulgate)}</td></tr>`,
    `<tr><th>标准状态</th><td>${status}</td></tr>`,
    '</tbody></table>',
    '<h3>适用范围</h3>',
    `<p>${escapeXml(l.scope)}</p>`,
    related ? `<h3>相关标准物质</h3><p>${related}</p>` : '',
    '<p>本页内容为标准摘要，仅供参考，请以国家标准全文为准。</p>',
  ].join('');
}

async function insertContents(trx: Db, literatureCategory: number | null, now: number) {
  const DAY = 86_400_000;
  await trx
    .insertInto('contents')
    .values([
      ...articles.map((a, sort) => ({
        cid: null,
        model: a.model,
        slug: a.slug,
        title: a.title,
        info: a.info.trim(),
        summary: a.summary,
        top: 0,
        attributes: '{}',
        sort,
        createdAt: now - 60 * DAY,
        updatedAt: now - 60 * DAY,
      })),
      ...literature.map((l, sort) => ({
        cid: literatureCategory,
        model: 'literature',
        slug: null,
        title: `${l.number} ${l.standard}`,
        info: literatureHtml(l),
        summary: l.scope,
        top: l.top ? 1 : 0,
        attributes: JSON.stringify({
          enable: l.enable,
          standard_number: l.number,
          standard: l.standard,
          publish_date: l.publishDate,
          promulgate: l.promulgate,
        }),
        sort,
        createdAt: now - (30 + sort) * DAY,
        updatedAt: now - (30 + sort) * DAY,
      })),
    ])
    .execute();
}

/**
 * The demo stock of the standards that have certificates lies in their certified lots (docs/lots.md):
 * the two latest lots still in date share a warehouse's count, the older a third of it, so FEFO
 * has a choice and the buyer gets the certificate of the lot shipped. A controlled chemical
 * ships from a named lot only (docs/compliance.md section 5), so its stock lies in one demo lot
 * good for two years. Other packs keep 未分批.
 */
function demoLots(now: number) {
  const today = chinaDate(now);
  const usable = new Map(
    coaSeeds.map(({ number, lots }) => [
      number,
      lots
        .filter((l) => l.expire >= today)
        .sort((a, b) => a.expire.localeCompare(b.expire))
        .slice(-2),
    ]),
  );
  const controlledLot = {
    lot: `${today.slice(0, 4)}${today.slice(5, 7)}01`,
    expire: `${Number(today.slice(0, 4)) + 2}${today.slice(4, 7)}-01`,
  };
  return (spec: { number: string; name: string; cas: string; control: string }, count: number) => {
    const certified = usable.get(spec.number) ?? [];
    const controlled = regulationSeedOf(spec).categories.some((c) => c !== 'hazardous');
    const lots = certified.length === 0 && controlled ? [controlledLot] : certified;
    const [older, newer] = lots.length === 2 ? lots : [undefined, lots[0]];
    if (count === 0 || !newer) return [];
    const first = older ? Math.floor(count / 3) : 0;
    return [
      ...(older && first > 0
        ? [{ lotNumber: older.lot, expire: older.expire, quantity: first }]
        : []),
      { lotNumber: newer.lot, expire: newer.expire, quantity: count - first },
    ];
  };
}
