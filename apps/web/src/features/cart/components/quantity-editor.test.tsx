import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, expect, it, vi } from 'vitest';
import { QuantityEditor } from './quantity-editor';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

afterEach(() => {
  vi.unstubAllGlobals();
});

const ok = () => apiAnswer({ id: 1, quantity: 0 });

it('keeps a figure typed while the previous change is still on its way, and sends it', async () => {
  const bodies: unknown[] = [];
  let answerFirst: (() => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit = {}) => {
      bodies.push(JSON.parse(init.body as string));
      // The first change is answered only when the test says so.
      if (bodies.length === 1) return new Promise<Response>((r) => (answerFirst = () => r(ok())));
      return Promise.resolve(ok());
    }),
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <QuantityEditor materialId={10} quantity={1} />
    </QueryClientProvider>,
  );
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: '数量' });

  await user.click(screen.getByRole('button', { name: '增加数量' }));
  expect(field.value).toBe('2');
  await user.clear(field);
  await user.type(field, '7');
  answerFirst?.();
  await waitFor(() => expect(bodies).toHaveLength(1));
  // The answer to the first change must not wipe what was typed since.
  await new Promise((r) => setTimeout(r, 0));
  expect(field.value).toBe('7');

  await user.keyboard('{Enter}');
  await waitFor(() => expect(bodies).toHaveLength(2));
  expect(bodies[1]).toMatchObject({ materialId: 10, quantity: 7, type: 2 });
});

it('sends a figure confirmed while the previous change is still on its way once that one is in', async () => {
  const bodies: unknown[] = [];
  let answerFirst: (() => void) | undefined;
  vi.stubGlobal(
    'fetch',
    vi.fn((_url: string, init: RequestInit = {}) => {
      bodies.push(JSON.parse(init.body as string));
      if (bodies.length === 1) return new Promise<Response>((r) => (answerFirst = () => r(ok())));
      return Promise.resolve(ok());
    }),
  );
  const user = userEvent.setup();
  render(
    <QueryClientProvider client={new QueryClient()}>
      <QuantityEditor materialId={10} quantity={1} />
    </QueryClientProvider>,
  );
  const field = screen.getByRole<HTMLInputElement>('textbox', { name: '数量' });

  await user.click(screen.getByRole('button', { name: '增加数量' }));
  await user.clear(field);
  await user.type(field, '7{Enter}');
  expect(bodies).toHaveLength(1);
  expect(field.value).toBe('7');

  answerFirst?.();
  await waitFor(() => expect(bodies).toHaveLength(2));
  expect(bodies[1]).toMatchObject({ materialId: 10, quantity: 7, type: 2 });
});
