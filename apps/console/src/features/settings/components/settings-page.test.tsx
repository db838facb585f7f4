import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG, formatDateTime } from '@labshop/shared';
import type { SettingChange } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { button, renderScreen } from '@/test-utils';
import SettingsPage from './settings-page';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const COMPANY = {
  name: '一方实验科技有限公司',
  tel: '010-12345678',
  email: 'service@example.com',
  address: '北京市海淀区',
  hazardLicence: '',
};

const BANK = {
  accountName: '一方实验科技有限公司',
  bankName: '招商银行',
  accountNumber: '6222 0000',
};

/** A change of the bank account proposed by 财务甲; `mine` when the viewer proposed it. */
const pendingBank = (mine: boolean): SettingChange => ({
  id: 7,
  key: 'bank',
  before: BANK,
  after: { ...BANK, bankName: '工商银行', accountNumber: '6212 9999' },
  status: 'pending',
  proposedBy: { id: 3, name: '财务甲' },
  proposedAt: Date.UTC(2026, 11, 1, 2, 30),
  decidedBy: null,
  decidedAt: null,
  reason: '',
  mine,
});

let changes: SettingChange[] = [];

const asRole = (role: string) =>
  saveSession({ token: 't', name: role, account: role, roles: [role] });

beforeEach(() => {
  vi.clearAllMocks();
  changes = [];
  asRole('finance');
  vi.mocked(api.get).mockImplementation((path: string) =>
    Promise.resolve(
      path === '/manage/v1/settings/company'
        ? COMPANY
        : path === '/manage/v1/settings/bank'
          ? BANK
          : path === '/manage/v1/settings/changes'
            ? changes
            : {},
    ),
  );
  vi.mocked(api.put).mockResolvedValue({ id: 8 });
  vi.mocked(api.post).mockResolvedValue(null);
});
afterEach(() => clearSession());

/** 站点设置 on its first tab, 公司信息, with the saved details filled in. */
const openCompany = async () => {
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsPage />, '/settings');
  const address = await screen.findByLabelText('地址');
  await waitFor(() => expect((address as HTMLInputElement).value).toBe('北京市海淀区'));
  /** Replaces a field's text at once (one change, as a paste does). */
  const replace = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { replace, save: () => user.click(button('提交变更')) };
};

describe('公司信息 form', () => {
  it("refuses what companyInput refuses, with the server's messages, and sends nothing", async () => {
    const { replace, save } = await openCompany();
    replace('地址', '北'.repeat(201));
    replace('邮箱', 'service.example.com');
    replace('公司名称', '   ');
    await save();
    expect(await screen.findByText('内容过长，最多 200 个字符')).toBeTruthy();
    expect(await screen.findByText(MSG.emailFormat)).toBeTruthy();
    expect(await screen.findByText('请输入公司名称')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });

  it('marks the fields the schema requires, leaves the licence optional, and saves', async () => {
    const { replace, save } = await openCompany();
    const required = (label: string) =>
      screen.getByText(label).closest('label')?.classList.contains('ant-form-item-required');
    expect(required('公司名称')).toBe(true);
    expect(required('危险化学品经营许可证')).toBe(false);

    replace('危险化学品经营许可证', '京应急危化经字〔2024〕000123号');
    await save();
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(api.put).toHaveBeenCalledWith('/manage/v1/settings/company', {
      ...COMPANY,
      hazardLicence: '京应急危化经字〔2024〕000123号',
    });
  });
});

describe('who sees which settings', () => {
  it('shows the operator the hot search keywords only, not the money-routing tabs', async () => {
    asRole('operator');
    vi.mocked(api.get).mockResolvedValue([]);
    renderScreen(<SettingsPage />, '/settings?tab=bank');
    expect(await screen.findByRole('tab', { name: '热门搜索', selected: true })).toBeTruthy();
    for (const tab of ['公司信息', '银行信息', '公司印章']) {
      expect(screen.queryByRole('tab', { name: tab })).toBeNull();
    }
    expect(api.get).not.toHaveBeenCalledWith('/manage/v1/settings/bank');
  });
});

describe('a pending change of the bank account', () => {
  it('shows another finance member who proposed it, when, old → new, and confirms it', async () => {
    changes = [pendingBank(false)];
    const user = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, '/settings?tab=bank');
    expect(await screen.findByText('收款银行账户有一项待确认的变更')).toBeTruthy();
    // The browser's own time, as every console time.
    const at = formatDateTime(Date.UTC(2026, 11, 1, 2, 30));
    expect(screen.getByText(`财务甲 于 ${at}`, { exact: false })).toBeTruthy();
    const row = screen.getByText('开户银行', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(row.textContent).toBe('开户银行招商银行工商银行');
    const number = screen.getByText('银行账号', { selector: 'td' }).closest('tr') as HTMLElement;
    expect(number.textContent).toBe('银行账号6222 00006212 9999');
    // Fields the change leaves alone are not listed.
    expect(screen.queryByText('开户名称', { selector: 'td' })).toBeNull();
    // The form waits until the change is decided.
    expect(button('提交变更').disabled).toBe(true);

    await user.click(button('确认生效'));
    await user.click(button('确定'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manage/v1/settings/changes/7/confirm'),
    );
  });

  it('lets another member reject it with a reason', async () => {
    changes = [pendingBank(false)];
    const user = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, '/settings?tab=bank');
    await user.click(await screen.findByText('驳回', { selector: 'button span' }));
    fireEvent.change(await screen.findByLabelText('驳回原因'), {
      target: { value: '账号与合同不符' },
    });
    const dialog = screen.getByRole('dialog', { name: '驳回变更' });
    const ok = [...dialog.querySelectorAll('button')].find((b) => b.textContent === '驳回');
    await user.click(ok!);
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manage/v1/settings/changes/7/reject', {
        reason: '账号与合同不符',
      }),
    );
  });

  it('tells the proposer a second person must confirm, and offers only 撤回', async () => {
    changes = [pendingBank(true)];
    const user = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, '/settings?tab=bank');
    expect(
      await screen.findByText('这是您提交的变更，您本人不能确认，请另一位财务或管理员确认。'),
    ).toBeTruthy();
    expect(screen.queryByText('确认生效')).toBeNull();
    await user.click(button('撤回'));
    await user.click(button('确定'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manage/v1/settings/changes/7/reject', {
        reason: '',
      }),
    );
  });

  it("offers an admin 确认生效 of another member's change", async () => {
    asRole('admin');
    changes = [pendingBank(false)];
    renderScreen(<SettingsPage />, '/settings?tab=bank');
    expect(await screen.findByText('确认生效')).toBeTruthy();
  });
});

describe('proposing a bank account', () => {
  it('sends the typed account as a proposal and says a second person must confirm it', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, '/settings?tab=bank');
    const field = await screen.findByLabelText('银行账号');
    await waitFor(() => expect((field as HTMLInputElement).value).toBe('6222 0000'));
    fireEvent.change(field, { target: { value: '6212 9999' } });
    await user.click(button('提交变更'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/manage/v1/settings/bank', {
        ...BANK,
        accountNumber: '6212 9999',
      }),
    );
    expect(await screen.findByText('变更已提交，须由另一位财务或管理员确认后生效')).toBeTruthy();
  });
});
