/*
 * Staff accounts, their login (with two-factor), sessions and permissions: the staff guard on
 * requests (staffAuth, staffOf) and the permission check of an action (authorizeAction).
 */
export { default as staffAuth, isStaffGuard, staffOf } from './staff-auth.plugin.ts';
export { seedDemoStaff } from './staff-accounts.service.ts';
export { pruneLoginTickets, pruneStaffSessions } from './staff.repository.ts';
export { authorizeAction, type StaffIdentity } from './staff.service.ts';
