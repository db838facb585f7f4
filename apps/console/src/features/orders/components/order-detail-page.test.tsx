import { Route, Routes } from 'react-router';
import { cleanup, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ROLES, mayTake, type StaffAction } from '@labshop/shared';
import type { ManageOrderDetail } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { buttonName, renderScreen } from '@/test-utils';
import OrderDetailPage from './order-detail-page';

/**
 * The console half of the action matrix (docs/console.md, "Who may press what"): each role opens
 * an order in each state, and every action button shows exactly when ACTION_PERMISSION lets the
 * role take it. apps/server/test/action-permissions.test.ts is the server half: the same roles
 * taking the same actions are allowed exactly then.
 */
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn(), download: vi.fn() },
}));

const line = {
  id: 11,
  productId: 1,
  materialId: 21,
  name: '苯甲酸',
  number: 'BA-1',
  brandName: '',
  cas: '65-85-0',
  pack: '1g',
  image: '',
  price: 100,
  quantityPurchase: 2,
  quantityShipped: 0,
};

const order = (over: Partial<ManageOrderDetail>): ManageOrderDetail => ({
  id: 7,
  number: 'NO7',
  member: { id: 1, account: 'm', name: '会员', phone: '13900000000', company: '' },
  deliveryUsername: '王五',
  deliveryPhone: '13900000000',
  deliveryRegionCode: '110000,110100,110101',
  deliveryAddress: '测试路 8 号',
  goodsAmount: 200,
  freight: 0,
  amount: 200,
  count: 2,
  status: 1,
  payType: 1,
  payStatus: 1,
  createTime: Date.UTC(2026, 0, 2),
  poNumber: '',
  orgId: null,
  orgName: '',
  budgetCode: '',
  approval: { status: 'none', steps: [] },
  lineShipping: [],
  userRemark: '',
  invoiceType: 1,
  invoiceCompanyName: '某研究所',
  invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
  invoiceEmail: 'fp@example.com',
  invoiceRegisteredAddress: '',
  invoiceRegistrationTelephone: '',
  invoiceDepositBank: '',
  invoiceBankAccountNumber: '',
  invoiceNumber: '',
  invoiceIssuedAt: null,
  version: 1_767_225_600_000,
  transferReference: 'NO7',
  paidAt: null,
  cancelledAt: null,
  cancelReason: '',
  goodsList: [line],
  payments: [],
  refundedAmount: 0,
  refunds: [],
  deliveries: [],
  history: [],
  ...over,
});

const shipped = {
  id: 31,
  carrier: '顺丰速运',
  trackingNumber: 'SF1',
  createTime: Date.UTC(2026, 0, 3),
  goods: [
    {
      orderGoodsId: 11,
      name: '苯甲酸',
      pack: '1g',
      quantity: 1,
      storeId: 1,
      storeName: '北京仓',
      lotNumber: null,
      expire: null,
    },
  ],
  track: [],
  shortExpiryConfirmed: false,
  cancelledAt: null,
  cancelReason: '',
};

/** Each order state, and the buttons that state offers with the action each one takes. */
const STATES: Array<{ name: string; order: ManageOrderDetail; buttons: [string, StaffAction][] }> =
  [
    {
      name: 'unpaid, not yet priced (待确认)',
      order: order({ amount: null, goodsAmount: null, freight: null }),
      buttons: [
        ['定价', 'order.price'],
        ['修改订单', 'order.edit'],
        ['取消订单', 'order.cancelUnpaid'],
      ],
    },
    {
      name: 'unpaid bank transfer',
      order: order({}),
      buttons: [
        ['修改订单', 'order.edit'],
        ['确认收款', 'order.confirmPayment'],
        ['取消订单', 'order.cancelUnpaid'],
      ],
    },
    {
      name: 'paid by balance, to ship',
      order: order({ status: 2, payType: 4, payStatus: 2, paidAt: Date.UTC(2026, 0, 2) }),
      buttons: [
        ['发货', 'order.ship'],
        ['登记开票', 'order.invoice'],
        ['上传电子发票', 'order.fapiao'],
        ['部分退款', 'order.refund'],
        ['取消订单', 'order.cancelPaid'],
      ],
    },
    {
      name: 'one package shipped',
      order: order({
        status: 3,
        payType: 4,
        payStatus: 2,
        paidAt: Date.UTC(2026, 0, 2),
        goodsList: [{ ...line, quantityShipped: 1 }],
        deliveries: [shipped],
      }),
      buttons: [
        ['发货', 'order.ship'],
        ['完成订单', 'order.complete'],
        ['登记开票', 'order.invoice'],
        ['上传电子发票', 'order.fapiao'],
        ['部分退款', 'order.refund'],
        ['添加物流记录', 'order.track'],
        ['撤销发货', 'order.cancelDelivery'],
      ],
    },
  ];

/** Every action button the page may show, to find the ones a state must not offer. */
const ALL_BUTTONS = [...new Set(STATES.flatMap((s) => s.buttons.map(([text]) => text)))];

const shown = (text: string) =>
  screen
    .queryAllByText(buttonName(text))
    .some((el) => el.closest('button') !== null && el.closest('.ant-modal') === null);

beforeEach(() => {
  vi.clearAllMocks();
  vi.stubGlobal(
    'fetch',
    vi.fn(() => Promise.resolve(new Response(JSON.stringify({ '110101': '东城区' })))),
  );
});
afterEach(() => {
  // Unmounted first: a session change must not render a screen the test has left.
  cleanup();
  clearSession();
  vi.unstubAllGlobals();
});

describe('order detail: each role sees exactly the buttons it may press', () => {
  for (const state of STATES) {
    for (const role of ROLES) {
      it(`${state.name}, as ${role}`, async () => {
        saveSession({ token: 't', name: role, account: role, roles: [role] });
        vi.mocked(api.get).mockImplementation((path: string) =>
          Promise.resolve(
            path === `/manage/v1/orders/${state.order.id}`
              ? state.order
              : { transactions: [], calls: [], refunds: [] },
          ),
        );
        renderScreen(
          <Routes>
            <Route path="/orders/:id" element={<OrderDetailPage />} />
          </Routes>,
          `/orders/${state.order.id}`,
        );
        await screen.findByTestId('order-number');
        const expected = state.buttons
          .filter(([, action]) => mayTake([role], action))
          .map(([text]) => text);
        expect(ALL_BUTTONS.filter(shown).sort()).toEqual(expected.sort());
      });
    }
  }
});
