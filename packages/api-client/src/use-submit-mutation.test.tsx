import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { useSubmitMutation } from './use-submit-mutation.ts';

function Submit({ send }: { send: () => Promise<string> }) {
  const m = useSubmitMutation({ mutationFn: send });
  return (
    <button type="button" disabled={m.isPending} onClick={() => m.mutate()}>
      提交
    </button>
  );
}

const renderWith = (send: () => Promise<string>) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <Submit send={send} />
    </QueryClientProvider>,
  );

afterEach(cleanup);

describe('useSubmitMutation', () => {
  it('runs a double click once and disables the control until the answer', async () => {
    let answer: (v: string) => void = () => undefined;
    const send = vi.fn(() => new Promise<string>((resolve) => (answer = resolve)));
    renderWith(send);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '提交' });
    fireEvent.click(button);
    expect(button.disabled).toBe(true);
    fireEvent.click(button);
    button.click();
    await waitFor(() => expect(send).toHaveBeenCalled());
    answer('ok');
    await waitFor(() => expect(button.disabled).toBe(false));
    expect(send).toHaveBeenCalledTimes(1);
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });

  it('enables the control again after a failure', async () => {
    const send = vi.fn(() => Promise.reject(new Error('down')));
    renderWith(send);
    const button = screen.getByRole<HTMLButtonElement>('button', { name: '提交' });
    fireEvent.click(button);
    await waitFor(() => expect(button.disabled).toBe(false));
    fireEvent.click(button);
    await waitFor(() => expect(send).toHaveBeenCalledTimes(2));
  });
});
