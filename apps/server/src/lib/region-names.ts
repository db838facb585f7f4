import fs from 'node:fs';
import path from 'node:path';
import { fullAddressOf, regionNamesOf } from '@labshop/shared';
import { repoRoot } from '../config.ts';

/*
 * Region codes to their Chinese names on the server, from the division file the storefront
 * serves (apps/web/public/region, docs/web.md): the sales ledger writes the names as shipped, so
 * a later change of the file never rewrites where goods went.
 */

const DIVISIONS_FILE = path.join(repoRoot, 'apps/web/public/region/divisions.json');

let divisions: Record<string, string> | null = null;

function load(): Record<string, string> {
  if (divisions) return divisions;
  try {
    divisions = JSON.parse(fs.readFileSync(DIVISIONS_FILE, 'utf8')) as Record<string, string>;
  } catch {
    // Without the file the codes stay unnamed; the street address is still recorded.
    divisions = {};
  }
  return divisions;
}

/** "110000,110100,110108" → "北京市 海淀区" (a municipality's repeated name once). */
export function regionNames(codes: string): string {
  return regionNamesOf(codes, load());
}

/** "110000,110100,110108" and "学院路 5 号" → "北京市 海淀区 学院路 5 号", for documents. */
export function fullAddress(codes: string, street: string): string {
  return fullAddressOf(codes, street, load());
}
