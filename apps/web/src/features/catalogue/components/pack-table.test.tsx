import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Material } from '@labshop/shared/schemas';
import { PackTable } from './pack-table';

const materials: Material[] = [
  {
    id: 11,
    pack: '100mg',
    price: 180,
    userPrice: 150.5,
    stocks: [],
    expire: '2027-03-31',
    expectedShipDate: '2026-12-17',
  },
  {
    id: 12,
    pack: '1g',
    price: null,
    userPrice: null,
    stocks: [
      { storeId: 1, storeName: '北京仓', materialCount: 30 },
      { storeId: 2, storeName: '上海仓', materialCount: 25 },
    ],
    expire: null,
    expectedShipDate: null,
  },
  {
    id: 13,
    pack: '5g',
    price: 900,
    userPrice: 800,
    stocks: [{ storeId: 1, storeName: '北京仓', materialCount: 7 }],
    expire: '2026-12-01',
    expectedShipDate: null,
  },
];

function renderTable(page: 'search' | 'product', at = '/search?name=%E8%8B%AF') {
  return render(
    <MemoryRouter initialEntries={[at]}>
      <PackTable
        materials={materials}
        page={page}
        action={(id) => <button type="button">加购 {id}</button>}
      />
    </MemoryRouter>,
  );
}

const rows = () => screen.getAllByRole('row').slice(1);

describe('PackTable', () => {
  it('shows pack, stock, market price and a login link for visitors', () => {
    renderTable('search');
    expect(rows()).toHaveLength(3);
    const [first, second, third] = rows() as [HTMLElement, HTMLElement, HTMLElement];
    expect(first.textContent).toContain('100mg');
    expect(first.textContent).toContain('订购');
    expect(first.textContent).toContain('￥180.00');
    expect(second.textContent).toContain('> 50');
    expect(second.textContent).toContain('询价');
    expect(third.textContent).toContain('< 50');
    for (const row of rows()) {
      expect(within(row).getByRole('link', { name: '登录查看' }).getAttribute('href')).toBe(
        `/login?redirect=${encodeURIComponent('/search?name=%E8%8B%AF')}`,
      );
    }
  });

  it('labels plenty of stock 现货 on the product page and lists warehouses on hover', () => {
    renderTable('product', '/products/5');
    const second = rows()[1]!;
    expect(second.textContent).toContain('现货');
    const stock = second.querySelector('[title]');
    expect(stock?.getAttribute('title')).toBe('北京仓：30\n上海仓：25');
    expect(stock?.textContent).toBe('库存现货');
  });

  it("shows each pack's 有效期至 on the product page, 以实物为准 when unknown", () => {
    renderTable('product', '/products/5');
    expect(screen.getByRole('columnheader', { name: '有效期至' })).toBeTruthy();
    const expiry = screen.getAllByTestId('pack-expire').map((c) => c.textContent);
    // The inline label is for phones (hidden from sm up); the header names the column.
    expect(expiry).toEqual(['有效期至2027-03-31', '有效期至以实物为准', '有效期至2026-12-01']);
    expect(rows()[1]!.textContent).toContain('以实物为准');
  });

  it('shows 预计发货 under the stock of a pack without stock that has a lead time', () => {
    renderTable('product', '/products/5');
    expect(screen.getAllByTestId('expected-ship').map((e) => e.textContent)).toEqual([
      '预计发货：2026-12-17',
    ]);
    expect(rows()[0]!.textContent).toContain('订购预计发货：2026-12-17');
    expect(screen.queryByTestId('out-of-stock')).toBeNull();
  });

  it('shows 库存不足 under 订购 for a pack with neither stock nor a lead time', () => {
    const short: Material = { ...materials[0]!, expectedShipDate: null, outOfStock: true };
    render(
      <MemoryRouter>
        <PackTable materials={[short]} page="product" action={() => null} />
      </MemoryRouter>,
    );
    // The stock column still reads 订购 (SPEC 9); the pack cannot be ordered.
    expect(rows()[0]!.textContent).toContain('订购库存不足');
    expect(screen.queryByTestId('expected-ship')).toBeNull();
  });

  it('leaves expiry off the denser search results', () => {
    renderTable('search');
    expect(screen.queryByRole('columnheader', { name: '有效期至' })).toBeNull();
    expect(screen.queryByTestId('pack-expire')).toBeNull();
    expect(rows()[0]!.textContent).not.toContain('2027-03-31');
  });

  it('shows member prices to members, 询价 when there is none', () => {
    localStorage.setItem('token', 't');
    renderTable('search');
    expect(screen.queryByRole('link', { name: '登录查看' })).toBeNull();
    expect(rows()[0]!.textContent).toContain('￥150.50');
    expect(rows()[1]!.textContent?.match(/询价/g)).toHaveLength(2);
  });

  it('shows a member the 合同价 in place of the member price, struck through beside it', () => {
    localStorage.setItem('token', 't');
    render(
      <MemoryRouter>
        <PackTable
          materials={[{ ...materials[0]!, contractPrice: 120 }, materials[2]!]}
          page="product"
          action={() => null}
        />
      </MemoryRouter>,
    );
    const [withContract, without] = rows() as [HTMLElement, HTMLElement];
    expect(within(withContract).getByTestId('contract-price').textContent).toBe('￥120.00');
    expect(withContract.textContent).toContain('合同价');
    expect(withContract.querySelector('del')?.textContent).toBe('￥150.50');
    expect(without.textContent).not.toContain('合同价');
    expect(without.querySelector('del')).toBeNull();
    expect(without.textContent).toContain('￥800.00');
  });

  it('never shows a visitor a contract price, even one in the answer', () => {
    render(
      <MemoryRouter>
        <PackTable
          materials={[{ ...materials[0]!, contractPrice: 120 }]}
          page="search"
          action={() => null}
        />
      </MemoryRouter>,
    );
    expect(screen.queryByTestId('contract-price')).toBeNull();
    expect(rows()[0]!.textContent).not.toContain('120.00');
    expect(screen.getByRole('link', { name: '登录查看' })).toBeTruthy();
  });

  it('renders the page action for each pack size', () => {
    renderTable('search');
    expect(screen.getAllByRole('button').map((b) => b.textContent)).toEqual([
      '加购 11',
      '加购 12',
      '加购 13',
    ]);
  });

  it('says so when a product has no pack sizes', () => {
    render(
      <MemoryRouter>
        <PackTable materials={[]} page="product" action={() => null} />
      </MemoryRouter>,
    );
    expect(screen.getByText('暂无规格，请联系客服询价').tagName).toBe('P');
  });
});
