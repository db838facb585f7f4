import { describe, expect, it } from 'vitest';
import { workerExecArgv } from './workers.ts';

describe('workerExecArgv', () => {
  it("keeps the primary's options and adds the heap limit", () => {
    expect(workerExecArgv(['--import', 'tsx'], 512)).toEqual([
      '--import',
      'tsx',
      '--max-old-space-size=512',
    ]);
  });

  it('replaces a heap limit the primary was started with', () => {
    expect(workerExecArgv(['--max-old-space-size=4096', '--enable-source-maps'], 512)).toEqual([
      '--enable-source-maps',
      '--max-old-space-size=512',
    ]);
  });

  it("without a limit keeps the primary's options as they are", () => {
    const options = ['--enable-source-maps', '--max-old-space-size=2048'];
    expect(workerExecArgv(options, null)).toEqual(options);
  });
});
