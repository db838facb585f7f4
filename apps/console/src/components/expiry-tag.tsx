import { Space, Tag } from 'antd';
import { daysLeft } from '@labshop/shared';
import { daysLeftLabel, expiryLevel, localToday } from '@/lib/expiry';

const COLOR = { expired: 'red', within30: 'orange', within90: 'orange' } as const;

/**
 * A lot's expiry warning: red once expired, orange within 90 days; nothing for a lot further
 * off unless `always` (the lot list shows every lot's days left), nor for one without expiry.
 */
export function ExpiryTag({
  expire,
  days,
  always = false,
}: {
  expire: string | null;
  /** Days left as the server counted them; computed from today when not given. */
  days?: number | null;
  always?: boolean;
}) {
  const left = days === undefined ? daysLeft(expire, localToday()) : days;
  const level = expiryLevel(left);
  if (left === null || level === 'none') return null;
  if (level === 'later') return always ? <Tag>{daysLeftLabel(left)}</Tag> : null;
  return <Tag color={COLOR[level]}>{daysLeftLabel(left)}</Tag>;
}

/** 有效期至 with its warning: the date (— without one) and the tag beside it. */
export function ExpiryCell({
  expire,
  days,
  always,
}: {
  expire: string | null;
  days?: number | null;
  always?: boolean;
}) {
  return (
    <Space size={4} wrap={false}>
      <span>{expire ?? '—'}</span>
      <ExpiryTag expire={expire} days={days} always={always} />
    </Space>
  );
}
