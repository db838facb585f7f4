import type { Migration } from 'kysely';
import * as m0001 from './0001-initial.ts';
import * as m0002 from './0002-search-index.ts';
import * as m0003 from './0003-hardening.ts';
import * as m0004 from './0004-console.ts';

/** Every migration, in order. Add new files here; never edit a landed one. */
export const migrations: Record<string, Migration> = {
  '0001-initial': m0001,
  '0002-search-index': m0002,
  '0003-hardening': m0003,
  '0004-console': m0004,
};
