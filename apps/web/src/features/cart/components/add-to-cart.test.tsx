import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { saveSession } from '@/lib/session';
import { toastSuccess } from '@/lib/toast';
import { AddToCart } from './add-to-cart';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

let adds: unknown[];

beforeEach(() => {
  adds = [];
  vi.mocked(toastSuccess).mockClear();
  saveSession({ token: 't', exp: Date.now() + 60_000, name: '张三', account: '13800000001' });
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      if (init.method === 'PUT') adds.push(JSON.parse(init.body as string));
      const data = init.method === 'PUT' ? { id: 1, quantity: adds.length } : 0;
      return Promise.resolve(apiAnswer(data));
    }),
  );
});

afterEach(() => {
  localStorage.clear();
  vi.unstubAllGlobals();
});

const renderAdd = () =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <AddToCart materialId={12} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

const button = () => screen.getByRole('button', { name: '加入购物车' });

describe('AddToCart', () => {
  it('adds once for a double click whose first add has already come back', async () => {
    renderAdd();
    fireEvent.click(button(), { detail: 1 });
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledTimes(1));
    await waitFor(() => expect((button() as HTMLButtonElement).disabled).toBe(false));
    fireEvent.click(button(), { detail: 2 });
    await new Promise((r) => setTimeout(r, 50));
    expect(adds).toEqual([{ materialId: 12, quantity: 1, type: 1 }]);

    // A press of its own later adds again.
    fireEvent.click(button(), { detail: 1 });
    await waitFor(() => expect(adds).toHaveLength(2));
  });
});
