import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageSds } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import { SdsSection } from './sds-section';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), upload: vi.fn(), download: vi.fn() },
}));

const sheet = (over: Partial<ManageSds>): ManageSds => ({
  id: 1,
  language: 'zh',
  version: '1.0',
  revisedAt: Date.UTC(2024, 0, 10),
  url: '/manage/v1/products/7/sds/zh/1.0',
  current: true,
  createTime: Date.UTC(2024, 0, 11),
  staffName: '运营小王',
  ...over,
});

let stored: ManageSds[] = [];

beforeEach(() => {
  vi.clearAllMocks();
  stored = [];
  vi.mocked(api.get).mockImplementation(() => Promise.resolve(stored));
  vi.mocked(api.upload).mockResolvedValue({
    ok: true,
    msg: '安全技术说明书已上传',
    data: { id: 9 },
  });
  vi.mocked(api.download).mockResolvedValue();
});
afterEach(() => cleanup());

const pdf = () => new File(['%PDF-1.4'], '乙醚SDS.pdf', { type: 'application/pdf' });

async function choose(file: File) {
  const input = screen.getByTestId('sds-section').querySelector('input[type="file"]');
  if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
  await userEvent.upload(input, file);
}

describe('安全技术说明书 section of the product form', () => {
  it('lists every version with the current one marked, and downloads one with the staff token', async () => {
    stored = [
      sheet({ id: 2, version: '2.0', url: '/manage/v1/products/7/sds/zh/2.0' }),
      sheet({ id: 1, current: false }),
      sheet({ id: 3, language: 'en', version: '2.0', url: '/manage/v1/products/7/sds/en/2.0' }),
    ];
    const user = userEvent.setup({ delay: null });
    renderScreen(<SdsSection productId={7} number="YF-ET500" hazardous />);
    await screen.findAllByText('当前版本');
    const rows = screen.getAllByRole('row');
    const texts = rows.slice(1).map((r) => r.textContent);
    expect(texts).toEqual([
      expect.stringMatching(/^中文2\.02024-01-10.*运营小王当前版本下载$/),
      expect.stringMatching(/^中文1\.0.*已被新版本取代下载$/),
      expect.stringMatching(/^英文2\.0.*当前版本下载$/),
    ]);
    expect(screen.queryByText(/危险品须随货提供中文安全技术说明书/)).toBeNull();
    await user.click(within(rows[2] as HTMLElement).getByText('下载'));
    expect(api.download).toHaveBeenCalledWith(
      '/manage/v1/products/7/sds/zh/1.0',
      undefined,
      'YF-ET500-SDS-zh-1.0.pdf',
    );
  });

  it('flags a hazardous product without a Chinese sheet and uploads a new version', async () => {
    stored = [sheet({ language: 'en', url: '/manage/v1/products/7/sds/en/1.0' })];
    const user = userEvent.setup({ delay: null });
    renderScreen(<SdsSection productId={7} number="YF-ET500" hazardous />);
    expect(
      await screen.findByText('危险品须随货提供中文安全技术说明书，请上传中文 SDS'),
    ).toBeTruthy();

    fireEvent.change(screen.getByLabelText('版本号'), { target: { value: ' 2.0 ' } });
    const date = screen.getByPlaceholderText('YYYY-MM-DD');
    await user.click(date);
    await user.type(date, '2025-03-01{enter}');
    await choose(pdf());
    await user.click(button('上传新版本'));

    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(1));
    const [url, form] = vi.mocked(api.upload).mock.calls[0] ?? [];
    expect(url).toBe('/manage/v1/products/7/sds');
    const sent = form as FormData;
    expect(sent.get('language')).toBe('zh');
    expect(sent.get('version')).toBe('2.0');
    const revisedAt = new Date(Number(sent.get('revisedAt')));
    expect([revisedAt.getFullYear(), revisedAt.getMonth() + 1, revisedAt.getDate()]).toEqual([
      2025, 3, 1,
    ]);
    expect((sent.get('file') as File).name).toBe('乙醚SDS.pdf');
    expect(await screen.findByText('安全技术说明书已上传')).toBeTruthy();
  });

  it('refuses a version the server would refuse, and an upload without a file, sending nothing', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<SdsSection productId={7} number="YF-ET500" hazardous={false} />);
    await screen.findByText('尚未上传安全技术说明书');
    fireEvent.change(screen.getByLabelText('版本号'), { target: { value: '2/0' } });
    await user.click(button('上传新版本'));
    expect(
      await screen.findByText('版本号须为 1-20 位字母、数字、点、短横线或下划线'),
    ).toBeTruthy();
    fireEvent.change(screen.getByLabelText('版本号'), { target: { value: '2.0' } });
    await user.click(button('上传新版本'));
    expect(await screen.findByText('请选择 PDF 文件')).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();
    // Not hazardous: no warning for the missing Chinese sheet.
    expect(screen.queryByText(/危险品须随货提供中文安全技术说明书/)).toBeNull();
  });

  it('asks to save a new product first', () => {
    renderScreen(<SdsSection productId={null} number="" hazardous />);
    expect(screen.getByText('保存商品后可上传安全技术说明书。')).toBeTruthy();
    expect(api.get).not.toHaveBeenCalled();
  });
});
