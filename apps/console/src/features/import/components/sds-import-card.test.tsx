import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import { SdsImportCard } from './sds-import-card';

vi.mock('@/lib/api-client', () => ({ api: { upload: vi.fn() } }));

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.upload).mockResolvedValue({
    ok: true,
    msg: '已上传 1 份，1 个文件未上传',
    data: {
      imported: [{ file: 'YF81015.pdf', number: 'YF81015', name: '乙醚', language: 'zh' }],
      failed: [{ file: 'NOPE.pdf', msg: '货号不存在：NOPE' }],
    },
  });
});
afterEach(() => cleanup());

describe('批量上传安全技术说明书', () => {
  it('sends the zip with its version and date, and lists what was stored and what was not', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<SdsImportCard />);
    fireEvent.change(screen.getByLabelText('版本号'), { target: { value: '2025.1' } });
    const date = screen.getByPlaceholderText('YYYY-MM-DD');
    await user.click(date);
    await user.type(date, '2025-06-01{enter}');
    const input = screen.getByTestId('sds-import').querySelector('input[type="file"]');
    if (!(input instanceof HTMLInputElement)) throw new Error('no file input');
    await userEvent.upload(input, new File(['PK'], 'SDS.zip', { type: 'application/zip' }));
    await user.click(button('上传'));

    await waitFor(() => expect(api.upload).toHaveBeenCalledTimes(1));
    const [url, form] = vi.mocked(api.upload).mock.calls[0] ?? [];
    expect(url).toBe('/manage/v1/products/sds/import');
    expect((form as FormData).get('version')).toBe('2025.1');
    expect(((form as FormData).get('file') as File).name).toBe('SDS.zip');
    expect(await screen.findByText('已上传 1 份，1 个文件未上传')).toBeTruthy();
    expect(screen.getByText('乙醚（YF81015）中文')).toBeTruthy();
    expect(screen.getByText('货号不存在：NOPE')).toBeTruthy();
  });

  it('asks for the zip before sending anything', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<SdsImportCard />);
    fireEvent.change(screen.getByLabelText('版本号'), { target: { value: '2025.1' } });
    await user.click(button('上传'));
    expect(await screen.findByText('请选择 ZIP 压缩包')).toBeTruthy();
    expect(api.upload).not.toHaveBeenCalled();
  });
});
