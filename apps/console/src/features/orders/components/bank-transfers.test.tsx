import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageOrder, ManageOrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { button, renderScreen } from '@/test-utils';
import { MergedPaymentButton } from './merged-payment';
import { PaymentModal } from './payment-modal';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

beforeEach(() => {
  vi.clearAllMocks();
  // The real session: the button shows from ACTION_PERMISSION for this role.
  saveSession({ token: 't', name: '财务', account: 'finance', roles: ['finance'] });
  vi.mocked(api.post).mockImplementation(async (_path: string, vars?: unknown) => ({
    id: 1,
    amount: 0,
    reference: '',
    payer: '',
    orders: ((vars as { orderIds?: number[] } | undefined)?.orderIds ?? []).map((id) => ({
      id,
      number: `N${id}`,
      amount: 0,
    })),
  }));
});

const listed = (id: number, amount: number | null, over: Partial<ManageOrder> = {}) =>
  ({
    id,
    number: `L20260101${id}`,
    member: { id: 1, account: 'a', name: '张三', phone: '', company: '某检测公司' },
    amount,
    status: 1,
    payStatus: 1,
    payType: 1,
    ...over,
  }) as ManageOrder;

/** Form checks run after antd's debounce; jsdom on a busy machine is slow. */
const SLOW = { timeout: 5000 };

const typeInto = (label: string, value: string) =>
  fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('合并确认收款', () => {
  it('is offered only for two or more unpaid, priced bank-transfer orders', () => {
    const { unmount } = renderScreen(
      <MergedPaymentButton orders={[listed(1, 100)]} onDone={() => undefined} />,
    );
    expect(button('合并确认收款（1）').disabled).toBe(true);
    unmount();
    renderScreen(
      <MergedPaymentButton
        orders={[listed(1, 100), listed(2, 50, { payType: 4 })]}
        onDone={() => undefined}
      />,
    );
    expect(button('合并确认收款（2）').disabled).toBe(true);
  });

  it('shows the total and sends one transfer for the selected orders', async () => {
    const user = userEvent.setup({ delay: null });
    const onDone = vi.fn();
    renderScreen(
      <MergedPaymentButton orders={[listed(1, 1200), listed(2, 300.5)]} onDone={onDone} />,
    );
    await user.click(button('合并确认收款（2）'));
    expect((await screen.findByTestId('merged-total')).textContent).toContain('￥1500.50');
    typeInto('到账金额（元）', '1500.5');
    typeInto('转账附言/流水号', 'L202601011 货款');
    // The note names one order only: the dialog says which is missing.
    expect(await screen.findByText(/附言未包含订单 L202601012/)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: '备注不符，仍确认收款' }));
    await screen.findByLabelText('原因', {}, SLOW);
    await user.click(button('确定'));
    expect(await screen.findByText('请填写备注不符仍确认收款的原因', {}, SLOW)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    typeInto('原因', '客户来电确认合并支付');
    await user.click(button('确定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/payments/bank-transfers', {
      amount: 1500.5,
      reference: 'L202601011 货款',
      payer: '',
      orderIds: [1, 2],
      overrideReason: '客户来电确认合并支付',
    });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });
});

describe('确认收款 with a note that does not match', () => {
  const order = {
    id: 9,
    number: 'L2026010109',
    version: 1_767_225_600_000,
    transferReference: 'L2026010109',
    amount: 820,
  } as ManageOrderDetail;

  it('needs the note unless overridden, then a reason', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<PaymentModal order={order} open onClose={() => undefined} />);
    typeInto('到账金额（元）', '820');
    await user.click(button('确定'));
    expect(await screen.findByText('请输入转账附言/参考号', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('switch', { name: '备注不符，仍确认收款' }));
    await screen.findByLabelText('原因', {}, SLOW);
    await user.click(button('确定'));
    expect(await screen.findByText('请填写备注不符仍确认收款的原因', {}, SLOW)).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    typeInto('原因', '银行回单无附言');
    await user.click(button('确定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/orders/9/payment', {
      amount: 820,
      reference: '',
      override: true,
      overrideReason: '银行回单无附言',
    });
    // The success message renders in a root of its own: let it, while the window exists.
    expect(await screen.findByText('已确认收款', {}, SLOW)).toBeTruthy();
  });
});
