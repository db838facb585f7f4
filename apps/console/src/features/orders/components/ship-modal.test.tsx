import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageOrderDetail, OrderPackages } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { button, renderScreen } from '@/test-utils';
import type { OrderStocks } from '../api/get-order-stocks';
import { ShipModal } from './ship-modal';

/**
 * The ship dialog's proposals (docs/console.md, "Orders"): a warehouse for every line before
 * anyone taps, the lot each line ships first with its expiry in full, and one choice that moves
 * every line to another warehouse.
 */
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn() },
}));

const BEIJING = 1;
const SHANGHAI = 2;

const goods = (i: number) => ({
  id: 100 + i,
  productId: i,
  materialId: 20 + i,
  name: `标准品${i}`,
  number: `STD-${i}`,
  brandName: '',
  cas: '',
  pack: '1mL',
  image: '',
  price: 10,
  quantityPurchase: 2,
  quantityShipped: 0,
});

const order = (lines: number): ManageOrderDetail =>
  ({
    id: 7,
    number: 'NO7',
    status: 2,
    payStatus: 2,
    goodsList: Array.from({ length: lines }, (_, i) => goods(i + 1)),
    deliveries: [],
  }) as unknown as ManageOrderDetail;

/** 上海仓 holds two of every pack in `full`; 北京仓 one of each of the first pack only. */
function stocks(lines: number, full = lines): OrderStocks {
  const lots = Array.from({ length: lines }, (_, i) => i + 1).flatMap((i) => [
    ...(i <= full
      ? [
          {
            materialId: 20 + i,
            storeId: SHANGHAI,
            lotNumber: `SH-${i}`,
            expire: '2027-06-30',
            quantity: 2,
          },
        ]
      : []),
    ...(i === 1
      ? [{ materialId: 21, storeId: BEIJING, lotNumber: 'BJ-1', expire: '2026-12-31', quantity: 1 }]
      : []),
  ]);
  return {
    stores: [
      { id: BEIJING, name: '北京仓' },
      { id: SHANGHAI, name: '上海仓' },
    ],
    stocks: lots.map((l) => ({ materialId: l.materialId, storeId: l.storeId, count: l.quantity })),
    lots,
    shortBefore: '',
    minShelfLifeMonths: 0,
  };
}

beforeEach(() => {
  vi.clearAllMocks();
  saveSession({ token: 't', name: '仓库', account: 'warehouse', roles: ['warehouse'] });
  vi.mocked(api.post).mockResolvedValue({ id: 9 });
  labelled = [];
  packages = { restricted: false, packages: [] };
});

afterEach(() => {
  cleanup();
  clearSession();
});

/** The order's lines of hazardous products (GET /manage/v1/orders/{id}/labels). */
let labelled: { orderGoodsId: number; productId: number; materialId: number }[] = [];

/** The order's packages by shipping class (GET /manage/v1/orders/{id}/packages). */
let packages: OrderPackages = { restricted: false, packages: [] };

const open = async (lines: number, answer: OrderStocks) => {
  vi.mocked(api.get).mockImplementation((url: string) =>
    Promise.resolve(
      url.endsWith('/labels') ? labelled : url.endsWith('/packages') ? packages : answer,
    ),
  );
  renderScreen(<ShipModal order={order(lines)} open onClose={vi.fn()} />);
  return screen.findAllByTestId('ship-line');
};

const fillParcel = () => {
  fireEvent.change(screen.getByLabelText('快递公司'), { target: { value: '顺丰速运' } });
  fireEvent.change(screen.getByLabelText('快递单号'), { target: { value: 'SF1' } });
};

const sentGoods = () =>
  (vi.mocked(api.post).mock.calls[0]?.[1] as { goods: { storeId: number }[] }).goods;

describe('the ship dialog', () => {
  it('ships five lines from the warehouse that holds them all, with no tap per line', async () => {
    const user = userEvent.setup({ delay: null });
    const lines = await open(5, stocks(5));
    expect(lines).toHaveLength(5);
    fillParcel();
    await user.click(button('确定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.post).mock.calls[0]?.[0]).toBe('/manage/v1/orders/7/deliveries');
    expect(sentGoods()).toEqual(
      Array.from({ length: 5 }, (_, i) => ({
        orderGoodsId: 101 + i,
        quantity: 2,
        storeId: SHANGHAI,
      })),
    );
  });

  it('proposes per line where no warehouse holds everything, and the only one when there is one', async () => {
    // 上海仓 holds lines 1 and 2, nobody line 3: line 3 falls back to the first warehouse.
    const user = userEvent.setup({ delay: null });
    await open(3, stocks(3, 2));
    fillParcel();
    await user.click(button('确定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(sentGoods().map((g) => g.storeId)).toEqual([SHANGHAI, SHANGHAI, BEIJING]);
  });

  it('names the lot each line ships first and its expiry in full', async () => {
    const [line] = await open(1, stocks(1));
    // 上海仓 (two units) is proposed over 北京仓 (one), and FEFO takes its first lot.
    expect(within(line!).getByTestId('ship-line-lot').textContent).toBe(
      '按效期先出，先发批号 SH-1，有效期至 2027-06-30',
    );
  });

  it('moves every line to one warehouse with one choice, back to first-expiring lots', async () => {
    const user = userEvent.setup({ delay: null });
    await open(2, stocks(2));
    await user.click(screen.getByLabelText('全部商品的发货仓库'));
    await user.click(await screen.findByTitle('北京仓'));
    fillParcel();
    await user.click(button('确定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(sentGoods().map((g) => g.storeId)).toEqual([BEIJING, BEIJING]);
  });

  it('offers no all-lines choice for one line or one warehouse', async () => {
    await open(1, stocks(1));
    expect(screen.queryByLabelText('全部商品的发货仓库')).toBeNull();
  });

  it('offers the safety label of a hazardous line for the lot it ships, and none for the others', async () => {
    labelled = [{ orderGoodsId: 102, productId: 2, materialId: 22 }];
    const user = userEvent.setup({ delay: null });
    const lines = await open(2, stocks(2));
    expect(within(lines[0] as HTMLElement).queryByText(/打印安全标签/)).toBeNull();
    const print = await within(lines[1] as HTMLElement).findByText('打印安全标签（批号 SH-2）');
    await user.click(print);
    expect(api.download).toHaveBeenCalledWith(
      '/manage/v1/products/2/label',
      { materialId: 22, lotNumber: 'SH-2' },
      '安全标签-STD-2-SH-2.pdf',
    );
  });

  it('ships one shipping class per package, with only the carriers its class allows', async () => {
    packages = {
      restricted: true,
      packages: [
        { shippingClass: 'normal', orderGoodsIds: [101], carriers: ['顺丰速运', '自提'] },
        { shippingClass: 'dangerous', orderGoodsIds: [102], carriers: ['危险品专线', '自提'] },
      ],
    };
    const user = userEvent.setup({ delay: null });
    const lines = await open(2, stocks(2));
    // The normal package first: its line only.
    expect(lines).toHaveLength(1);
    expect(screen.getByText('不同运输类别的商品不能同装一个包裹，请分开发货')).toBeTruthy();
    await user.click(screen.getByText('危险品（1 种商品）'));
    const dangerous = await screen.findAllByTestId('ship-line');
    expect(dangerous).toHaveLength(1);
    expect(within(dangerous[0]!).getByText('标准品2 1mL')).toBeTruthy();
    fillParcel();
    await user.click(button('确定'));
    expect(
      await screen.findByText('危险品包裹只能由以下承运商发运：危险品专线、自提'),
    ).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('快递公司'), { target: { value: '危险品专线' } });
    await user.click(button('确定'));
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.post).mock.calls[0]?.[1]).toMatchObject({
      carrier: '危险品专线',
      goods: [{ orderGoodsId: 102, quantity: 2, storeId: SHANGHAI }],
    });
  });
});
