import type { ConsoleArea } from './area';
import { dashboardArea } from '@/features/dashboard';

/** Every console area in menu order; the menu shows those the staff's roles allow. */
export const areas: ConsoleArea[] = [dashboardArea];
