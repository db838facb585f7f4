import type { OrgRole } from '@labshop/shared/schemas';

// Who may do what in an organization (docs/organizations.md); the server decides, these only
// choose which controls a member sees.

/** Admins manage members, rules, budgets, the shared address book and invoice title. */
export const mayManage = (role: OrgRole) => role === 'admin';
/** Approvers, admins and safety officers may have orders waiting for them. */
export const mayApprove = (role: OrgRole) => role !== 'buyer';
/** Members who may order for the organization. */
export const mayOrder = (role: OrgRole) => role !== 'safety';
/** Admins and safety officers upload the organization's own documents. */
export const mayHoldDocuments = (role: OrgRole) => role === 'admin' || role === 'safety';
/** Admins and approvers read the monthly statement (docs/contract-prices-credit.md). */
export const mayReadStatements = (role: OrgRole) => role === 'admin' || role === 'approver';
