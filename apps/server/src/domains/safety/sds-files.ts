import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';
import { notFound } from '../../lib/errors.ts';
import {
  FILE_MISSING,
  isValidKey,
  privateKey,
  type FileStore,
} from '../../lib/file-store/index.ts';
import { UPLOAD_LIMITS } from '../../lib/multipart.ts';

/**
 * Where SDS files live: the private area of the file store under sds/, recorded in
 * safety_data_sheets.file. They are public documents, but handed out only through their
 * product's route (GET /client/v1/products/{id}/sds/{language}/{version}), which answers 404
 * for a product the storefront does not show, so the file store's paths stay unguessable and
 * unlisted.
 */
const SDS_DIR = 'sds';

/** An SDS is at most as large as a certificate (UPLOAD_LIMITS.certificate, 20 MB). */
export const SDS_MAX_BYTES = UPLOAD_LIMITS.certificate;

/** A PDF file starts with "%PDF-": told by its first bytes, never by its name or declared type. */
export const isPdf = (head: Buffer) => head.subarray(0, 5).toString('latin1') === '%PDF-';

const safePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);

/** A new, unused path for a sheet of an item, language and version. */
export function sdsPath(number: string, language: string, version: string): string {
  const name = `${safePart(number)}-${language}-${safePart(version)}-${randomBytes(8).toString('hex')}.pdf`;
  return `${SDS_DIR}/${name}`;
}

/** Stores a sheet (a whole upload or a stream out of an import's zip) at its path. */
export async function saveSdsFile(
  files: FileStore,
  path: string,
  body: Buffer | Readable,
): Promise<void> {
  await files.put(privateKey(path), body, { type: 'application/pdf' });
}

/** Removes a stored sheet; one already gone is ignored. */
export async function removeSdsFile(files: FileStore, path: string): Promise<void> {
  const key = privateKey(path);
  if (isValidKey(key)) await files.delete(key);
}

/** A stored sheet as a stream with its size; a file the store lost answers 404 文件不存在. */
export async function openSdsFile(
  files: FileStore,
  path: string,
): Promise<{ stream: Readable; size: number }> {
  const key = privateKey(path);
  const found = isValidKey(key) ? await files.get(key) : null;
  if (!found) throw notFound(FILE_MISSING);
  return { stream: found.stream, size: found.file.size };
}
