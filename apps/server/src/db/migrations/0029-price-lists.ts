import type { Db } from './support.ts';

// Frozen in time: this file never imports application code and is never edited once landed.

/** Contract price lists (docs/contract-prices-credit.md section 1). */
export async function up(_db: Db): Promise<void> {}

export async function down(_db: Db): Promise<void> {}
