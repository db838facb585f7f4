import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  SERVER_DIR,
  checkedInQueryFiles,
  generateQueryFiles,
} from '../scripts/queries/generate.ts';

/**
 * The checked-in SQL of the hot and money-moving queries (docs/architecture.md, "Reading the
 * SQL") is what the repositories send today: regenerated in memory, every file must equal the
 * one in the tree, and no file may be left of a repository no longer shown.
 */
describe('the checked-in SQL', () => {
  it('is what the code sends (else: run npm run queries)', async () => {
    const files = await generateQueryFiles();
    const differing = [...files]
      .filter(([name, text]) => {
        const file = path.join(SERVER_DIR, name);
        return !fs.existsSync(file) || fs.readFileSync(file, 'utf8') !== text;
      })
      .map(([name]) => name);
    const stale = checkedInQueryFiles().filter((name) => !files.has(name));
    expect(files.size).toBeGreaterThan(0);
    expect(
      [...differing, ...stale],
      'these files differ from what the code sends: run npm run queries and review the change',
    ).toEqual([]);
  });
});
