import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import { LicencesForm } from './licences-form';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), put: vi.fn() } }));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue({
    hazardLicence: '京应急危化经字〔2025〕000123号',
    precursorRecord: '',
  });
  vi.mocked(api.put).mockResolvedValue(null);
});
afterEach(() => cleanup());

describe('经营许可', () => {
  it('shows the saved numbers and saves both at once', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<LicencesForm />);
    const hazard = await screen.findByLabelText('危险化学品经营许可证');
    expect((hazard as HTMLInputElement).value).toBe('京应急危化经字〔2025〕000123号');
    fireEvent.change(screen.getByLabelText('易制毒化学品经营备案'), {
      target: { value: '（京）3J11010000001' },
    });
    await user.click(button('保存'));
    await waitFor(() =>
      expect(api.put).toHaveBeenCalledWith('/manage/v1/settings/licences', {
        hazardLicence: '京应急危化经字〔2025〕000123号',
        precursorRecord: '（京）3J11010000001',
      }),
    );
  });

  it('refuses a number longer than the server takes, without sending it', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<LicencesForm />);
    fireEvent.change(await screen.findByLabelText('易制毒化学品经营备案'), {
      target: { value: '京'.repeat(201) },
    });
    await user.click(button('保存'));
    expect(await screen.findByText('许可证信息不能超过 200 字')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });
});
