import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { createDatabase } from '../src/db/database.ts';
import { migrateToLatest } from '../src/db/migrate.ts';
import { exportCatalogue, importSheet } from '../src/domains/catalogue/index.ts';
import { readSheet, type SheetFormat } from '../src/lib/sheets.ts';
import { casFromSerial } from './catalogue.ts';

/**
 * `npm run bench:import`: imports a catalogue spreadsheet of BENCH_IMPORT_ROWS (20,000) rows, one
 * per pack, into a fresh SQLite database through the import service (parsing included): dry run,
 * import, the same file again (nothing changes), then export and import of the XLSX export.
 * Budget: the import well under a minute (docs/performance.md; we hold it to 30 s).
 */
const ROWS = Number(process.env.BENCH_IMPORT_ROWS ?? 20_000);
const PACKS = ['10mg', '100mg'];
const BUDGET_MS = 30_000;
const STORES = ['北京仓', '上海仓', '广州仓'];

const log = (line = '') => process.stdout.write(`${line}\n`);

function csv(rows: number): Buffer {
  const header = [
    '货号',
    '包装',
    '中文名称',
    '英文名称',
    'CAS号',
    '品牌',
    '分类',
    '储存条件',
    '纯度',
    '扩展属性',
    '市场价',
    '会员价',
    ...STORES.map((s) => `库存-${s}`),
  ];
  const lines = [header.join(',')];
  for (let i = 0; i < rows; i++) {
    const p = Math.floor(i / PACKS.length);
    const pack = PACKS[i % PACKS.length];
    lines.push(
      [
        `BI${String(p).padStart(6, '0')}`,
        pack,
        `导入标准物质${p}号溶液`,
        `Import reference standard ${p} in methanol`,
        casFromSerial(p),
        `品牌${p % 12}`,
        '标准物质',
        '2-8℃',
        '≥98%',
        '"{""溶剂"":""甲醇""}"',
        (100 + (p % 900)).toFixed(2),
        p % 10 === 0 ? '' : (80 + (p % 700)).toFixed(2),
        String(p % 7),
        String(p % 3),
        '0',
      ].join(','),
    );
  }
  return Buffer.from(lines.join('\n'));
}

async function main() {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'labshop-bench-import-'));
  const db = createDatabase({ databaseUrl: '', sqliteFile: path.join(dir, 'shop.sqlite') });
  try {
    await migrateToLatest(db);
    for (const name of STORES) await db.insertInto('stores').values({ name }).execute();
    await db
      .insertInto('categories')
      .values({
        pid: 0,
        title: '标准物质',
        url: '',
        model: '',
        summary: '',
        images: '[]',
        sort: 0,
        isHot: 0,
      })
      .execute();
    const t = Date.now();
    const staff = await db
      .insertInto('staff')
      .values({
        account: 'bench',
        name: '基准',
        roles: 'admin',
        passwordHash: 'x',
        disabled: 0,
        createdAt: t,
        updatedAt: t,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    const file = csv(ROWS);

    const timed = async (label: string, run: () => Promise<string>) => {
      const t0 = performance.now();
      const detail = await run();
      const ms = performance.now() - t0;
      log(`| ${label} | ${(ms / 1000).toFixed(2)} | ${detail} |`);
      return ms;
    };
    const importFile = (data: Buffer, format: SheetFormat, dryRun: boolean) => async () => {
      const r = await importSheet(db, await readSheet(data, format), {
        dryRun,
        staffId: staff.id,
        mayCountStock: true,
      });
      return `created ${r.created}, updated ${r.updated}, unchanged ${r.unchanged}, failed ${r.failed.length}`;
    };

    log(`## Catalogue import: ${ROWS} rows (${ROWS / PACKS.length} products), SQLite`);
    log();
    log(
      `CSV ${(file.length / 1024 / 1024).toFixed(1)} MB; budget: the import within ${BUDGET_MS / 1000} s`,
    );
    log();
    log('| step | seconds | result |');
    log('|---|---:|---|');
    await timed('dry run (CSV)', importFile(file, 'csv', true));
    const imported = await timed('import (CSV)', importFile(file, 'csv', false));
    await timed('same file again (CSV)', importFile(file, 'csv', false));
    let xlsx: Buffer = Buffer.alloc(0);
    await timed('export (XLSX)', async () => {
      xlsx = await exportCatalogue(db, 'xlsx');
      return `${(xlsx.length / 1024 / 1024).toFixed(1)} MB`;
    });
    await timed('export imported again (XLSX)', importFile(xlsx, 'xlsx', false));
    log();
    log(
      imported <= BUDGET_MS
        ? 'Import budget: met.'
        : `Import budget: NOT met (${(imported / 1000).toFixed(1)} s).`,
    );
  } finally {
    await db.destroy();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

await main();
