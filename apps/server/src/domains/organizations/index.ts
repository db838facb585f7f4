/*
 * The organizations domain's face (docs/organizations.md): labs and companies that buy
 * together, their members and roles, approval rules, budgets, shared addresses and invoice
 * title. Orders for an organization are checked here by place-order (planOrgOrder,
 * recordSteps) and decided by the decide-approval workflow (decideStep).
 */
export { findOrg, memberRole } from './organizations.repository.ts';
export type { OrgRole } from './organizations.repository.ts';
export { addPunchoutBuyer } from './punchout-buyer.service.ts';
export {
  ORG_NOT_FOUND,
  approvalsOf,
  buyingOrg,
  createOrg,
  decideStep,
  decidersOf,
  planOrgOrder,
  recordSteps,
  roleOrNotFound,
  type ApprovalStepView,
  type NewOrg,
  type OrgOrderPlan,
} from './organizations.service.ts';
