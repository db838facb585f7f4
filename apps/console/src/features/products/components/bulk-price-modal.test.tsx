import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import { BulkPriceModal } from './bulk-price-modal';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.post).mockResolvedValue({ changed: 2 });
});

const open = async () => {
  const user = userEvent.setup({ delay: null });
  const onClose = vi.fn();
  renderScreen(<BulkPriceModal ids={[3, 7]} open onClose={onClose} />);
  const fill = (value: string) =>
    fireEvent.change(screen.getByRole('spinbutton'), { target: { value } });
  const save = () => user.click(button('确定改价'));
  return { user, onClose, fill, save };
};

describe('批量改价 dialog', () => {
  it("refuses more than two decimals and a percentage of -100 with the server's messages", async () => {
    const { fill, save } = await open();
    fill('10.555');
    await save();
    expect(await screen.findByText('请输入调整值（数字，最多两位小数）')).toBeTruthy();
    fill('-100');
    await save();
    expect(await screen.findByText('调整比例须大于 -100% 且不超过 1000%，不能为 0')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('checks a fixed amount by its own range and sends the rule for the server to work out', async () => {
    const { user, onClose, fill, save } = await open();
    await user.click(screen.getByText('会员价'));
    await user.click(screen.getByText('改为固定价格'));
    expect(await screen.findByText('价格（元）')).toBeTruthy();
    fill('0');
    await save();
    expect(await screen.findByText('价格须在 0.01 到 99999999.99 元之间')).toBeTruthy();
    fill('19.9');
    await save();
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/products/bulk/prices', {
      ids: [3, 7],
      field: 'userPrice',
      mode: 'fixed',
      value: 19.9,
    });
    await waitFor(() => expect(onClose).toHaveBeenCalledWith(true));
  });
});
