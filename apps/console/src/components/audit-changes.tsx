import { Typography } from 'antd';
import { auditChanges } from '@labshop/shared';

/** What an audited action changed, one line per field: 字段：旧 → 新 (docs/console.md, "Audit"). */
export function AuditChanges({
  action,
  before,
  after,
}: {
  action: string;
  before: string;
  after: string;
}) {
  const changes = auditChanges(action, before, after);
  if (changes.length === 0) return <Typography.Text type="secondary">--</Typography.Text>;
  return (
    <ul style={{ margin: 0, paddingLeft: 16, fontSize: 12 }}>
      {changes.map((c) => (
        <li key={c.field || c.label}>
          {c.label}：
          {c.before === null ? (
            c.after
          ) : c.after === null ? (
            <Typography.Text delete>{c.before}</Typography.Text>
          ) : (
            <>
              {c.before} → {c.after}
            </>
          )}
        </li>
      ))}
    </ul>
  );
}
