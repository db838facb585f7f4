import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageOrder } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { button, renderScreen } from '@/test-utils';
import { BulkShipButton } from './bulk-ship-modal';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const order = (id: number, status: number): ManageOrder => ({
  id,
  number: `NO${id}`,
  member: { id: 1, account: 'm', name: '会员', phone: '' } as ManageOrder['member'],
  deliveryUsername: `收货人${id}`,
  deliveryPhone: '13900000000',
  deliveryRegionCode: '',
  deliveryAddress: '',
  goodsAmount: 100,
  freight: 0,
  amount: 100,
  count: 1,
  status,
  payType: 1,
  payStatus: 2,
  createTime: 0,
  poNumber: '',
});

beforeEach(() => {
  vi.clearAllMocks();
  saveSession({ token: 't', name: '仓库', account: 'warehouse', roles: ['warehouse'] });
  vi.mocked(api.get).mockResolvedValue([{ id: 5, name: '北京仓' }]);
  vi.mocked(api.post).mockResolvedValue({
    shipped: [{ orderId: 1, number: 'NO1', deliveryId: 9 }],
    failed: [{ orderId: 2, number: 'NO2', reason: '北京仓库存不足：苯甲酸 1mL' }],
  });
});

afterEach(() => {
  // Unmounted first: a session change must not render a screen the test has left.
  cleanup();
  clearSession();
});

describe('批量发货', () => {
  it('takes only the selected 待发货 orders, sends a tracking number each and shows every outcome', async () => {
    const user = userEvent.setup({ delay: null });
    const onDone = vi.fn();
    renderScreen(
      <BulkShipButton selected={[order(1, 2), order(2, 2), order(3, 1)]} onDone={onDone} />,
    );
    await user.click(button('批量发货（2）'));
    expect(await screen.findByText('批量发货（2 个订单）')).toBeTruthy();
    expect(screen.queryByLabelText('NO3 快递单号')).toBeNull();

    await user.click(button('确定发货'));
    expect(await screen.findByText('请选择发货仓库')).toBeTruthy();
    expect(screen.getAllByText('请输入快递单号')).toHaveLength(2);
    expect(api.post).not.toHaveBeenCalled();

    await user.click(screen.getByLabelText('发货仓库'));
    await user.click(await screen.findByTitle('北京仓'));
    fireEvent.change(screen.getByLabelText('快递公司'), { target: { value: '顺丰速运' } });
    fireEvent.change(screen.getByLabelText('NO1 快递单号'), { target: { value: 'SF1' } });
    fireEvent.change(screen.getByLabelText('NO2 快递单号'), { target: { value: 'SF2' } });
    await user.click(button('确定发货'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/orders/bulk/deliveries', {
      storeId: 5,
      carrier: '顺丰速运',
      orders: [
        { orderId: 1, trackingNumber: 'SF1' },
        { orderId: 2, trackingNumber: 'SF2' },
      ],
    });

    expect(await screen.findByText('已发货 1 个订单')).toBeTruthy();
    expect(screen.getByText('1 个订单未能发货')).toBeTruthy();
    expect(screen.getByText('北京仓库存不足：苯甲酸 1mL', { exact: false })).toBeTruthy();
    await user.click(button('关闭'));
    expect(onDone).toHaveBeenCalled();
  });

  it('is disabled while no selected order is 待发货', () => {
    renderScreen(<BulkShipButton selected={[order(3, 1)]} onDone={vi.fn()} />);
    expect(button('批量发货').disabled).toBe(true);
  });

  it('is not there for staff who may not ship (the operator, finance)', () => {
    for (const roles of [['operator'], ['finance']]) {
      saveSession({ token: 't', name: '员工', account: roles[0]!, roles });
      const { unmount } = renderScreen(
        <BulkShipButton selected={[order(1, 2)]} onDone={vi.fn()} />,
      );
      expect(screen.queryByText(/批量发货/)).toBeNull();
      unmount();
    }
  });
});
