import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import { EmergencyPhoneForm } from './emergency-phone-form';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), put: vi.fn() } }));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue({ phone: '' });
  vi.mocked(api.put).mockResolvedValue(null);
});
afterEach(() => cleanup());

describe('安全标签', () => {
  it('saves the 24-hour emergency phone the labels print', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<EmergencyPhoneForm />);
    fireEvent.change(await screen.findByLabelText('24 小时应急咨询电话'), {
      target: { value: '0532-83889090' },
    });
    await user.click(button('保存'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/manage/v1/settings/emergency-phone', {
        phone: '0532-83889090',
      }),
    );
  });

  it('refuses text that is no phone number, without sending it', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<EmergencyPhoneForm />);
    fireEvent.change(await screen.findByLabelText('24 小时应急咨询电话'), {
      target: { value: '请拨打客服' },
    });
    await user.click(button('保存'));
    expect(await screen.findByText('应急咨询电话只能包含数字、空格、+、-和括号')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });
});
