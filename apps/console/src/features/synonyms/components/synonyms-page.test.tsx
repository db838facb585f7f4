import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import SynonymsPage from './synonyms-page';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue([{ term: 'acn', expansion: '乙腈' }]);
  vi.mocked(api.post).mockResolvedValue({ term: 'ipa', expansion: '异丙醇' });
});

/** Opens 新增同义词 on the page. */
const openNew = async () => {
  const user = userEvent.setup({ delay: null });
  renderScreen(<SynonymsPage />);
  await screen.findByText('乙腈');
  await user.click(button('新增同义词'));
  const term = await screen.findByLabelText('搜索词');
  const expansion = screen.getByLabelText('对应的商品用词');
  const save = () => user.click(button('保存'));
  /** Types a whole value at once (one change, as a paste does). */
  const fill = (field: HTMLElement, value: string) =>
    fireEvent.change(field, { target: { value } });
  return { term, expansion, save, fill };
};

describe('搜索同义词 form', () => {
  it("refuses a term longer than the server's limit with the server's message, and sends nothing", async () => {
    const { term, expansion, save, fill } = await openNew();
    fill(term, 'a'.repeat(51));
    fill(expansion, '乙酸');
    await save();
    expect(await screen.findByText('内容过长，最多 50 个字符')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('asks for both words, with the messages of synonymInput', async () => {
    const { term, save, fill } = await openNew();
    fill(term, '   ');
    await save();
    expect(await screen.findByText('请输入搜索词')).toBeTruthy();
    expect(await screen.findByText('请输入对应的商品用词')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
  });

  it('refuses a word that expands to itself (the schema’s own cross-field rule)', async () => {
    const { term, expansion, save, fill } = await openNew();
    fill(term, 'IPA');
    fill(expansion, 'ipa');
    await save();
    expect(await screen.findByText('搜索词与对应的商品用词不能相同')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();

    fill(expansion, '异丙醇');
    await save();
    await waitFor(() => expect(api.post).toHaveBeenCalledTimes(1));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/search-synonyms', {
      term: 'IPA',
      expansion: '异丙醇',
    });
  });
});
