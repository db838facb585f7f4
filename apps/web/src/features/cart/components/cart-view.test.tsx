import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Address, CartLine } from '@labshop/shared/schemas';
import { setBuyingFor } from '@/lib/buying-for';
import { clearSession, markPunchout, saveSession } from '@/lib/session';
import { readSelectedCartIds, writeSelectedCartIds } from '@/lib/storage';
import { toastError, toastSuccess } from '@/lib/toast';
import { CartView } from './cart-view';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const line = (id: number, userPrice: number | null, quantity: number): CartLine => ({
  id,
  materialId: id * 10,
  productId: id * 100,
  name: `标准品${id}`,
  number: `N-${id}`,
  brandName: '坛墨',
  cas: '50-00-0',
  pack: '1mL',
  price: 100,
  userPrice,
  quantity,
  image: '',
  checked: false,
  expectedShipDate: null,
});

let calls: { method: string; url: string; body: unknown }[];
let userName: string;
/** What POST /client/v1/user/qualifications/check answers. */
let checks: unknown;
/** The member's address book (GET /client/v1/user/address). */
let addresses: Address[];
/** The preview's freight (a figure the browser could not make up), or its refusal. */
let serverFreight: number | string;
/** GET /client/v1/punchout/session: null outside a PunchOut session. */
let punchoutSession: unknown;
/** Member prices of the lines the preview is asked for, by cart line id. */
let prices: Map<number, { userPrice: number | null; quantity: number }>;

const ADDRESS: Address = {
  id: 7,
  name: '张三',
  phone: '13912345678',
  region: JSON.stringify({
    province: { key: '110000', value: '北京市' },
    city: { key: '110100', value: '北京市' },
    area: { key: '110101', value: '东城区' },
  }),
  address: '某路 1 号',
  isDefault: true,
};

/** POST /client/v1/orders/preview as the server answers it for the cart ids asked. */
function preview(body: { cartIds: number[] }) {
  const asked = body.cartIds.map((id) => prices.get(id)!);
  const pending = asked.some((l) => l.userPrice === null);
  const goods = asked.reduce((sum, l) => sum + (l.userPrice ?? 0) * l.quantity, 0);
  const freight = pending ? null : (serverFreight as number);
  return {
    packages: [],
    goodsAmount: pending ? null : goods,
    freight,
    amount: freight === null ? null : goods + freight,
  };
}

const previews = () => calls.filter((c) => c.url.endsWith('/client/v1/orders/preview'));

beforeEach(() => {
  calls = [];
  userName = '张三';
  checks = null;
  addresses = [ADDRESS];
  serverFreight = 35;
  punchoutSession = null;
  prices = new Map();
  vi.mocked(toastError).mockReset();
  vi.mocked(toastSuccess).mockReset();
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      const method = init.method ?? 'GET';
      calls.push({ method, url, body: init.body ? JSON.parse(init.body as string) : undefined });
      const body = init.body ? (JSON.parse(init.body as string) as { cartIds: number[] }) : null;
      if (url.endsWith('/client/v1/orders/preview') && typeof serverFreight === 'string') {
        return Promise.resolve(apiAnswer(null, { code: 1, msg: serverFreight, status: 400 }));
      }
      const data = url.endsWith('/client/v1/user/info')
        ? { name: userName }
        : url.includes('/client/v1/user/qualifications/check')
          ? checks
          : url.endsWith('/client/v1/user/address')
            ? addresses
            : url.endsWith('/client/v1/orders/preview')
              ? preview(body!)
              : url.endsWith('/client/v1/punchout/session')
                ? punchoutSession
                : null;
      return Promise.resolve(apiAnswer(data));
    }),
  );
});

afterEach(() => {
  vi.unstubAllGlobals();
});

/** A page of the test router that shows where it was reached. */
function Here({ name }: { name: string }) {
  const { pathname, search } = useLocation();
  return <p>{`${name} ${pathname}${search}`}</p>;
}

function renderCart(lines: CartLine[]) {
  prices = new Map(lines.map((l) => [l.id, { userPrice: l.userPrice, quantity: l.quantity }]));
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={['/cart']}>
        <Routes>
          <Route path="/cart" element={<CartView lines={lines} />} />
          <Route path="/confirm" element={<p>确认订单页</p>} />
          <Route path="/userinfo/:page" element={<Here name="个人信息页" />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const selectAll = () => screen.getAllByRole('checkbox', { name: '全选' });
const lineBox = (id: number) => screen.getByRole('checkbox', { name: `选择 标准品${id} 1mL` });
const figures = () =>
  ['cart-goods', 'cart-freight', 'cart-payable'].map((id) => screen.getByTestId(id).textContent);

describe('CartView', () => {
  const lines = [line(1, 300, 2), line(2, 150.5, 2), line(3, 10, 1)];

  it('lists every refused line with the documents it needs and a link to upload them', async () => {
    checks = [
      {
        materialId: 10,
        blocked: true,
        message: '「标准品1 1mL」须有购买备案证明',
        needs: ['business-licence', 'precursor-record'],
      },
      { materialId: 20, blocked: false, message: '' },
      { materialId: 30, blocked: true, message: '「标准品3 1mL」属于剧毒化学品，须有剧毒许可证' },
    ];
    renderCart(lines);
    const list = await screen.findByTestId('refused-lines');
    const items = within(list).getAllByTestId('refused-line');
    expect(items.map((i) => i.textContent)).toEqual([
      '标准品1 1mL：需要营业执照、第二类、第三类易制毒化学品购买备案证明',
      '标准品3 1mL：「标准品3 1mL」属于剧毒化学品，须有剧毒许可证',
    ]);
    const upload = within(list).getByRole('link', { name: '上传资质文件' });
    expect(upload.getAttribute('href')).toBe('/userinfo/1-5');
  });

  it('in a PunchOut session totals the whole cart, which goes back, ticked or not', async () => {
    saveSession({ token: 't', exp: Date.now() + 60_000, name: '', account: 'punchout-x' });
    markPunchout();
    punchoutSession = {
      protocol: 'cxml',
      buyerSystem: 'AN01000000001',
      orgName: '分析测试中心',
      operation: 'create',
      returnUrl: 'https://procure.example.com/return',
      enabled: true,
    };
    try {
      renderCart(lines);
      expect(await screen.findByTestId('punchout-return')).toBeTruthy();
      // 300 × 2 + 150.5 × 2 + 10 × 1, with nothing ticked.
      expect(screen.getByTestId('cart-returned-total').textContent).toContain('911.00');
      expect(screen.queryByTestId('cart-payable')).toBeNull();
      expect(screen.getByText(/整个购物车（3 种商品）将返回采购系统/)).toBeTruthy();
      expect(previews()).toEqual([]);
    } finally {
      clearSession({ toLogin: false });
    }
  });

  it('checks the lines for the organization the member buys for and links to its 单位资质', async () => {
    saveSession({ token: 't', exp: Date.now() + 60_000, name: '李同学', account: '13800000009' });
    setBuyingFor(7);
    const org = { id: 7, name: '王课题组' };
    checks = [
      { materialId: 10, blocked: true, message: '', needs: ['precursor-record'], org },
      { materialId: 20, blocked: false, message: '', org },
      { materialId: 30, blocked: false, message: '', org },
    ];
    try {
      renderCart(lines);
      const list = await screen.findByTestId('refused-lines');
      expect(list.textContent).toContain('以下商品须有单位「王课题组」的单位资质才能下单');
      const link = within(list).getByRole('link', { name: '查看单位「王课题组」的单位资质' });
      expect(link.getAttribute('href')).toBe('/userinfo/5-1?org=7&tab=documents');
      expect(within(list).queryByRole('link', { name: '上传资质文件' })).toBeNull();
      // Named as the request's organization, which the server honours for its members only.
      const sent = calls.filter((c) => c.url.includes('/client/v1/user/qualifications/check'));
      expect(sent.map((c) => c.url)).toEqual(['/client/v1/user/qualifications/check?orgId=7']);
      expect(sent[0]?.body).not.toHaveProperty('orgId');
    } finally {
      setBuyingFor(null);
      clearSession({ toLogin: false });
    }
  });

  it('shows no refusal list when every line is allowed', async () => {
    checks = lines.map((l) => ({ materialId: l.materialId, blocked: false, message: '' }));
    renderCart(lines);
    await waitFor(() =>
      expect(calls.some((c) => c.url.endsWith('/client/v1/user/qualifications/check'))).toBe(true),
    );
    expect(screen.queryByTestId('refused-lines')).toBeNull();
  });

  it('moves select-all through unchecked, indeterminate and checked and stores the choice', async () => {
    const user = userEvent.setup();
    renderCart(lines);
    for (const box of selectAll()) expect(box.getAttribute('aria-checked')).toBe('false');

    await user.click(lineBox(2));
    for (const box of selectAll()) expect(box.getAttribute('aria-checked')).toBe('mixed');
    expect(readSelectedCartIds()).toEqual([2]);

    await user.click(selectAll()[0]!);
    for (const id of [1, 2, 3]) expect(lineBox(id).getAttribute('aria-checked')).toBe('true');
    for (const box of selectAll()) expect(box.getAttribute('aria-checked')).toBe('true');
    expect(readSelectedCartIds()).toEqual([1, 2, 3]);

    await user.click(lineBox(3));
    for (const box of selectAll()) expect(box.getAttribute('aria-checked')).toBe('mixed');
    await user.click(selectAll()[1]!);
    expect(readSelectedCartIds()).toEqual([1, 2, 3]);
    await user.click(selectAll()[1]!);
    for (const id of [1, 2, 3]) expect(lineBox(id).getAttribute('aria-checked')).toBe('false');
    expect(readSelectedCartIds()).toEqual([]);
  });

  it("restores the stored choice and shows the server's freight for the default address", async () => {
    writeSelectedCartIds([2, 99]);
    const user = userEvent.setup();
    renderCart(lines);
    expect(lineBox(2).getAttribute('aria-checked')).toBe('true');
    // The freight is the preview's, never a browser rule (which would say ￥20.00 here).
    await waitFor(() => expect(figures()).toEqual(['￥301.00', '￥35.00', '￥336.00']));
    expect(previews().at(-1)?.body).toMatchObject({
      cartIds: [2],
      deliveryRegionCode: '110000,110100,110101',
    });
    expect(screen.getByTestId('cart-freight-note').textContent).toContain('默认收货地址');

    await user.click(lineBox(1));
    // Asked again for the new choice; until it answers no figure is shown for it.
    expect(figures()).toEqual(['￥901.00', '计算中…', '计算中…']);
    await waitFor(() => expect(figures()).toEqual(['￥901.00', '￥35.00', '￥936.00']));
    expect(previews().at(-1)?.body).toMatchObject({ cartIds: [1, 2] });
    expect(previews().at(-1)?.body).not.toHaveProperty('quantities');
  });

  it('previews the latest choice after quick changes', async () => {
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(lineBox(1));
    await user.click(lineBox(2));
    await user.click(lineBox(3));
    await waitFor(() => expect(figures()).toEqual(['￥911.00', '￥35.00', '￥946.00']));
    expect(previews().at(-1)?.body).toMatchObject({ cartIds: [1, 2, 3] });
  });

  it('says the freight is computed when ordering for a member without an address', async () => {
    addresses = [];
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(lineBox(2));
    await waitFor(() =>
      expect(figures()).toEqual(['￥301.00', '下单时按包裹计算', '￥301.00（不含运费）']),
    );
    expect(previews()).toHaveLength(0);
  });

  it("shows the server's refusal in place of the freight, never a figure", async () => {
    serverFreight = '库存不足：标准品2 1mL，暂不可订购';
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(lineBox(2));
    await waitFor(() =>
      expect(screen.getByRole('alert').textContent).toBe('库存不足：标准品2 1mL，暂不可订购'),
    );
    expect(figures()).toEqual(['￥301.00', '—', '—']);
  });

  it('keeps a line 库存不足 in the cart, marked, and never chosen for checkout', async () => {
    const user = userEvent.setup();
    renderCart([line(1, 300, 2), { ...line(2, 150.5, 2), outOfStock: true }]);
    const [, short] = screen.getAllByTestId('cart-line') as [HTMLElement, HTMLElement];
    expect(within(short).getByTestId('cart-line-out-of-stock').textContent).toBe(
      '库存不足，暂不可订购',
    );
    expect(lineBox(2).hasAttribute('disabled')).toBe(true);
    await user.click(selectAll()[0]!);
    for (const box of selectAll()) expect(box.getAttribute('aria-checked')).toBe('true');
    expect(readSelectedCartIds()).toEqual([1]);
    expect(lineBox(2).getAttribute('aria-checked')).toBe('false');
  });

  it('deletes a line 库存不足 by its own button, after the confirmation, and no other line', async () => {
    const user = userEvent.setup();
    renderCart([line(1, 300, 2), { ...line(2, 150.5, 2), outOfStock: true }]);
    await user.click(lineBox(1));
    await user.click(screen.getByRole('button', { name: '删除 标准品2 1mL' }));
    expect(screen.getByText('确定删除所选商品？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('删除成功'));
    expect(calls.filter((c) => c.method === 'DELETE')).toEqual([
      { method: 'DELETE', url: '/client/v1/cart', body: { ids: [2] } },
    ]);
    // A line that can be ordered has no button of its own: 删除选中 takes it.
    expect(screen.queryByRole('button', { name: '删除 标准品1 1mL' })).toBeNull();
  });

  it("shows a line's 合同价 with the member price struck through, and totals at it", async () => {
    writeSelectedCartIds([1, 2]);
    renderCart([{ ...line(1, 300, 2), contractPrice: 250 }, line(2, 150.5, 2)]);
    const [withContract, without] = screen.getAllByTestId('cart-line') as [
      HTMLElement,
      HTMLElement,
    ];
    expect(within(withContract).getByTestId('contract-price').textContent).toContain('￥250.00');
    expect(withContract.textContent).toContain('合同价');
    expect(withContract.querySelector('del')?.textContent).toBe('￥300.00');
    // The line's 小计 and the goods total are what the server says the line pays.
    expect(withContract.textContent).toContain('小计￥500.00');
    expect(within(without).queryByTestId('contract-price')).toBeNull();
    expect(screen.getByTestId('cart-goods').textContent).toBe('￥801.00');
    // The column holds both kinds of price now.
    expect(screen.getByTestId('cart-price-heading').textContent).toBe('单价');
  });

  it('shows 待确认 when a chosen line has no member price', async () => {
    const user = userEvent.setup();
    renderCart([line(1, 2000, 1), line(2, null, 1)]);
    expect(screen.getByTestId('cart-price-heading').textContent).toBe('会员价');
    await user.click(lineBox(1));
    await waitFor(() => expect(figures()).toEqual(['￥2000.00', '￥35.00', '￥2035.00']));
    await user.click(lineBox(2));
    await waitFor(() => expect(figures()).toEqual(['待确认', '待确认', '待确认']));
  });

  it('asks for a selection before deleting, then confirms and deletes the chosen lines', async () => {
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(screen.getByRole('button', { name: '删除选中' }));
    expect(toastError).toHaveBeenCalledWith('请选择要删除的商品');
    expect(screen.queryByText('确定删除所选商品？')).toBeNull();

    await user.click(lineBox(1));
    await user.click(lineBox(3));
    await user.click(screen.getByRole('button', { name: '删除选中' }));
    expect(screen.getByText('确定删除所选商品？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('删除成功'));
    expect(calls).toContainEqual({
      method: 'DELETE',
      url: '/client/v1/cart',
      body: { ids: [1, 3] },
    });
  });

  it('clears the cart after its confirmation, and not when cancelled', async () => {
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(screen.getByRole('button', { name: '清空购物车' }));
    expect(screen.getByText('确定清空购物车？')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '取消' }));
    expect(calls.some((c) => c.method === 'DELETE')).toBe(false);

    await user.click(screen.getByRole('button', { name: '清空购物车' }));
    await user.click(screen.getByRole('button', { name: '确定' }));
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('清空购物车成功'));
    expect(calls).toContainEqual({ method: 'DELETE', url: '/client/v1/cart/all', body: undefined });
  });

  it('needs a selection to check out and goes to /confirm with it', async () => {
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(screen.getByRole('button', { name: '去结算' }));
    expect(toastError).toHaveBeenCalledWith('您还没有选择商品');

    await user.click(lineBox(2));
    await user.click(screen.getByRole('button', { name: '去结算' }));
    expect(await screen.findByText('确认订单页')).toBeTruthy();
    expect(readSelectedCartIds()).toEqual([2]);
  });

  it('sends a member without a name to complete the profile first', async () => {
    userName = '';
    const user = userEvent.setup();
    renderCart(lines);
    await user.click(lineBox(1));
    await user.click(screen.getByRole('button', { name: '去结算' }));
    expect(await screen.findByText(/请先完善个人信息/)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '确定' }));
    // The profile page comes back to the confirm page, where the chosen line waits.
    expect(await screen.findByText('个人信息页 /userinfo/1-1?redirect=%2Fconfirm')).toBeTruthy();
    expect(readSelectedCartIds()).toEqual([1]);
  });
});
