import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { button, renderScreen } from '@/test-utils';
import { PartialRefundButton } from './partial-refund-modal';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

/** A paid balance order of ¥100, ¥30 of it refunded; only the fields the dialog reads. */
const order = (patch: Partial<ManageOrderDetail> = {}) =>
  ({
    id: 7,
    number: 'NO7',
    member: { id: 3, account: 'm', name: '会员', phone: '', company: '' },
    amount: 100,
    status: 2,
    payType: 4,
    payStatus: 2,
    refundedAmount: 30,
    refunds: [{ amount: 30, reason: '缺货', createTime: 0 }],
    ...patch,
  }) as ManageOrderDetail;

const asFinance = () =>
  saveSession({ token: 't', name: '财务', account: 'fin', roles: ['finance'] });

afterEach(() => {
  // Unmounted first: a session change must not render a screen the test has left.
  cleanup();
  clearSession();
  vi.clearAllMocks();
});

describe('部分退款', () => {
  it('is offered to staff with refunds on a paid balance or bank order with money left', () => {
    saveSession({ token: 't', name: '运营', account: 'op', roles: ['operator'] });
    const { unmount } = renderScreen(<PartialRefundButton order={order()} />);
    expect(screen.queryByText('部分退款')).toBeNull();
    unmount();

    asFinance();
    const refused: Partial<ManageOrderDetail>[] = [
      { payType: 2 }, // WeChat Pay: 原路退款 instead
      { payStatus: 1, status: 1 },
      { status: 5, payStatus: 3 },
      { refundedAmount: 100 },
    ];
    for (const patch of refused) {
      const view = renderScreen(<PartialRefundButton order={order(patch)} />);
      expect(screen.queryByText('部分退款'), JSON.stringify(patch)).toBeNull();
      view.unmount();
    }
    renderScreen(<PartialRefundButton order={order({ payType: 1, status: 4 })} />);
    expect(button('部分退款')).toBeTruthy();
  });

  it('shows what may still go back and refuses more, or more than two decimals, before sending', async () => {
    asFinance();
    vi.mocked(api.post).mockResolvedValue({ amount: 20 });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PartialRefundButton order={order()} />);
    await user.click(button('部分退款'));
    expect((await screen.findByTestId('refundable-amount')).textContent).toBe(
      '可退金额 ￥70.00（实付 ￥100.00，已退 ￥30.00）',
    );

    const amount = screen.getByLabelText('退款金额（元）');
    fireEvent.change(screen.getByLabelText('退款原因'), { target: { value: '少发一瓶' } });
    fireEvent.change(amount, { target: { value: '70.01' } });
    await user.click(button('确认退款'));
    expect(await screen.findByText('退款金额超出可退金额')).toBeTruthy();
    fireEvent.change(amount, { target: { value: '1.005' } });
    await user.click(button('确认退款'));
    expect(await screen.findByText('金额最多两位小数')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    fireEvent.change(amount, { target: { value: '20' } });
    await user.click(button('确认退款'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manage/v1/orders/7/refunds', {
        amount: 20,
        reason: '少发一瓶',
      }),
    );
    expect(await screen.findByText('退款成功')).toBeTruthy();
  });
});
