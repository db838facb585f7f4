import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import type { OrderPreview } from '@labshop/shared/schemas';
import { PackagePreview, previewTotals } from './package-preview';

const preview: OrderPreview = {
  packages: [
    {
      shippingClass: 'normal',
      lines: [{ materialId: 1, name: '丙酮', pack: '500mL', quantity: 2, expectedShipDate: null }],
      freight: 20,
      carriers: ['顺丰速运', '自提'],
    },
    {
      shippingClass: 'dangerous',
      lines: [
        { materialId: 2, name: '乙醚', pack: '500mL', quantity: 1, expectedShipDate: '2026-12-10' },
      ],
      freight: 80,
      carriers: ['危险品专线', '自提'],
    },
  ],
  goodsAmount: 300,
  freight: 100,
  amount: 400,
};

const show = (over: Partial<Parameters<typeof PackagePreview>[0]> = {}) =>
  render(
    <PackagePreview hasAddress preview={preview} pending={false} refusal={undefined} {...over} />,
  );

describe('PackagePreview', () => {
  it('shows one block per package with its class, lines, carriers and freight, then the sum', () => {
    show();
    const blocks = screen.getAllByTestId('package');
    expect(blocks.map((b) => b.dataset.class)).toEqual(['normal', 'dangerous']);
    const [normal, dangerous] = blocks as [HTMLElement, HTMLElement];
    expect(normal.textContent).toContain('包裹 1 · 普通');
    expect(within(normal).getByTestId('package-freight').textContent).toBe('运费：￥20.00');
    expect(dangerous.textContent).toContain('包裹 2 · 危险品');
    expect(dangerous.textContent).toContain('乙醚 500mL');
    expect(dangerous.textContent).toContain('承运方式：危险品专线、自提');
    expect(within(dangerous).getByTestId('expected-ship').textContent).toBe('预计发货：2026-12-10');
    expect(within(normal).queryByTestId('expected-ship')).toBeNull();
    expect(screen.getByTestId('package-freight-total').textContent).toBe('￥100.00');
    expect(screen.getByTestId('package-preview').textContent).toContain('共 2 个包裹');
  });

  it("shows the server's refusal in its words instead of packages", () => {
    show({ refusal: '危险品商品不能发往所选地区，请更换收货地址或移除这些商品' });
    expect(screen.getByRole('alert').textContent).toBe(
      '危险品商品不能发往所选地区，请更换收货地址或移除这些商品',
    );
    expect(screen.queryByTestId('package')).toBeNull();
  });

  it('asks for an address first and says it is computing meanwhile', () => {
    const { rerender } = show({ hasAddress: false, preview: undefined });
    expect(screen.getByTestId('package-preview').textContent).toBe(
      '请选择收货地址，以计算包裹与运费。',
    );
    rerender(<PackagePreview hasAddress preview={undefined} pending refusal={undefined} />);
    expect(screen.getByTestId('package-preview').textContent).toBe('正在计算运费…');
  });

  it("reads 待确认 while a line waits for its price, and gives the page the server's totals", () => {
    show({ preview: { ...preview, freight: null, amount: null, goodsAmount: null } });
    expect(screen.getByTestId('package-freight-total').textContent).toBe('待确认');
    expect(previewTotals(preview)).toEqual({ goods: 300, freight: 100, payable: 400 });
  });
});
