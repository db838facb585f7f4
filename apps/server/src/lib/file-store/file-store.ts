import { createHash } from 'node:crypto';
import { Readable } from 'node:stream';

/**
 * One store for every file the shop keeps (docs/architecture.md, "Files"): pictures, certificates,
 * members' documents, fapiao files. Chosen once at start (index.ts): DATA_DIR on SQLite, the
 * database itself on PostgreSQL, or an S3-compatible bucket when one is configured, so instances
 * on several machines share every file through what they already share.
 *
 * A key is a path as the files lay below DATA_DIR before the store existed: `files/...` for what
 * `/files/...` may serve (pictures; certificates only through their signed links) and
 * `private/...` for what only its routes hand out (members' documents, fapiao). The values the
 * tables hold (coa_records.file, qualifications.file, picture URLs) did not change.
 */
export interface FileStore {
  /** Which implementation this is, for the start log and the migration command. */
  readonly kind: 'disk' | 'database' | 's3';
  /**
   * Stores `body` at `key`, replacing what was there. Until the whole body is in, readers see
   * the old file (or none): an interrupted write leaves nothing visible.
   */
  put(key: string, body: Buffer | Readable, options?: PutOptions): Promise<StoredFile>;
  /** The file and a stream of its bytes, read as they are sent; null when there is none. */
  get(key: string): Promise<{ file: StoredFile; stream: Readable } | null>;
  /** What is stored at `key` (exists when not null), without its bytes. */
  stat(key: string): Promise<StoredFile | null>;
  /** Removes the file; one already gone is no error. */
  delete(key: string): Promise<void>;
  /** Every stored file whose key starts with `prefix`, in key order (the migration walks it). */
  list(prefix: string): AsyncIterable<StoredFile>;
}

export interface PutOptions {
  /** Content type; by default told by the key's extension. */
  type?: string;
  /** Hex SHA-256 of the body when the caller knows it already (the migration command). */
  sha256?: string;
}

export interface StoredFile {
  key: string;
  size: number;
  type: string;
  /** Hex SHA-256 of the bytes where the store keeps it; null where it does not (S3 listings). */
  sha256: string | null;
  /** When it was written, epoch ms. */
  modifiedAt: number;
}

/** What a file that is not in the store answers, wherever it is asked for (404, never 500). */
export const FILE_MISSING = '文件不存在';

/** Areas of the key space; the public file route serves only the first. */
export const PUBLIC_AREA = 'files';
export const PRIVATE_AREA = 'private';

/** The key of a file below DATA_DIR/files (a certificate's coa_records.file, `uploads/...`). */
export const publicKey = (relative: string) => `${PUBLIC_AREA}/${relative}`;
/** The key of a file below DATA_DIR/private (qualifications.file, the fapiao file). */
export const privateKey = (relative: string) => `${PRIVATE_AREA}/${relative}`;
/** The key of a `/files/...` URL (a picture), or null for any other URL. */
export const keyOfUrl = (url: string): string | null =>
  url.startsWith(`/${PUBLIC_AREA}/`) ? url.slice(1) : null;

/**
 * Whether `key` is a key the store accepts: in one of the two areas, segments that are neither
 * empty nor `.`/`..`, no backslash or control character. Every implementation checks it, so no
 * key can reach outside its area (or outside DATA_DIR on disk).
 */
export function isValidKey(key: string): boolean {
  if (key.length > 1024 || key.includes('\\')) return false;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return false;
  }
  const [area, ...rest] = key.split('/');
  if (area !== PUBLIC_AREA && area !== PRIVATE_AREA) return false;
  return rest.length > 0 && rest.every((s) => s !== '' && s !== '.' && s !== '..');
}

export function checkKey(key: string): void {
  if (!isValidKey(key)) throw new Error(`not a file store key: ${JSON.stringify(key)}`);
}

/** Content types by extension, for files stored without one given (the seed, the migration). */
const TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  gif: 'image/gif',
  webp: 'image/webp',
  svg: 'image/svg+xml',
  ico: 'image/x-icon',
  pdf: 'application/pdf',
  ofd: 'application/ofd',
  zip: 'application/zip',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export function typeOfKey(key: string): string {
  const ext = /\.([A-Za-z0-9]+)$/.exec(key)?.[1]?.toLowerCase() ?? '';
  return TYPES[ext] ?? 'application/octet-stream';
}

/**
 * Passes a body on in pieces, counting its bytes and hashing them on the way; `done()` gives
 * the totals once the last piece went by. A Buffer is cut into pieces of `pieceBytes`.
 */
export async function* measured(
  body: Buffer | Readable,
  totals: { size: number; sha256: string },
  pieceBytes: number,
): AsyncGenerator<Buffer> {
  const hash = createHash('sha256');
  let size = 0;
  const source: Iterable<Buffer> | AsyncIterable<Buffer | string> = Buffer.isBuffer(body)
    ? [body]
    : body;
  for await (const chunk of source) {
    const piece = typeof chunk === 'string' ? Buffer.from(chunk) : chunk;
    for (let at = 0; at < piece.length; at += pieceBytes) {
      const part = piece.subarray(at, at + pieceBytes);
      hash.update(part);
      size += part.length;
      yield part;
    }
  }
  totals.size = size;
  totals.sha256 = hash.digest('hex');
}

/**
 * Regroups a stream of pieces of any size into pieces of exactly `bytes` (the last one shorter),
 * holding at most one piece at a time.
 */
export async function* inPiecesOf(
  source: AsyncIterable<Buffer>,
  bytes: number,
): AsyncGenerator<Buffer> {
  let held: Buffer[] = [];
  let heldBytes = 0;
  for await (const chunk of source) {
    let rest = chunk;
    while (heldBytes + rest.length >= bytes) {
      const take = bytes - heldBytes;
      held.push(rest.subarray(0, take));
      yield held.length === 1 ? (held[0] as Buffer) : Buffer.concat(held, bytes);
      rest = rest.subarray(take);
      held = [];
      heldBytes = 0;
    }
    if (rest.length > 0) {
      held.push(rest);
      heldBytes += rest.length;
    }
  }
  if (heldBytes > 0) yield Buffer.concat(held, heldBytes);
}

/** The hex SHA-256 of a stream, read piece by piece. */
export async function sha256Of(stream: Readable): Promise<string> {
  const hash = createHash('sha256');
  for await (const chunk of stream) hash.update(chunk as Buffer);
  return hash.digest('hex');
}

/** A file too large to be read whole for the use at hand (a seal printed on a document). */
export class FileTooLarge extends Error {}

/**
 * The whole of a stored file as one Buffer, for the few uses that need it so (a seal image for
 * the PDF writer, a fapiao inside the reimbursement ZIP); refused past `maxBytes`, which the
 * file's upload limit bounds anyway. Null when there is no such file.
 */
export async function readWhole(
  store: FileStore,
  key: string,
  maxBytes: number,
): Promise<Buffer | null> {
  const found = await store.get(key);
  if (!found) return null;
  if (found.file.size > maxBytes) {
    found.stream.destroy();
    throw new FileTooLarge(`${key} is ${found.file.size} bytes, more than ${maxBytes}`);
  }
  const parts: Buffer[] = [];
  for await (const chunk of found.stream) parts.push(chunk as Buffer);
  return Buffer.concat(parts);
}

/** A Readable of the given pieces, produced one at a time as the reader asks. */
export const readableOf = (pieces: AsyncIterable<Buffer>): Readable =>
  Readable.from(pieces, { objectMode: false });
