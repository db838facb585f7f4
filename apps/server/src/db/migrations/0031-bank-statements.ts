import type { Db } from './support.ts';

// Frozen in time: this file never imports application code and is never edited once landed.

/** Imported bank statements and their rows (docs/contract-prices-credit.md section 5). */
export async function up(_db: Db): Promise<void> {}

export async function down(_db: Db): Promise<void> {}
