import { describe, expect, it } from 'vitest';
import { sortColumn, sortOf } from './table-sort';

describe('table sorting kept in the URL', () => {
  it('shows the arrow of the URL sort on its column only', () => {
    expect(sortColumn('amount', 'amount').sortOrder).toBe('ascend');
    expect(sortColumn('-amount', 'amount').sortOrder).toBe('descend');
    expect(sortColumn('-amount', 'createTime').sortOrder).toBeNull();
    expect(sortColumn(undefined, 'amount')).toEqual({
      key: 'amount',
      sorter: true,
      sortOrder: null,
    });
  });

  it('writes a sorter change as the sort filter, and nothing when it is switched off', () => {
    expect(sortOf({ columnKey: 'amount', order: 'ascend' })).toBe('amount');
    expect(sortOf([{ columnKey: 'createTime', order: 'descend' }])).toBe('-createTime');
    expect(sortOf({ columnKey: 'amount', order: null })).toBeUndefined();
    expect(sortOf({ columnKey: 'amount' })).toBeUndefined();
  });
});
