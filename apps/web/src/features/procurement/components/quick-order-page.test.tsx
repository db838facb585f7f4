import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { QuickPreviewLine } from '@labshop/shared/schemas';
import { setBuyingFor } from '@/lib/buying-for';
import { saveSession } from '@/lib/session';
import { QuickOrderPage } from './quick-order-page';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const line = (n: number, extra: Partial<QuickPreviewLine>): QuickPreviewLine => ({
  line: n,
  text: `YF1100${n} 1`,
  msg: '',
  quantity: 1,
  materialId: n * 10,
  productId: n * 100,
  name: `标准品${n}`,
  number: `YF1100${n}`,
  pack: '20mg',
  userPrice: 600,
  stock: 5,
  ...extra,
});

let sentOrg: (string | null)[];

beforeEach(() => {
  sentOrg = [];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sentOrg.push(new Headers(init.headers).get('X-Org-Id'));
      const data = url.endsWith('/client/v1/cart/quick/preview')
        ? [line(1, { contractPrice: 480 }), line(2, {})]
        : null;
      return Promise.resolve(apiAnswer(data));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

describe('QuickOrderPage', () => {
  it("shows the preview's 合同价 for the organization the member buys for", async () => {
    saveSession({ token: 't', exp: Date.now() + 60_000, name: '张三', account: '13800000001' });
    setBuyingFor(3);
    render(
      <QueryClientProvider client={new QueryClient()}>
        <MemoryRouter>
          <QuickOrderPage />
        </MemoryRouter>
      </QueryClientProvider>,
    );
    const user = userEvent.setup();
    await user.type(screen.getByRole('textbox'), 'YF11001 1');
    await user.click(screen.getByRole('button', { name: '识别商品' }));
    const rows = within(await screen.findByTestId('quick-preview'))
      .getAllByRole('row')
      .slice(1);
    expect(sentOrg).toContain('3');
    expect(within(rows[0]!).getByTestId('contract-price').textContent).toContain('合同价￥480.00');
    expect(rows[0]!.querySelector('del')?.textContent).toBe('￥600.00');
    expect(within(rows[1]!).queryByTestId('contract-price')).toBeNull();
    expect(rows[1]!.textContent).toContain('￥600.00');
  });
});
