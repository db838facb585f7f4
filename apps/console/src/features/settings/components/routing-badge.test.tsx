import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { SettingChange } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { renderScreen } from '@/test-utils';
import { RoutingBadge } from './routing-badge';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const change = (id: number, key: SettingChange['key'], mine: boolean, status = 'pending') =>
  ({
    id,
    key,
    before: {},
    after: {},
    status,
    proposedBy: { id: 3, name: '财务甲' },
    proposedAt: 0,
    decidedBy: null,
    decidedAt: null,
    reason: '',
    mine,
  }) as SettingChange;

const asRole = (role: string) =>
  saveSession({ token: 't', name: role, account: role, roles: [role] });

beforeEach(() => vi.clearAllMocks());
afterEach(() => clearSession());

describe('the menu count of money-routing changes to confirm', () => {
  it("counts the pending changes of other staff, not one's own nor decided ones", async () => {
    asRole('finance');
    vi.mocked(api.get).mockResolvedValue([
      change(3, 'bank', false),
      change(2, 'seal', true),
      change(1, 'company', false, 'applied'),
    ]);
    renderScreen(<RoutingBadge />);
    const badge = await screen.findByTestId('routing-badge');
    expect(badge.textContent).toBe('1');
    expect(screen.getByTitle('待确认：收款银行账户变更')).toBeTruthy();
  });

  it('asks nothing for staff who may not confirm money-routing changes', async () => {
    asRole('operator');
    vi.mocked(api.get).mockResolvedValue([change(3, 'bank', false)]);
    renderScreen(<RoutingBadge />);
    await waitFor(() => expect(screen.queryByTestId('routing-badge')).toBeNull());
    expect(api.get).not.toHaveBeenCalled();
  });
});
