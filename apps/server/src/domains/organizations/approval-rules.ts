import { toYuan } from '@labshop/shared';
import type { OrgRole } from './organizations.repository.ts';

/*
 * The organization's order rules (docs/organizations.md, "Approval" and "Budgets"): which steps
 * an order waits for, who may decide a step, and whether a budget takes an order. Pure, so the
 * edges are tested alone.
 */

export type StepRole = 'approver' | 'safety';

export interface OrgRules {
  /** Fen; null: no approval by amount, 0: every order. */
  approvalOver: number | null;
  regulatedNeedsSafety: boolean;
}

/**
 * The steps an order waits for: an approver when its amount is at least approvalOver (an
 * amount not priced yet, 待确认, counts as reaching it), and a safety member when a line is
 * regulated and the rules ask for 双人双签.
 */
export function requiredSteps(
  rules: OrgRules,
  amount: number | null,
  hasRegulatedLine: boolean,
): StepRole[] {
  const steps: StepRole[] = [];
  if (rules.approvalOver !== null && (amount === null || amount >= rules.approvalOver)) {
    steps.push('approver');
  }
  if (rules.regulatedNeedsSafety && hasRegulatedLine) steps.push('safety');
  return steps;
}

/** Whether a member of the given role may decide a step: never on their own order. */
export function mayDecide(
  step: StepRole,
  role: OrgRole | null,
  userId: number,
  buyerId: number,
): boolean {
  if (userId === buyerId || role === null) return false;
  return step === 'approver' ? role === 'approver' || role === 'admin' : role === 'safety';
}

export interface BudgetFacts {
  code: string;
  /** Fen. */
  amount: number;
  /** Fen of the budget's orders that are not cancelled. */
  used: number;
  validFrom: number;
  validUntil: number;
}

export const remainingOf = (b: BudgetFacts): number => Math.max(0, b.amount - b.used);

/**
 * Why a budget cannot take an order of `amount` fen at `at`, or null when it can: outside its
 * validity (both ends included), or beyond what is left.
 */
export function budgetProblem(b: BudgetFacts, amount: number, at: number): string | null {
  if (at < b.validFrom || at > b.validUntil) return `经费卡 ${b.code} 不在有效期内`;
  if (b.used + amount > b.amount) {
    return `经费卡 ${b.code} 余额不足，剩余 ¥${toYuan(remainingOf(b)).toFixed(2)}`;
  }
  return null;
}
