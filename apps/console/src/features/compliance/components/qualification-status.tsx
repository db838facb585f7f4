import { Tag } from 'antd';
import { QUALIFICATION_STATUS_LABEL, type QualificationStatus } from '@labshop/shared';
import type { ManageQualification } from '@labshop/shared/schemas';

const STATUS_COLOR: Record<QualificationStatus, string> = {
  pending: 'orange',
  approved: 'green',
  rejected: 'red',
  expired: 'default',
};

/** A document's review state as a coloured tag. */
export function StatusTag({ status }: { status: QualificationStatus }) {
  return <Tag color={STATUS_COLOR[status]}>{QUALIFICATION_STATUS_LABEL[status]}</Tag>;
}

/** The expiry warning of a document: past, or approved and within 30 days; else none. */
export function expiryTag(q: ManageQualification) {
  if (q.daysLeft < 0) return <Tag>已过期</Tag>;
  if (q.daysLeft <= 30 && q.status === 'approved')
    return <Tag color="orange">{q.daysLeft} 天后到期</Tag>;
  return null;
}

/** Documents listed with their expiry: a warning from 30 days ahead. */
export function Expiry({ q }: { q: ManageQualification }) {
  return expiryTag(q) ?? <span>{q.validUntil}</span>;
}

/**
 * Whose a document is: an organization's (单位资质, held in its name and counted for its orders,
 * uploaded by one of its admins or safety officers), or the uploading member's own.
 */
export function OwnerOf({ q }: { q: Pick<ManageQualification, 'orgId' | 'orgName'> }) {
  if (q.orgId === null) return <span>会员本人</span>;
  return (
    <span data-testid="document-org">
      <Tag color="blue">单位资质</Tag>
      {q.orgName}
    </span>
  );
}
