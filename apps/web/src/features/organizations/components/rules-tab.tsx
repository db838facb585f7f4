import { useState, type FormEvent } from 'react';
import type { OrgDetail } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Field, Input } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSaveRules } from '../api/rules';
import { mayManage } from '../lib/roles';

/** The rules in words, as every member reads them. */
function rulesText(org: OrgDetail): string[] {
  const lines = [
    org.approvalOver === null
      ? '订单无需按金额审批'
      : org.approvalOver === 0
        ? '每笔单位订单均须审批人审批'
        : `订单金额达到 ¥${org.approvalOver.toFixed(2)} 须审批人审批`,
  ];
  if (org.regulatedNeedsSafety) lines.push('含管制化学品的订单另须安全员审批（双人双签）');
  lines.push('任何人不能审批自己的订单');
  return lines;
}

/** 审批规则: the amount from which orders wait for an approver, and 双人双签 for regulated lines. */
export default function RulesTab({ org }: { org: OrgDetail }) {
  const save = useSaveRules(org.id);
  const [over, setOver] = useState(org.approvalOver === null ? '' : String(org.approvalOver));
  const [safety, setSafety] = useState(org.regulatedNeedsSafety);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = over.trim();
    const approvalOver = text === '' ? null : Number(text);
    if (approvalOver !== null && (!Number.isFinite(approvalOver) || approvalOver < 0)) {
      return toastError('请输入审批金额');
    }
    save.mutate(
      { approvalOver, regulatedNeedsSafety: safety },
      { onSuccess: () => toastSuccess('保存成功') },
    );
  };
  return (
    <div className="flex flex-col gap-4">
      <ul className="list-disc pl-5 text-sm text-gray-700" data-testid="org-rules">
        {rulesText(org).map((l) => (
          <li key={l}>{l}</li>
        ))}
      </ul>
      {mayManage(org.role) && (
        <form onSubmit={submit} noValidate className="flex max-w-xl flex-col gap-3">
          <Field label="审批金额（元）">
            <Input
              inputMode="decimal"
              placeholder="留空：不按金额审批；0：每笔订单都审批"
              value={over}
              onChange={(e) => setOver(e.target.value)}
            />
          </Field>
          <label className="flex items-center gap-2 text-sm text-gray-700 sm:pl-31">
            <input
              type="checkbox"
              className="accent-primary"
              checked={safety}
              onChange={(e) => setSafety(e.target.checked)}
            />
            含管制化学品的订单须安全员审批（双人双签）
          </label>
          <Button type="submit" loading={save.isPending} className="self-start sm:ml-31">
            保存规则
          </Button>
        </form>
      )}
    </div>
  );
}
