import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import { Readable } from 'node:stream';
import type { FastifyRequest } from 'fastify';
import yauzl from 'yauzl';
import { SHEET_LIMITS, type SdsLanguage } from '@labshop/shared';
import { sdsImportFields, type SdsImportResult } from '@labshop/shared/schemas';
import type { Db } from '../../db/database.ts';
import { now } from '../../lib/clock.ts';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { FileStore } from '../../lib/file-store/index.ts';
import { parseFields } from '../../lib/multipart.ts';
import * as repo from './sds.repository.ts';
import { isPdf, removeSdsFile, saveSdsFile, sdsPath, SDS_MAX_BYTES } from './sds-files.ts';
import { checkUpload, NOT_PDF, recordSheet } from './sds.service.ts';

/**
 * Limits of an SDS zip (docs/safety.md, "Bulk upload"), those of the catalogue import's
 * spreadsheet, which is a zip too: the upload is streamed to a temporary file, never held in
 * memory, so it may be as large as a spreadsheet may unpack to; its entries are read one at a
 * time from the zip's central directory, each at most one SDS's size.
 */
export const SDS_ZIP_LIMITS = {
  /** The upload, and everything its entries may inflate to together (256 MB). */
  bytes: SHEET_LIMITS.catalogueImport.unpackedBytes,
  /** Entries of the zip, as lib/sheet-reader.ts allows a spreadsheet's. */
  entries: 1000,
  /** One sheet (20 MB, as one uploaded alone). */
  file: SDS_MAX_BYTES,
} as const;

const MSG_NOT_ZIP = '请上传 ZIP 压缩包（内含以货号命名的 PDF 文件）';
const MSG_NAME = '文件名须为“货号.pdf”（中文）或“货号-en.pdf”（英文）';
const MSG_TOO_BIG = `文件过大，单个文件最大 ${SDS_MAX_BYTES / 1024 / 1024} MB`;
const MSG_DAMAGED = '文件已损坏，无法解压';
const MSG_ZIP_TOO_BIG = `压缩包过大，最大 ${SDS_ZIP_LIMITS.bytes / 1024 / 1024} MB`;

/** What an entry's name says: the item number and the language, or why it says nothing. */
export function sheetOfName(
  name: string,
): { number: string; language: SdsLanguage } | { error: string } {
  const base = path.posix.basename(name.replace(/\\/g, '/'));
  const m = /^(.+?)(-en)?\.pdf$/i.exec(base);
  const number = m?.[1]?.trim();
  if (!m || !number) return { error: MSG_NAME };
  return { number, language: m[2] ? 'en' : 'zh' };
}

/** Entries a zip carries beside its files: folders and the archivers' own (__MACOSX, .DS_Store). */
const isClutter = (name: string) =>
  name.endsWith('/') || name.startsWith('__MACOSX/') || path.posix.basename(name).startsWith('.');

/**
 * Writes the uploaded file's stream to `target` chunk by chunk. Read with for-await as the
 * multipart reader's own toBuffer reads it, so a body cut short ends the loop (the parser
 * destroys the stream) instead of leaving a pipe waiting for an end that never comes.
 */
async function writeTo(file: Readable, target: string): Promise<void> {
  const handle = await fs.promises.open(target, 'w');
  try {
    for await (const chunk of file) await handle.write(chunk as Buffer);
  } finally {
    await handle.close();
  }
}

/**
 * Reads the multipart body: the fields, and the zip streamed to a temporary file. A second file,
 * too many fields or a zip over the limit is refused as the other uploads refuse them.
 */
async function receive(
  request: FastifyRequest,
  target: string,
): Promise<{ fields: Record<string, string>; received: boolean }> {
  if (!request.isMultipart()) throw badRequest('请以 multipart/form-data 上传文件');
  if (!/;\s*boundary=("[^"]+"|[^;\s]+)/i.test(request.headers['content-type'] ?? '')) {
    throw badRequest('上传请求缺少 multipart 分隔符（boundary）');
  }
  const fields: Record<string, string> = {};
  let received = false;
  try {
    for await (const part of request.parts({
      limits: {
        files: 1,
        fields: 20,
        parts: 21,
        fieldSize: 16 * 1024,
        fileSize: SDS_ZIP_LIMITS.bytes,
      },
    })) {
      if (part.type === 'file') {
        if (part.fieldname !== 'file') {
          part.file.resume();
          throw badRequest('文件字段应为 file');
        }
        await writeTo(part.file, target);
        if (part.file.truncated) throw badRequest(MSG_ZIP_TOO_BIG);
        received = true;
      } else if (typeof part.value === 'string') {
        fields[part.fieldname] = part.value;
      }
    }
  } catch (err) {
    const code = (err as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE') throw badRequest(MSG_ZIP_TOO_BIG);
    if (code === 'FST_FILES_LIMIT') throw badRequest('一次只能上传一个文件');
    if (code === 'FST_FIELDS_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw badRequest('上传的表单字段过多');
    }
    if (err instanceof AppError) throw err;
    throw badRequest('上传的内容不完整或格式有误，请重新上传');
  }
  return { fields, received };
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) => {
    yauzl.open(
      file,
      { lazyEntries: true, validateEntrySizes: true, strictFileNames: false, autoClose: false },
      (err, zip) => (err ? reject(badRequest(MSG_NOT_ZIP)) : resolve(zip)),
    );
  });
}

/** The zip's entries from its central directory, without reading one byte of their data. */
function listEntries(zip: yauzl.ZipFile): Promise<yauzl.Entry[]> {
  if (zip.entryCount > SDS_ZIP_LIMITS.entries) {
    return Promise.reject(badRequest(`压缩包内文件过多，最多 ${SDS_ZIP_LIMITS.entries} 个`));
  }
  return new Promise((resolve, reject) => {
    const entries: yauzl.Entry[] = [];
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.push(entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', () => reject(badRequest(MSG_NOT_ZIP)));
    zip.readEntry();
  });
}

/**
 * The entry's bytes as they inflate, checked on the way: it must start as a PDF, and it may not
 * inflate past one sheet's limit nor past what the whole zip may unpack to (`budget`). Nothing
 * is inflated before the store reads, and a refusal stops the inflating at once.
 */
async function* checkedPdf(source: Readable, budget: { left: number }): AsyncGenerator<Buffer> {
  let head = Buffer.alloc(0);
  let size = 0;
  try {
    for await (const chunk of source as AsyncIterable<Buffer>) {
      size += chunk.length;
      budget.left -= chunk.length;
      if (size > SDS_ZIP_LIMITS.file) throw badRequest(MSG_TOO_BIG);
      if (budget.left < 0) throw badRequest(MSG_ZIP_TOO_BIG);
      if (head.length < 5) {
        head = Buffer.concat([head, chunk]).subarray(0, 5);
        if (head.length === 5 && !isPdf(head)) throw badRequest(NOT_PDF);
      }
      yield chunk;
    }
  } catch (err) {
    // The inflater's own errors: a damaged entry, or one inflating past its declared size.
    if (err instanceof AppError) throw err;
    throw badRequest(MSG_DAMAGED);
  }
  if (head.length < 5) throw badRequest(NOT_PDF);
}

function entryStream(zip: yauzl.ZipFile, entry: yauzl.Entry): Promise<Readable> {
  return new Promise((resolve, reject) => {
    zip.openReadStream(entry, (err, stream) =>
      err ? reject(badRequest(MSG_NOT_ZIP)) : resolve(stream),
    );
  });
}

/**
 * POST /manage/v1/products/sds/import: every `<货号>.pdf` (Chinese) and `<货号>-en.pdf` (English)
 * of a zip becomes the new version of that product's sheet, with the version and revision date
 * of the form. Each file stands alone: one with a name, product, version or content the single
 * upload would refuse is reported with that reason and the others are stored.
 */
export async function importSdsZip(
  db: Db,
  files: FileStore,
  request: FastifyRequest,
  staffId: number,
): Promise<SdsImportResult> {
  const temp = path.join(os.tmpdir(), `labshop-sds-${randomBytes(8).toString('hex')}.zip`);
  try {
    const { fields, received } = await receive(request, temp);
    if (!received) throw badRequest(MSG_NOT_ZIP);
    const batch = parseFields(sdsImportFields, fields);
    const zip = await openZip(temp);
    try {
      return await importEntries(db, files, zip, batch, staffId);
    } finally {
      zip.close();
    }
  } finally {
    await fs.promises.rm(temp, { force: true });
  }
}

async function importEntries(
  db: Db,
  files: FileStore,
  zip: yauzl.ZipFile,
  batch: { version: string; revisedAt: number },
  staffId: number,
): Promise<SdsImportResult> {
  const entries = (await listEntries(zip)).filter((e) => !isClutter(e.fileName));
  if (entries.length === 0) throw badRequest('压缩包内没有 PDF 文件');
  const named = entries.map((entry) => ({ entry, sheet: sheetOfName(entry.fileName) }));
  const numbers = named.flatMap((n) => ('number' in n.sheet ? [n.sheet.number] : []));
  const products = new Map(
    (await repo.findProductsByNumber(db, [...new Set(numbers)])).map((p) => [p.number, p]),
  );
  const result: SdsImportResult = { imported: [], failed: [] };
  const seen = new Set<string>();
  const budget = { left: SDS_ZIP_LIMITS.bytes };
  const at = now();
  for (const { entry, sheet } of named) {
    const name = entry.fileName;
    const fail = (msg: string) => result.failed.push({ file: name, msg });
    if ('error' in sheet) {
      fail(sheet.error);
      continue;
    }
    const product = products.get(sheet.number);
    if (!product) {
      fail(`货号不存在：${sheet.number}`);
      continue;
    }
    const key = `${sheet.number}/${sheet.language}`;
    if (seen.has(key)) {
      fail('压缩包内有同一货号、同一语言的另一个文件');
      continue;
    }
    seen.add(key);
    if (entry.uncompressedSize > SDS_ZIP_LIMITS.file) {
      fail(MSG_TOO_BIG);
      continue;
    }
    if (entry.uncompressedSize > budget.left) throw badRequest(MSG_ZIP_TOO_BIG);
    const input = { language: sheet.language, ...batch };
    const file = sdsPath(product.number, sheet.language, batch.version);
    try {
      await checkUpload(db, product.id, input, at);
      await saveSdsFile(
        files,
        file,
        Readable.from(checkedPdf(await entryStream(zip, entry), budget)),
      );
    } catch (err) {
      await removeSdsFile(files, file);
      if (!(err instanceof AppError)) throw err;
      // The whole zip's budget is spent: nothing after this entry can be read.
      if (err.message === MSG_ZIP_TOO_BIG) throw err;
      fail(err.message);
      continue;
    }
    try {
      await recordSheet(db, { product, file, input, staffId, at });
    } catch (err) {
      await removeSdsFile(files, file);
      if (!(err instanceof AppError)) throw err;
      fail(err.message);
      continue;
    }
    result.imported.push({
      file: name,
      number: product.number,
      name: product.name,
      language: sheet.language,
    });
  }
  return result;
}
