import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { ExpectedShip, ShippingClassTag } from './expected-ship';

describe('ExpectedShip', () => {
  it('shows the server date of a pack waiting for stock and nothing for one in stock', () => {
    const { container, rerender } = render(<ExpectedShip date="2026-12-17" />);
    expect(screen.getByTestId('expected-ship').textContent).toBe('预计发货：2026-12-17');
    rerender(<ExpectedShip date={null} />);
    expect(container.textContent).toBe('');
  });
});

describe('ShippingClassTag', () => {
  it('names the classes that travel apart and leaves ordinary goods unmarked', () => {
    const { container, rerender } = render(<ShippingClassTag value="dangerous" />);
    expect(container.textContent).toBe('危险品');
    rerender(<ShippingClassTag value="frozen" />);
    expect(container.textContent).toBe('冷冻（-20 °C，干冰）');
    rerender(<ShippingClassTag value="normal" />);
    expect(container.textContent).toBe('');
  });
});
