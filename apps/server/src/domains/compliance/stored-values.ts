import type { DocumentUnit } from '@labshop/shared';
import { chinaDate, now } from '../../lib/clock.ts';

/** Today's date in China (YYYY-MM-DD): documents are valid by China's calendar. */
export const today = (at = now()) => chinaDate(at);

/** A stored review status as its type (anything unknown reads as still pending). */
export const asStored = (s: string) =>
  s === 'approved' || s === 'rejected' ? s : ('pending' as 'pending' | 'approved' | 'rejected');

/** A stored unit as the rules' unit. */
export const asUnit = (u: string) => u as DocumentUnit;
