import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { MSG } from '@labshop/shared';
import { api } from '@/lib/api-client';
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

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockImplementation((path: string) =>
    Promise.resolve(path === '/manage/v1/settings/company' ? COMPANY : {}),
  );
  vi.mocked(api.put).mockResolvedValue(null);
});

/** 站点设置 on its first tab, 公司信息, with the saved details filled in. */
const openCompany = async () => {
  const user = userEvent.setup({ delay: null });
  renderScreen(<SettingsPage />, '/settings');
  const address = await screen.findByLabelText('地址');
  await waitFor(() => expect((address as HTMLInputElement).value).toBe('北京市海淀区'));
  /** Replaces a field's text at once (one change, as a paste does). */
  const replace = (label: string, value: string) =>
    fireEvent.change(screen.getByLabelText(label), { target: { value } });
  return { replace, save: () => user.click(button('保存')) };
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
