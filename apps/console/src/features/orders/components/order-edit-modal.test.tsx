import { useState } from 'react';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { saveSession } from '@/lib/session';
import { button, buttonName, renderScreen } from '@/test-utils';
import { EditOrderButton, previewTotal } from './order-edit-modal';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

beforeEach(() => {
  vi.clearAllMocks();
  // The real session: the button shows from ACTION_PERMISSION for this role.
  saveSession({ token: 't', name: '运营', account: 'operator', roles: ['operator'] });
  vi.mocked(api.put).mockResolvedValue({ goodsAmount: 200, freight: 20, amount: 220 });
});

const line = (id: number, name: string, price: number | null, quantityPurchase: number) => ({
  id,
  productId: id,
  materialId: id,
  name,
  number: `N${id}`,
  brandName: '',
  cas: '',
  pack: '500mL',
  image: '',
  price,
  quantityPurchase,
  quantityShipped: 0,
});

const order = (over: Partial<ManageOrderDetail> = {}) =>
  ({
    id: 9,
    status: 1,
    payStatus: 1,
    goodsAmount: 800,
    freight: 20,
    amount: 820,
    version: 1000,
    goodsList: [line(1, '甲醇', 100, 3), line(2, '乙腈', 250, 2)],
    ...over,
  }) as ManageOrderDetail;

describe('previewTotal', () => {
  it("adds the shop's freight rule, or the freight staff typed", () => {
    expect(previewTotal([{ quantity: 2, price: 99.5 }], undefined)).toBe(219);
    expect(previewTotal([{ quantity: 10, price: 100 }], null)).toBe(1000);
    expect(previewTotal([{ quantity: 1, price: 10 }], 0)).toBe(10);
  });

  it('shows nothing while a value would be refused', () => {
    expect(previewTotal([{ quantity: 1, price: 10.005 }], undefined)).toBeNull();
    expect(previewTotal([{ quantity: 0, price: 10 }], undefined)).toBeNull();
    expect(previewTotal([{ quantity: 1, price: 10 }], -1)).toBeNull();
    expect(previewTotal([], undefined)).toBeNull();
  });
});

describe('修改订单', () => {
  it('is offered only on an unpaid 待处理 order', () => {
    renderScreen(<EditOrderButton order={order({ payStatus: 2, status: 2 })} />);
    expect(screen.queryByText('修改订单')).toBeNull();
  });

  it('lowers a quantity, removes a line and sends the kept lines with their prices', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<EditOrderButton order={order()} />);
    await user.click(button('修改订单'));
    expect(await screen.findByTestId('order-edit-total')).toHaveProperty(
      'textContent',
      expect.stringContaining('820.00'),
    );
    fireEvent.change(screen.getByLabelText('甲醇 数量'), { target: { value: '2' } });
    const removeSecond = screen.getAllByText(buttonName('删除'))[1]?.closest('button');
    if (!removeSecond) throw new Error('no 删除 on the second line');
    await user.click(removeSecond);
    await waitFor(() =>
      expect(screen.getByTestId('order-edit-total').textContent).toContain('220.00'),
    );
    // The last line cannot be removed.
    expect(button('删除').disabled).toBe(true);
    await user.click(button('保存修改'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/manage/v1/orders/9', {
      goods: [{ orderGoodsId: 1, quantity: 2, price: 100 }],
      version: 1000,
    });
  });

  it('sends the version it was filled from, even when the detail reloads meanwhile', async () => {
    function DetailThatReloads() {
      const [shown, setShown] = useState(order());
      return (
        <>
          <button onClick={() => setShown(order({ version: 2000, amount: 500 }))}>reload</button>
          <EditOrderButton order={shown} />
        </>
      );
    }
    const user = userEvent.setup({ delay: null });
    renderScreen(<DetailThatReloads />);
    await user.click(button('修改订单'));
    await screen.findByTestId('order-edit-total');
    // A colleague's change arrives while the dialog is open: the server must see the old version.
    fireEvent.click(screen.getByText('reload'));
    await user.click(button('保存修改'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.put).mock.calls[0]?.[1]).toMatchObject({ version: 1000 });
  });

  it("refuses a price of more than two decimals with the server's message", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<EditOrderButton order={order()} />);
    await user.click(button('修改订单'));
    fireEvent.change(await screen.findByLabelText('乙腈 单价'), { target: { value: '1.005' } });
    await user.click(button('保存修改'));
    expect(await screen.findByText('金额最多两位小数')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });
});
