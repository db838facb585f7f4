import type { OrgBudget } from '@labshop/shared/schemas';

/** A budget's validity from the form's days: from the first day's start to the last day's end. */
export function validityOf(from: string, until: string): { validFrom: number; validUntil: number } {
  return {
    validFrom: new Date(`${from}T00:00:00`).getTime(),
    validUntil: new Date(`${until}T23:59:59.999`).getTime(),
  };
}

/** Budgets an order may be charged to now: valid today with money left. */
export function usableBudgets(budgets: OrgBudget[], now: number): OrgBudget[] {
  return budgets.filter((b) => b.validFrom <= now && now <= b.validUntil && b.remaining > 0);
}
