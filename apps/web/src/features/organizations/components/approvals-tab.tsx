import type { OrgDetail } from '@labshop/shared/schemas';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { useApprovals } from '../api/approvals';
import { ApprovalView } from './approval-view';

/** 待我审批: the organization's pending orders the caller may decide. */
export default function ApprovalsTab({ org }: { org: OrgDetail }) {
  const pending = useApprovals(org.id);
  if (pending.isPending) return <Spinner />;
  const items = pending.data ?? [];
  if (items.length === 0) return <Empty text="暂无待审批订单" />;
  return (
    <div className="flex flex-col gap-3">
      {items.map((p) => (
        <ApprovalView key={p.orderId} orgId={org.id} item={p} />
      ))}
    </div>
  );
}
