import type { Config } from '../../config.ts';
import type { Db } from '../../db/database.ts';
import { databaseStore } from './database-store.ts';
import { diskStore } from './disk-store.ts';
import type { FileStore } from './file-store.ts';
import { s3Client, s3Store } from './s3-store.ts';

export * from './file-store.ts';

/** The store the configuration names (config.ts, `fileStore`), over this database. */
export function openFileStore(config: Pick<Config, 'dataDir' | 'fileStore'>, db: Db): FileStore {
  const chosen = config.fileStore;
  if (chosen.kind === 's3') return s3Store(s3Client(chosen.s3), chosen.s3.bucket);
  if (chosen.kind === 'database') return databaseStore(db);
  return diskStore(config.dataDir);
}
