import { formatDate } from '@labshop/shared';
import { Section } from '@/components/order/section';
import { cn } from '@/components/ui/cn';
import { Price } from '@/components/ui/price';
import { Select } from '@/components/ui/select';
import { Spinner } from '@/components/ui/spinner';
import { useBudgets } from '../api/budgets';
import { useOrgs } from '../api/orgs';
import { usableBudgets } from '../lib/budget';
import { mayOrder } from '../lib/roles';

/** Who the order is for: the member (个人) or one of their organizations, and its budget. */
export interface BuyerChoice {
  orgId: number | null;
  budgetCode: string;
}
const PERSONAL: BuyerChoice = { orgId: null, budgetCode: '' };

function BudgetPicker({
  orgId,
  value,
  onChange,
}: {
  orgId: number;
  value: string;
  onChange: (code: string) => void;
}) {
  const budgets = useBudgets(orgId);
  if (budgets.isPending) return <Spinner />;
  // Valid at the time the budgets were read, which is when this page asked for them.
  const usable = usableBudgets(budgets.data ?? [], budgets.dataUpdatedAt);
  if (usable.length === 0) {
    return <p className="text-sm text-gray-500">该单位暂无可用经费卡，可不选经费卡下单。</p>;
  }
  const chosen = usable.find((b) => b.code === value);
  return (
    <div className="flex flex-col gap-1 text-sm">
      <label className="flex flex-wrap items-center gap-2">
        <span className="text-gray-600">经费卡 / 课题号</span>
        <Select
          aria-label="经费卡"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          className="min-w-0 max-w-full"
        >
          <option value="">不使用经费卡</option>
          {usable.map((b) => (
            <option key={b.id} value={b.code}>
              {b.code} {b.name}（剩余 ¥{b.remaining.toFixed(2)}）
            </option>
          ))}
        </Select>
      </label>
      {chosen && (
        <p className="text-gray-500" data-testid="budget-remaining">
          剩余 <Price value={chosen.remaining} className="text-orange-600" /> / 总额{' '}
          <Price value={chosen.amount} />
          ，有效期至 {formatDate(chosen.validUntil)}
        </p>
      )}
    </div>
  );
}

/**
 * 购买身份 of the confirm page (docs/organizations.md): 个人, or an organization and its 经费卡;
 * the page keeps the organization as the header's 采购身份 (docs/web.md, "Whom the member buys for").
 */
export function BuyerSection({
  value,
  onChange,
}: {
  value: BuyerChoice;
  onChange: (choice: BuyerChoice) => void;
}) {
  const orgs = useOrgs();
  const ordering = (orgs.data ?? []).filter((o) => mayOrder(o.role));
  // A member of no organization orders as themselves, as before.
  if (ordering.length === 0) return null;
  const option = (key: string, label: string, chosen: boolean, pick: () => void) => (
    <button
      key={key}
      type="button"
      role="radio"
      aria-checked={chosen}
      onClick={pick}
      className={cn(
        'rounded border px-3 py-1.5 text-sm transition-colors',
        chosen
          ? 'border-primary bg-primary-50 text-primary'
          : 'border-gray-200 hover:border-primary',
      )}
    >
      {label}
    </button>
  );
  return (
    <Section title="购买身份">
      <div className="flex flex-col gap-3" data-testid="buyer-section">
        <div role="radiogroup" aria-label="购买身份" className="flex flex-wrap gap-2">
          {option('personal', '个人', value.orgId === null, () => onChange(PERSONAL))}
          {ordering.map((o) =>
            option(String(o.id), o.name, value.orgId === o.id, () =>
              onChange({ orgId: o.id, budgetCode: '' }),
            ),
          )}
        </div>
        {value.orgId !== null && (
          <BudgetPicker
            orgId={value.orgId}
            value={value.budgetCode}
            onChange={(budgetCode) => onChange({ ...value, budgetCode })}
          />
        )}
      </div>
    </Section>
  );
}
