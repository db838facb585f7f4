import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Shipment } from '@labshop/shared/schemas';
import { Logistics } from './logistics';
import { apiAnswer } from '@/test-answers';

type Goods = Shipment['goods'][number];

const goods = (id: number, extra: Partial<Goods> = {}): Goods => ({
  id,
  productId: id * 10,
  name: `甲醇标准溶液${id}`,
  number: `N-${id}`,
  brandName: '坛墨',
  cas: '67-56-1',
  pack: '1mL',
  image: '',
  price: 100,
  quantityPurchase: 5,
  quantityShipped: 2,
  stocks: [{ storeId: 1, storeName: '北京仓', materialCount: 2 }],
  lotNumber: null,
  expire: null,
  coaUrl: null,
  ...extra,
});

let shipments: Shipment[];
let urls: string[];

beforeEach(() => {
  urls = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string) => {
      urls.push(url);
      return Promise.resolve(apiAnswer(shipments));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderLogistics() {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <Logistics orderId={7} />
    </QueryClientProvider>,
  );
}

const pkg = {
  id: 1,
  company: '顺丰速运',
  trackingNumber: 'SF1234567890',
  track: JSON.stringify([{ context: '已签收', ftime: '2026-05-02 10:00:00' }]),
};

describe('Logistics', () => {
  it("shows each shipped line's lot, expiry and certificate link", async () => {
    shipments = [
      {
        ...pkg,
        goods: [
          // One order line split over two lots: the same order goods id twice.
          goods(3, {
            quantityShipped: 1,
            lotNumber: 'L2401',
            expire: '2027-03-31',
            coaUrl: '/files/coa/l2401.pdf?sig=abc',
          }),
          goods(3, { quantityShipped: 2, lotNumber: 'L2402', expire: '2027-09-30' }),
        ],
      },
    ];
    renderLogistics();
    const lines = await screen.findAllByTestId('package-goods');
    expect(urls[0]).toContain('/client/v1/user/orders/7/deliveries');
    expect(lines).toHaveLength(2);
    const [first, second] = lines as [HTMLElement, HTMLElement];
    expect(first.textContent).toContain('甲醇标准溶液3 · 1mL · 发货 1');
    expect(first.textContent).toContain('批号 L2401');
    expect(first.textContent).toContain('有效期至 2027-03-31');
    const link = within(first).getByRole('link', { name: '查看证书' });
    expect(link.getAttribute('href')).toBe('/files/coa/l2401.pdf?sig=abc');
    expect(link.getAttribute('target')).toBe('_blank');
    expect(link.getAttribute('rel')).toContain('noopener');
    expect(second.textContent).toContain('批号 L2402');
    expect(second.textContent).toContain('有效期至 2027-09-30');
    expect(within(second).queryByRole('link')).toBeNull();
  });

  it('shows a lot without expiry by its number only', async () => {
    shipments = [{ ...pkg, goods: [goods(4, { lotNumber: '未分批' })] }];
    renderLogistics();
    const [line] = await screen.findAllByTestId('package-goods');
    expect(line?.textContent).toContain('批号 未分批');
    expect(line?.textContent).not.toContain('有效期至');
  });

  it('adds nothing to lines shipped before lots', async () => {
    shipments = [{ ...pkg, goods: [goods(5)] }];
    renderLogistics();
    const [line] = await screen.findAllByTestId('package-goods');
    expect(line?.textContent).toBe('甲醇标准溶液5 · 1mL · 发货 2 （北京仓）');
    expect(screen.queryByText(/批号|有效期至/)).toBeNull();
    expect(screen.queryByRole('link', { name: '查看证书' })).toBeNull();
    expect(screen.getByText('运单号：SF1234567890')).toBeTruthy();
    expect(screen.getByText('已签收')).toBeTruthy();
  });
});
