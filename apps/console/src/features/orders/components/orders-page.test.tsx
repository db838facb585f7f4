import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageOrder } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { asPhone, buttonName, renderScreen } from '@/test-utils';
import OrdersPage from './orders-page';

/**
 * The order list on a warehouse phone (docs/console.md, "On a phone"): each order is a card with
 * what the worker looks for, where the table showed only its first two columns.
 */
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn() },
}));

const paid: ManageOrder = {
  id: 7,
  number: 'LS202601020007',
  member: { id: 1, account: 'm1', name: '钱老师', phone: '13900000000', company: '某研究所' },
  deliveryUsername: '王五',
  deliveryPhone: '13912345678',
  deliveryRegionCode: '110000,110100,110101',
  deliveryAddress: '测试路 8 号',
  goodsAmount: 300,
  freight: 12,
  amount: 312,
  count: 3,
  status: 2,
  payType: 1,
  payStatus: 2,
  createTime: new Date(2026, 0, 2, 9, 30, 0).getTime(),
  poNumber: '',
};

let restore: (() => void) | undefined;

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response('{}'))),
  );
  saveSession({ token: 't', name: '仓库', account: 'warehouse', roles: ['warehouse'] });
  vi.mocked(api.get).mockResolvedValue({ records: [paid], total: 1 });
});

afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
  vi.unstubAllGlobals();
  clearSession();
});

describe('the order list', () => {
  it('is a card per order on a phone: number, member and unit, state, amount, units, date', async () => {
    restore = asPhone();
    renderScreen(<OrdersPage />, '/orders');
    const card = await screen.findByTestId('order-card');
    expect(card.querySelector('a')?.getAttribute('href')).toBe('/orders/7');
    for (const text of ['LS202601020007', '钱老师（某研究所）', '待发货', '￥312.00', '3 件']) {
      expect(card.textContent).toContain(text);
    }
    expect(card.textContent).toContain('2026-01-02 09:30:00');
    expect(screen.queryByRole('columnheader', { name: '订单号' })).toBeNull();
  });

  it('keeps its rarer filters behind 更多筛选 on a phone', async () => {
    restore = asPhone();
    const user = userEvent.setup({ delay: null });
    renderScreen(<OrdersPage />, '/orders');
    await screen.findByTestId('order-card');
    const folded = () =>
      (screen.getByText('支付状态').closest('.ant-form-item')?.parentElement as HTMLElement).style
        .display;
    expect(folded()).toBe('none');
    await user.click(screen.getByRole('button', { name: buttonName('更多筛选') }));
    expect(folded()).toBe('contents');
  });

  it('opens with them shown when one of them is in use', async () => {
    restore = asPhone();
    renderScreen(<OrdersPage />, '/orders?payStatus=2');
    await screen.findByTestId('order-card');
    expect(screen.getByRole('button', { name: buttonName('收起筛选') })).toBeTruthy();
  });

  it('is a table on a desk, every filter in view', async () => {
    renderScreen(<OrdersPage />, '/orders');
    // Found by its text: role queries over a whole table are slow on a busy machine.
    const number = await screen.findByText('LS202601020007', undefined, { timeout: 10_000 });
    expect(number.closest('td')).not.toBeNull();
    expect(screen.queryByTestId('order-card')).toBeNull();
    expect(screen.queryByRole('button', { name: buttonName('更多筛选') })).toBeNull();
  });
});
