import { Alert, Tag, Typography } from 'antd';
import { REGULATION_LABEL, type RegulationCategory } from '@labshop/shared';
import type { ManageRegulation } from '@labshop/shared/schemas';

const MATCHED_BY = { cas: 'CAS号', 'solute-cas': '溶质CAS号', name: '名称' } as const;

/**
 * Where each class of the product came from: the list entries its CAS (or solute CAS) matched,
 * with entry number, sources and confidence (docs/compliance.md section 2). An unconfirmed entry
 * (U) applies as its class until a reason with the clearing source is recorded.
 */
export function RegulationSources({
  regulation,
  chosen,
}: {
  regulation: ManageRegulation | undefined;
  chosen: readonly RegulationCategory[];
}) {
  if (!regulation || regulation.sources.length === 0) {
    return (
      <Typography.Text type="secondary">
        名录中未查到本品的 CAS 号；保存时按 CAS 号与溶质 CAS 号重新查询。
      </Typography.Text>
    );
  }
  const lowered = regulation.listed.filter((c) => !chosen.includes(c));
  return (
    <div data-testid="regulation-sources">
      <Typography.Text strong>类别来源（按 CAS 号查名录）</Typography.Text>
      <ul style={{ margin: '4px 0 8px', paddingLeft: 20 }}>
        {regulation.sources.map((s) => (
          <li key={`${s.list}-${s.no}-${s.name}-${s.category}`}>
            <Tag color={s.confidence === 'U' ? 'orange' : 'blue'}>
              {REGULATION_LABEL[s.category]}
            </Tag>
            {s.list}
            {s.no ? ` ${s.no}` : ''} {s.name}
            {s.cas ? `（CAS ${s.cas}${s.casConfirmed ? '' : '，CAS 未经来源确认'}）` : ''}，按
            {MATCHED_BY[s.matchedBy]}匹配；可信度 {s.confidence}
            {s.confidence === 'U' ? '（未确认，从严按此类别管理）' : ''}
            {s.note ? `；${s.note}` : ''}
            <div>
              <Typography.Text type="secondary">
                来源：{s.sources.join('；') || '无'}
              </Typography.Text>
            </div>
          </li>
        ))}
      </ul>
      {lowered.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginBottom: 8 }}
          message={`未选名录给出的类别：${lowered.map((c) => REGULATION_LABEL[c]).join('、')}`}
          description="须在下方填写降级原因及依据（如核对过的官方目录及条目），保存时记入操作日志；不填写将无法保存。"
        />
      )}
    </div>
  );
}
