import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { useApprovals, usePendingApprovalCount } from '../api/approvals';
import { useOrgs } from '../api/orgs';
import { mayApprove } from '../lib/roles';
import { ApprovalView } from './approval-view';

function OrgApprovals({ orgId, name }: { orgId: number; name: string }) {
  const pending = useApprovals(orgId);
  const items = pending.data ?? [];
  if (items.length === 0) return null;
  return (
    <section className="flex flex-col gap-3">
      <h3 className="font-semibold text-gray-900">{name}</h3>
      {items.map((p) => (
        <ApprovalView key={p.orderId} orgId={orgId} item={p} />
      ))}
    </section>
  );
}

/** 5-2 待我审批: the orders waiting for the caller, in every organization they may approve in. */
export function ApprovalsPage() {
  const orgs = useOrgs();
  const deciding = (orgs.data ?? []).filter((o) => mayApprove(o.role));
  const count = usePendingApprovalCount();
  return (
    <div className="flex flex-col gap-4">
      <h2 className="border-b border-gray-100 pb-3 text-lg font-semibold text-gray-900">
        待我审批
      </h2>
      {orgs.isPending ? (
        <Spinner />
      ) : count === 0 ? (
        <Empty text="暂无待审批订单" />
      ) : (
        deciding.map((o) => <OrgApprovals key={o.id} orgId={o.id} name={o.name} />)
      )}
    </div>
  );
}
