import { usePendingApprovalCount } from '../api/approvals';

/** The count of orders waiting for the member's approval, beside 待我审批 and the account name. */
export function ApprovalBadge() {
  const count = usePendingApprovalCount();
  if (count === 0) return null;
  return (
    <span
      className="ml-1 inline-flex h-4 min-w-4 items-center justify-center rounded-full bg-red-500 px-1 text-[10px] leading-none font-medium text-white"
      aria-label={`${count} 笔待审批`}
      data-testid="approval-badge"
    >
      {count}
    </span>
  );
}
