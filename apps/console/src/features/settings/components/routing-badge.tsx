import { Badge } from 'antd';
import { MONEY_ROUTING_LABEL } from '@labshop/shared/schemas';
import { useChangesToConfirm } from '../api/setting-changes';

/** The menu's count of money-routing changes another staff member proposed, to confirm. */
export function RoutingBadge() {
  const waiting = useChangesToConfirm().data ?? [];
  if (waiting.length === 0) return null;
  return (
    <Badge
      count={waiting.length}
      size="small"
      color="#fa8c16"
      style={{ marginLeft: 8 }}
      title={`待确认：${waiting.map((c) => MONEY_ROUTING_LABEL[c.key]).join('、')}变更`}
      data-testid="routing-badge"
    />
  );
}
