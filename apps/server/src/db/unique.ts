import { badRequest } from '../lib/errors.ts';

/**
 * A unique key of a table: its table and columns as the migrations name them (snake_case).
 * Two identical requests can both pass an "already exists" check before either commits
 * (PostgreSQL runs them side by side), so the key itself has the last word: the write maps its
 * violation to the message of the check, and the second request gets the 400 it would have got
 * a moment later, never a 500 (docs/api.md, "Envelope and status codes").
 */
export interface UniqueKey {
  table: string;
  columns: readonly string[];
}

interface DatabaseError {
  code?: unknown;
  message?: unknown;
  /** PostgreSQL: the table and `Key (a, b)=(…) already exists.` */
  table?: unknown;
  detail?: unknown;
}

const text = (v: unknown): string => (typeof v === 'string' ? v : '');

const SQLITE_UNIQUE = new Set(['SQLITE_CONSTRAINT_UNIQUE', 'SQLITE_CONSTRAINT_PRIMARYKEY']);
const PG_UNIQUE = '23505';

/** The columns named by a violation, as `table.column`, or undefined when it names none. */
function violatedColumns(e: DatabaseError): string[] | undefined {
  if (e.code === PG_UNIQUE) {
    const columns = /^Key \((.*?)\)=/.exec(text(e.detail))?.[1];
    if (columns === undefined || typeof e.table !== 'string') return undefined;
    return columns.split(', ').map((c) => `${text(e.table)}.${c.trim()}`);
  }
  const listed = /constraint failed: (.*)$/.exec(text(e.message))?.[1];
  return listed?.split(', ').map((c) => c.trim());
}

/**
 * True for a unique-constraint (or primary-key) violation on SQLite or PostgreSQL; with `key`,
 * only for a violation of exactly that key.
 */
export function isUniqueViolation(err: unknown, key?: UniqueKey): boolean {
  const e = (err ?? {}) as DatabaseError;
  if (e.code !== PG_UNIQUE && !(typeof e.code === 'string' && SQLITE_UNIQUE.has(e.code))) {
    return false;
  }
  if (!key) return true;
  const named = violatedColumns(e);
  if (!named) return false;
  const wanted = key.columns.map((c) => `${key.table}.${c}`);
  return named.length === wanted.length && wanted.every((c) => named.includes(c));
}

/**
 * Runs a write (an insert, an update, or a whole transaction) and answers a violation of one of
 * `keys` with that key's Chinese message as a 400. Other errors pass through unchanged.
 */
export async function uniquely<T>(
  write: () => Promise<T>,
  keys: readonly (readonly [UniqueKey, string])[],
): Promise<T> {
  try {
    return await write();
  } catch (err) {
    const hit = keys.find(([key]) => isUniqueViolation(err, key));
    if (hit) throw badRequest(hit[1]);
    throw err;
  }
}
