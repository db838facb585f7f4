/*
 * The organizations domain's face (docs/organizations.md): labs and companies that buy
 * together, their members and roles, approval rules, budgets, shared addresses and invoice
 * title. Orders for an organization are checked here by place-order and decided by the
 * decide-approval workflow.
 */
export { findOrg, memberRole } from './organizations.repository.ts';
export type { OrgRole } from './organizations.repository.ts';
export { addPunchoutBuyer } from './punchout-buyer.service.ts';
export { createOrg } from './organizations.service.ts';
export type { NewOrg } from './organizations.service.ts';
