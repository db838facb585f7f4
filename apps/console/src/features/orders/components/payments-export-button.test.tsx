import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { button, renderScreen } from '@/test-utils';
import { PaymentsExportButton } from './payments-export-button';

vi.mock('@/lib/api-client', () => ({ api: { download: vi.fn() } }));

afterEach(() => {
  // Unmounted first: a session change must not render a screen the test has left.
  cleanup();
  clearSession();
  vi.clearAllMocks();
});

describe('导出收款记录', () => {
  it('is not offered to staff without the payments permission', () => {
    saveSession({ token: 't', name: '运营', account: 'op', roles: ['operator'] });
    renderScreen(<PaymentsExportButton />);
    expect(screen.queryByText('导出收款记录')).toBeNull();
  });

  it('asks finance for the days before downloading anything', async () => {
    saveSession({ token: 't', name: '财务', account: 'fin', roles: ['finance'] });
    const user = userEvent.setup({ delay: null });
    renderScreen(<PaymentsExportButton />);
    await user.click(button('导出收款记录'));
    await screen.findByText('收付款日期');
    await user.click(button('导出'));
    expect(await screen.findByText('请选择导出的时间范围')).toBeTruthy();
    expect(api.download).not.toHaveBeenCalled();
  });
});
