import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { toastError, toastsWanted } from '@/lib/toast';
import { AppProvider, createQueryClient } from './provider';

describe('toasts', () => {
  it('load the toast library with the first toast and show the toast made before it mounted', async () => {
    render(
      <AppProvider client={createQueryClient()}>
        <p>页面</p>
      </AppProvider>,
    );
    // No toast yet: no toaster on the page, the library not asked for.
    expect(toastsWanted.get()).toBe(false);
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    toastError('库存不足');
    // The toast shows once the library the toast asked for has loaded: its first import in a
    // test run is transformed on the spot, which took over a second on a busy machine.
    await import('sonner');
    expect(await screen.findByText('库存不足')).toBeTruthy();
    expect(toastsWanted.get()).toBe(true);
    expect(document.querySelector('[data-sonner-toaster]')).not.toBeNull();
  });
});
