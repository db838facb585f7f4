import { useState, type FormEvent } from 'react';
import { formatDate } from '@labshop/shared';
import type { OrgDetail } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { Price } from '@/components/ui/price';
import { Spinner } from '@/components/ui/spinner';
import { toastError, toastSuccess } from '@/lib/toast';
import { useBudgets, useCreateBudget } from '../api/budgets';
import { validityOf } from '../lib/budget';
import { mayManage } from '../lib/roles';

const EMPTY = { code: '', name: '', amount: '', from: '', until: '' };

function BudgetForm({ orgId }: { orgId: number }) {
  const create = useCreateBudget(orgId);
  const [form, setForm] = useState(EMPTY);
  const set = (patch: Partial<typeof EMPTY>) => setForm((f) => ({ ...f, ...patch }));
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (form.code.trim() === '') return toastError('请输入经费卡号');
    if (form.name.trim() === '') return toastError('请输入经费名称');
    const amount = Number(form.amount);
    if (form.amount.trim() === '' || !(amount > 0)) return toastError('请输入经费金额');
    if (!form.from || !form.until) return toastError('请选择有效期');
    create.mutate(
      {
        code: form.code.trim(),
        name: form.name.trim(),
        amount,
        ...validityOf(form.from, form.until),
      },
      {
        onSuccess: () => {
          toastSuccess('已添加经费卡');
          setForm(EMPTY);
        },
      },
    );
  };
  return (
    <form
      onSubmit={submit}
      noValidate
      className="grid gap-2 sm:grid-cols-3 lg:grid-cols-6"
      data-testid="budget-form"
    >
      <Input
        aria-label="经费卡号"
        placeholder="经费卡号 / 课题号"
        maxLength={40}
        value={form.code}
        onChange={(e) => set({ code: e.target.value })}
      />
      <Input
        aria-label="经费名称"
        placeholder="经费名称"
        maxLength={100}
        value={form.name}
        onChange={(e) => set({ name: e.target.value })}
      />
      <Input
        aria-label="经费金额"
        placeholder="金额（元）"
        inputMode="decimal"
        value={form.amount}
        onChange={(e) => set({ amount: e.target.value })}
      />
      <Input
        aria-label="有效期开始"
        type="date"
        value={form.from}
        onChange={(e) => set({ from: e.target.value })}
      />
      <Input
        aria-label="有效期结束"
        type="date"
        value={form.until}
        onChange={(e) => set({ until: e.target.value })}
      />
      <Button type="submit" loading={create.isPending}>
        添加经费卡
      </Button>
    </form>
  );
}

/** 经费卡: each budget with its amount, validity, what its orders used and what remains. */
export default function BudgetsTab({ org }: { org: OrgDetail }) {
  const budgets = useBudgets(org.id);
  return (
    <div className="flex flex-col gap-4">
      {mayManage(org.role) && <BudgetForm orgId={org.id} />}
      {budgets.isPending ? (
        <Spinner />
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full min-w-[36rem] text-left text-sm" data-testid="budget-list">
            <thead className="bg-gray-50 text-gray-600">
              <tr>
                <th className="p-2">经费卡号</th>
                <th className="p-2">名称</th>
                <th className="p-2 text-right">金额</th>
                <th className="p-2 text-right">已用</th>
                <th className="p-2 text-right">剩余</th>
                <th className="p-2">有效期</th>
              </tr>
            </thead>
            <tbody>
              {(budgets.data ?? []).map((b) => (
                <tr key={b.id} className="border-t border-gray-100" data-testid="budget-row">
                  <td className="p-2 break-all">{b.code}</td>
                  <td className="p-2">{b.name}</td>
                  <td className="p-2 text-right">
                    <Price value={b.amount} />
                  </td>
                  <td className="p-2 text-right" data-testid="budget-used">
                    <Price value={b.used} />
                  </td>
                  <td className="p-2 text-right font-medium text-orange-600">
                    <Price value={b.remaining} />
                  </td>
                  <td className="p-2 whitespace-nowrap">
                    {formatDate(b.validFrom)} 至 {formatDate(b.validUntil)}
                  </td>
                </tr>
              ))}
              {budgets.data?.length === 0 && (
                <tr>
                  <td colSpan={6} className="p-4 text-center text-gray-400">
                    暂无经费卡
                  </td>
                </tr>
              )}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
