import type { ConsoleArea } from './area';
import { dashboardArea } from '@/features/dashboard';
import { ordersArea } from '@/features/orders';
import { membersArea } from '@/features/members';
import { inboxArea } from '@/features/inbox';
import { staffArea } from '@/features/staff';
import { auditArea } from '@/features/audit';

/** Every console area in menu order; the menu shows those the staff's roles allow. */
export const areas: ConsoleArea[] = [
  dashboardArea,
  ordersArea,
  membersArea,
  inboxArea,
  staffArea,
  auditArea,
];
