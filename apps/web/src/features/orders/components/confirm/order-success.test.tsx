import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { PayType } from '@labshop/shared';
import type { OrderCreated } from '../../api/create-order';
import { OrderSuccess } from './order-success';

afterEach(() => {
  vi.restoreAllMocks();
});

describe('OrderSuccess', () => {
  it('opens at the top of the page, not where 提交订单 was clicked', () => {
    const scrollTo = vi.spyOn(window, 'scrollTo').mockImplementation(() => undefined);
    // Only what the view reads of a balance-paid order.
    const order = { id: 7, number: 'SO202611270001', amount: 120, payType: PayType.BALANCE };
    const created = { order, bankTransfer: null } as unknown as OrderCreated;
    render(
      <MemoryRouter>
        <OrderSuccess created={created} />
      </MemoryRouter>,
    );
    expect(screen.getByTestId('order-number').textContent).toBe('SO202611270001');
    expect(scrollTo).toHaveBeenCalledWith(0, 0);
  });
});
