import { formatDateTime } from '@labshop/shared';
import { APPROVAL_STATUS_LABEL, ORG_ROLE_LABEL, type Approval } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';

const DECISION_LABEL = { pending: '待审批', approved: '同意', rejected: '驳回' } as const;
const DECISION_CLASS = {
  pending: 'text-orange-600',
  approved: 'text-green-700',
  rejected: 'text-red-600',
} as const;

/** An organization order's approval: its status and each step so far (docs/organizations.md). */
export function ApprovalSteps({ approval }: { approval: Approval }) {
  return (
    <div className="flex flex-col gap-2 text-sm" data-testid="approval-steps">
      <p>
        审批状态：
        <strong className={cn(approval.status === 'pending' && 'text-orange-600')}>
          {APPROVAL_STATUS_LABEL[approval.status]}
        </strong>
      </p>
      {approval.steps.length > 0 && (
        <ol className="flex flex-col gap-1.5 border-l-2 border-gray-200 pl-3">
          {approval.steps.map((s, i) => (
            <li key={i} data-testid="approval-step">
              <span className="text-gray-500">{ORG_ROLE_LABEL[s.role]}</span>{' '}
              <span className="text-gray-800">{s.name || '--'}</span>{' '}
              <span className={DECISION_CLASS[s.decision]}>{DECISION_LABEL[s.decision]}</span>
              {s.time !== null && (
                <span className="ml-2 text-xs text-gray-400">{formatDateTime(s.time)}</span>
              )}
              {s.remark && <p className="text-xs text-gray-600">备注：{s.remark}</p>}
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
