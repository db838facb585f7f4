import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { asPhone, renderScreen } from '@/test-utils';
import { PackageLines } from './package-lines';

/** A shipped package's lines keep their lot and expiry in view on a phone (docs/console.md). */
const lines = [
  {
    orderGoodsId: 11,
    name: '苯甲酸标准溶液',
    pack: '1mL',
    quantity: 2,
    storeId: 1,
    storeName: '北京仓',
    lotNumber: 'LOT-2026-0107',
    expire: '2028-01-31',
  },
  {
    orderGoodsId: 12,
    name: '甲醇',
    pack: '500mL',
    quantity: 1,
    storeId: 1,
    storeName: '北京仓',
    lotNumber: null,
    expire: null,
  },
];

let restore: (() => void) | undefined;
afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
});

describe('a package’s lines', () => {
  it('stack on a phone, each naming its warehouse, lot and expiry', () => {
    restore = asPhone();
    renderScreen(<PackageLines lines={lines} />);
    const [first, second] = screen.getAllByTestId('package-line');
    const text = first!.textContent ?? '';
    for (const part of [
      '苯甲酸标准溶液 1mL',
      '数量2',
      '仓库北京仓',
      '批号LOT-2026-0107',
      '有效期至2028-01-31',
    ]) {
      expect(text.replace(/\s/g, '')).toContain(part.replace(/\s/g, ''));
    }
    expect(within(second!).getAllByText('--')).toHaveLength(2);
    expect(screen.queryByRole('columnheader', { name: '有效期至' })).toBeNull();
  });

  it('are a table on a desk', () => {
    renderScreen(<PackageLines lines={lines} />);
    expect(screen.getByRole('columnheader', { name: '有效期至' })).toBeTruthy();
    expect(screen.queryByTestId('package-line')).toBeNull();
  });
});
