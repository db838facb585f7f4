import { randomBytes } from 'node:crypto';
import { isValidKey, publicKey, type FileStore } from '../../lib/file-store/index.ts';

/**
 * Where uploaded certificates live: in the file store under files/coa/, recorded in
 * coa_records.file as a path relative to files/, exactly like the seeded ones. How
 * the storefront hands out a link to a file is decided in one place (the COA lookup of the
 * forms feature); this module only stores and removes files. A random part in the name keeps
 * certificates from being found by guessing item and lot numbers.
 */
const COA_DIR = 'coa';

const safePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);

export async function saveCoaFile(
  files: FileStore,
  productNumber: string,
  lotNumber: string,
  data: Buffer,
): Promise<string> {
  const name = `${safePart(productNumber)}-${safePart(lotNumber)}-${randomBytes(8).toString('hex')}.pdf`;
  const relative = `${COA_DIR}/${name}`;
  await files.put(publicKey(relative), data, { type: 'application/pdf' });
  return relative;
}

/** Removes a stored certificate; a file already gone (or a path no key can name) is ignored. */
export async function removeCoaFile(files: FileStore, relative: string): Promise<void> {
  const key = publicKey(relative);
  if (isValidKey(key)) await files.delete(key);
}

/** A PDF file starts with "%PDF-". */
export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';
