import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { InvoiceType } from '@labshop/shared';
import type { Address, ComplianceCheck, Invoice, Quote } from '@labshop/shared/schemas';
import { toastError, toastSuccess } from '@/lib/toast';
import { QuoteDetail } from './quote-detail';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const address: Address = {
  id: 7,
  name: '王工',
  phone: '13800000000',
  region: JSON.stringify({
    province: { key: '440000', value: '广东省' },
    city: { key: '440300', value: '深圳市' },
    area: { key: '440305', value: '南山区' },
  }),
  address: '科技园南区 8 栋 301',
  isDefault: true,
};

const noInvoice: Invoice = {
  invoiceType: InvoiceType.NONE,
  invoiceHeader: '',
  invoiceEmail: '',
  taxpayerNumber: '',
  registerAddress: '',
  registerTelephone: '',
  bankName: '',
  bankAccount: '',
};

const line = (id: number, materialId: number, name: string, pack: string) => ({
  id,
  materialId,
  productId: materialId * 10,
  name,
  number: `N-${id}`,
  brandName: '国药',
  cas: '7697-37-2',
  pack,
  listPrice: 50,
  unitPrice: 45,
  quantity: 2,
  amount: 90,
});

const quote: Quote = {
  id: 5,
  number: 'Q202612010001',
  status: 'quoted',
  remark: '',
  staffRemark: '',
  validUntil: null,
  orderId: null,
  createTime: 1_764_547_200_000,
  quotedAt: 1_764_547_200_000,
  goodsAmount: 180,
  freight: 0,
  amount: 180,
  lines: [line(1, 30, '硝酸', '500mL'), line(2, 40, '无水乙醇', '500mL')],
};

const check = (materialId: number, needsPurpose: boolean) => ({
  materialId,
  blocked: false,
  message: '',
  needs: [],
  needsPurpose,
  holderDiffers: false,
  org: null,
});

let calls: { method: string; url: string; body: unknown }[];
/** What POST /client/v1/user/qualifications/check answers. */
let checks: ComplianceCheck;

beforeEach(() => {
  calls = [];
  checks = [check(30, true), check(40, false)];
  vi.mocked(toastError).mockReset();
  vi.mocked(toastSuccess).mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const data = url.endsWith('/client/v1/user/address')
        ? [address]
        : url.endsWith('/client/v1/user/invoice')
          ? noInvoice
          : url.endsWith('/client/v1/user/qualifications/check')
            ? checks
            : url.endsWith('/client/v1/quotes/5/order')
              ? { order: { id: 77 }, bankTransfer: null }
              : null;
      return Promise.resolve(apiAnswer(data));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderQuote() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/quote/5']}>
        <Routes>
          <Route path="/quote/5" element={<QuoteDetail quote={quote} />} />
          <Route path="/order/:id" element={<p>订单详情页</p>} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const orders = () => calls.filter((c) => c.url.endsWith('/client/v1/quotes/5/order'));

describe('QuoteDetail ordering', () => {
  it('checks the quote lines and asks the stated use of its 易制爆 line only', async () => {
    renderQuote();
    expect(await screen.findByLabelText('用途：硝酸 500mL')).toBeTruthy();
    expect(screen.queryByLabelText('用途：无水乙醇 500mL')).toBeNull();
    const asked = calls.find((c) => c.url.endsWith('/client/v1/user/qualifications/check'));
    expect(asked?.body).toEqual({
      lines: [
        { materialId: 30, quantity: 2 },
        { materialId: 40, quantity: 2 },
      ],
    });
  });

  it('refuses to send the order without the stated use', async () => {
    const user = userEvent.setup();
    renderQuote();
    await screen.findByLabelText('用途：硝酸 500mL');
    await user.click(screen.getByRole('button', { name: '按报价提交订单' }));
    expect(toastError).toHaveBeenCalledWith('请填写「硝酸 500mL」的用途');
    expect(orders()).toHaveLength(0);
  });

  it('sends the stated use of the 易制爆 line with the order', async () => {
    const user = userEvent.setup();
    renderQuote();
    await user.type(await screen.findByLabelText('用途：硝酸 500mL'), ' 金属样品消解 ');
    await user.click(screen.getByRole('button', { name: '按报价提交订单' }));
    expect(await screen.findByText('订单详情页')).toBeTruthy();
    expect(toastError).not.toHaveBeenCalled();
    expect(orders()).toHaveLength(1);
    expect(orders()[0]?.body).toMatchObject({
      deliveryUsername: '王工',
      payType: 1,
      purposes: [{ materialId: 30, purpose: '金属样品消解' }],
    });
  });

  it('sends no purposes when no line is 易制爆', async () => {
    checks = [check(30, false), check(40, false)];
    const user = userEvent.setup();
    renderQuote();
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/client/v1/user/qualifications/check'))).toBe(true),
    );
    await user.click(await screen.findByRole('button', { name: '按报价提交订单' }));
    expect(await screen.findByText('订单详情页')).toBeTruthy();
    expect(screen.queryByText('易制爆危险化学品用途')).toBeNull();
    expect(orders()[0]?.body).toMatchObject({ purposes: [] });
  });
});
