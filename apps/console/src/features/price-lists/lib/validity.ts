/** Whether a price list is in force at `now` (docs/contract-prices-credit.md): from validFrom until validUntil. */
export type ListState = 'active' | 'pending' | 'expired';

export function listState(list: { validFrom: number; validUntil: number }, now: number): ListState {
  if (now < list.validFrom) return 'pending';
  if (now > list.validUntil) return 'expired';
  return 'active';
}

export const LIST_STATE_LABEL: Record<ListState, { text: string; color: string }> = {
  active: { text: '生效中', color: 'green' },
  pending: { text: '未生效', color: 'blue' },
  expired: { text: '已失效', color: 'default' },
};
