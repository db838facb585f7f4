import { sha256Of, type FileStore, type StoredFile } from './file-store.ts';

/**
 * The copy behind `npm run files:migrate` (src/files-migrate.ts): every file of one store into
 * another, skipping what is there already, so it can run again after any stop.
 */

/** Files copied at once (each waits on the store far more than on the disk). */
const AT_ONCE = 4;

export interface MigrationTotals {
  files: number;
  bytes: number;
  copied: number;
  skipped: number;
  failed: string[];
}

/** Whether `target` already holds `file` of `source` as it is. */
async function alreadyThere(source: FileStore, target: FileStore, file: StoredFile) {
  const there = await target.stat(file.key);
  if (!there || there.size !== file.size) return false;
  if (there.sha256 === null) return true;
  const found = await source.get(file.key);
  return found !== null && (await sha256Of(found.stream)) === there.sha256;
}

async function copy(source: FileStore, target: FileStore, file: StoredFile): Promise<void> {
  const forHash = await source.get(file.key);
  if (!forHash) throw new Error('gone from the disk while copied');
  // The hash goes first: an S3 object keeps it in its metadata, set when the upload starts.
  const sha256 = await sha256Of(forHash.stream);
  const found = await source.get(file.key);
  if (!found) throw new Error('gone from the disk while copied');
  const put = await target.put(file.key, found.stream, { sha256 });
  if (put.size !== file.size) throw new Error(`stored ${put.size} of ${file.size} bytes`);
}

/**
 * Copies every file below `source`'s two areas into `target`, telling progress as it goes.
 * Answers the totals; a file that fails is named in them and the others still go.
 */
export async function migrateFiles(
  source: FileStore,
  target: FileStore,
  progress: (line: string, totals: MigrationTotals) => void,
): Promise<MigrationTotals> {
  const files: StoredFile[] = [];
  for (const area of ['files/', 'private/']) {
    for await (const file of source.list(area)) files.push(file);
  }
  const totals: MigrationTotals = {
    files: files.length,
    bytes: 0,
    copied: 0,
    skipped: 0,
    failed: [],
  };
  const all = files.reduce((sum, f) => sum + f.size, 0);
  const mb = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);
  let next = 0;
  const worker = async () => {
    while (next < files.length) {
      const file = files[next++] as StoredFile;
      try {
        if (await alreadyThere(source, target, file)) totals.skipped++;
        else {
          await copy(source, target, file);
          totals.copied++;
        }
      } catch (err) {
        totals.failed.push(`${file.key}: ${err instanceof Error ? err.message : String(err)}`);
      }
      totals.bytes += file.size;
      const done = totals.copied + totals.skipped + totals.failed.length;
      progress(
        `${done}/${totals.files} files, ${mb(totals.bytes)}/${mb(all)} MB (copied ${totals.copied}, already there ${totals.skipped}, failed ${totals.failed.length})`,
        totals,
      );
    }
  };
  await Promise.all(Array.from({ length: AT_ONCE }, worker));
  return totals;
}
