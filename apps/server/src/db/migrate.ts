import { Migrator } from 'kysely';
import type { Db } from './database.ts';
import { migrations } from './migrations/index.ts';

/** Brings the schema up to date; fails loudly so a half-migrated database never serves. */
export async function migrateToLatest(db: Db): Promise<void> {
  const migrator = new Migrator({
    db,
    provider: { getMigrations: async () => migrations },
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error || failed) {
    const reason = error instanceof Error ? error.message : '';
    throw new Error(`数据库迁移失败: ${failed?.migrationName ?? ''} ${reason}`, { cause: error });
  }
}
