import { fireEvent, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { encryptPassword } from '@/lib/rsa';
import { clearSession, saveSession } from '@/lib/session';
import { button, buttonName, renderScreen } from '@/test-utils';
import StaffPage from './staff-page';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));
vi.mock('@/lib/rsa', () => ({
  encryptPassword: vi.fn((p: string) => Promise.resolve(`rsa:${p}`)),
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue({
    records: [
      {
        id: 2,
        account: 'operator',
        name: '运营',
        roles: ['operator'],
        disabled: false,
        createTime: Date.UTC(2025, 0, 2),
      },
    ],
    total: 1,
  });
});

describe('员工 form', () => {
  it("refuses a new staff member's account and name as staffCreateBody does, and sends nothing", async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<StaffPage />, '/staff');
    await screen.findByText('operator');
    await user.click(button('新增员工'));
    const fill = (field: HTMLElement, value: string) =>
      fireEvent.change(field, { target: { value } });
    fill(await screen.findByLabelText('账号'), 'li lei');
    fill(screen.getByLabelText('姓名'), '李'.repeat(51));
    fill(screen.getByLabelText('初始密码'), 'short');
    await user.click(button('确定'));

    expect(await screen.findByText('账号只能包含字母、数字、点、下划线和连字符')).toBeTruthy();
    expect(await screen.findByText('内容过长，最多 50 个字符')).toBeTruthy();
    expect(await screen.findByText('请选择角色')).toBeTruthy();
    // The password is sent encrypted; the console checks the policy of @labshop/shared.
    expect(await screen.findByText('密码至少 10 位')).toBeTruthy();
    expect(encryptPassword).not.toHaveBeenCalled();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('does not check the account of an existing member, which the update does not send', async () => {
    vi.mocked(api.get).mockResolvedValue({
      records: [
        {
          id: 3,
          account: 'old account',
          name: '老员工',
          roles: ['warehouse'],
          disabled: false,
          createTime: Date.UTC(2020, 0, 2),
        },
      ],
      total: 1,
    });
    vi.mocked(api.put).mockResolvedValue(null);
    const user = userEvent.setup({ delay: null });
    renderScreen(<StaffPage />, '/staff');
    await screen.findByText('老员工');
    await user.click(button('编辑'));
    await screen.findByLabelText('姓名');
    await user.click(button('确定'));
    await vi.waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/manage/v1/staff/3', {
      name: '老员工',
      roles: ['warehouse'],
      disabled: false,
    });
  });

  it("offers 重置两步验证 for another member's enabled two-factor login, asks, then resets it", async () => {
    saveSession({ token: 't', name: '管理员', account: 'admin', roles: ['admin'] });
    const row = (id: number, account: string, twoFactorEnabled: boolean) => ({
      id,
      account,
      name: account,
      roles: ['warehouse'],
      disabled: false,
      twoFactorEnabled,
      createTime: Date.UTC(2025, 0, 2),
    });
    vi.mocked(api.get).mockResolvedValue({
      records: [row(1, 'admin', true), row(4, 'lostphone', true), row(5, 'plain', false)],
      total: 3,
    });
    vi.mocked(api.post).mockResolvedValue(null);
    const user = userEvent.setup({ delay: null });
    const { unmount } = renderScreen(<StaffPage />, '/staff');
    await screen.findAllByText('lostphone');
    // Not on one's own row (that takes a code on the own screen), nor where it is off.
    expect(screen.getAllByText(buttonName('重置两步验证'))).toHaveLength(1);
    await user.click(button('重置两步验证'));
    await user.click(await screen.findByRole('button', { name: '重置' }));
    await vi.waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/staff/4/two-factor/reset');
    expect(await screen.findByText('已重置两步验证')).toBeTruthy();
    // Gone before the session changes, so nothing renders after the test.
    unmount();
    clearSession();
  });
});
