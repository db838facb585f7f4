import type { Db } from './support.ts';

// Frozen in time: this file never imports application code and is never edited once landed.

/** Organization credit (月结) and settlements (docs/contract-prices-credit.md sections 2-4). */
export async function up(_db: Db): Promise<void> {}

export async function down(_db: Db): Promise<void> {}
