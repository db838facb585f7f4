import fs from 'node:fs/promises';
import path from 'node:path';
import { randomBytes } from 'node:crypto';

/**
 * Where uploaded certificates live: below DATA_DIR/files, under coa/, recorded in
 * coa_records.file as a path relative to the files directory, exactly like the seeded ones. How
 * the storefront hands out a link to a file is decided in one place (the COA lookup of the
 * forms feature); this module only stores and removes files. A random part in the name keeps
 * certificates from being found by guessing item and lot numbers.
 */
const COA_DIR = 'coa';

const safePart = (text: string) => text.replace(/[^A-Za-z0-9._-]+/g, '_').slice(0, 60);

export async function saveCoaFile(
  filesDir: string,
  productNumber: string,
  lotNumber: string,
  data: Buffer,
): Promise<string> {
  const name = `${safePart(productNumber)}-${safePart(lotNumber)}-${randomBytes(8).toString('hex')}.pdf`;
  const relative = `${COA_DIR}/${name}`;
  await fs.mkdir(path.join(filesDir, COA_DIR), { recursive: true });
  await fs.writeFile(path.join(filesDir, relative), data);
  return relative;
}

/** Removes a stored certificate; a file already gone (or outside the files directory) is ignored. */
export async function removeCoaFile(filesDir: string, relative: string): Promise<void> {
  const full = path.resolve(filesDir, relative);
  if (!full.startsWith(path.resolve(filesDir) + path.sep)) return;
  await fs.rm(full, { force: true });
}

/** A PDF file starts with "%PDF-". */
export const isPdf = (data: Buffer) => data.subarray(0, 5).toString('latin1') === '%PDF-';
