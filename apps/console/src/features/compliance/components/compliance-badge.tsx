import { Badge } from 'antd';
import { useComplianceWaiting } from '../api/get-waiting';

/** The menu's count of documents to review and 易制爆 lines to report; red once one is overdue. */
export function ComplianceBadge() {
  const waiting = useComplianceWaiting().data;
  const count = (waiting?.documents ?? 0) + (waiting?.explosive ?? 0);
  if (count === 0) return null;
  return (
    <Badge
      count={count}
      size="small"
      color={waiting && waiting.overdue > 0 ? '#cf1322' : '#fa8c16'}
      style={{ marginLeft: 8 }}
      title={`待审核证件 ${waiting?.documents ?? 0}，易制爆待报告 ${waiting?.explosive ?? 0}`}
      data-testid="compliance-badge"
    />
  );
}
