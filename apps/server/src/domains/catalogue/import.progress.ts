import type { ImportProgress } from '@labshop/shared/schemas';
import { setImmediate as yieldToLoop } from 'node:timers/promises';

/** Rows between two progress reports. */
const PROGRESS_EVERY = 100;

/**
 * Tells a listener how far an import is, row by row, every PROGRESS_EVERY rows. After each
 * report it lets the event loop run, so a streamed answer reaches the console while the import
 * holds its transaction (see docs/catalogue.md). Without a listener it does nothing.
 */
export class Progress {
  constructor(
    private readonly listener: ((p: ImportProgress) => void) | undefined,
    private readonly total: number,
  ) {}

  async at(phase: ImportProgress['phase'], processed: number): Promise<void> {
    if (!this.listener) return;
    if (processed % PROGRESS_EVERY !== 0 && processed !== this.total) return;
    this.listener({ phase, processed, total: this.total });
    await yieldToLoop();
  }
}
