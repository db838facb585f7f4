import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ExplosiveReportRow } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import { ExplosiveReport } from './explosive-report';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), download: vi.fn() },
}));

const row = (id: number, orderNumber: string, daysLeft: number): ExplosiveReportRow => ({
  id,
  shippedAt: 0,
  orderId: id,
  orderNumber,
  productId: 1,
  productName: '硝酸',
  cas: '7697-37-2',
  category: 'explosive-precursor',
  categories: ['explosive-precursor'],
  pack: '500mL',
  lots: 'HN1×1',
  count: 1,
  quantity: 500,
  unit: 'mL',
  buyerCompany: '南京试剂检测有限公司',
  consignee: '张三',
  consigneePhone: '13900000000',
  address: '中山路 18 号',
  documentKind: 'business-licence',
  documentNumber: '91320100MA1XXXXX0Q',
  documentId: 1,
  staffName: '库管',
  region: '江苏省 南京市 玄武区',
  buyerCreditCode: '91320100MA1XXXXX0Q',
  buyerRegisteredAddress: '',
  purpose: '实验室分析',
  carrier: '危险品专线',
  trackingNumber: 'WX1',
  handlerName: '',
  handlerIdNumber: '',
  dueDate: '2026-12-06',
  daysLeft,
});

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue([row(7, 'NO7', 3), row(8, 'NO8', -2)]);
  vi.mocked(api.post).mockResolvedValue({ reported: 1 });
});

afterEach(() => cleanup());

describe('易制爆报告', () => {
  it('lists the lines with their days left, the overdue one in red', async () => {
    renderScreen(<ExplosiveReport />);
    const late = await screen.findByTestId('explosive-NO8');
    expect(within(late).getByText('已超期 2 天')).toBeTruthy();
    expect(late.getAttribute('style')).toContain('background');
    const fresh = screen.getByTestId('explosive-NO7');
    expect(within(fresh).getByText('剩 3 天')).toBeTruthy();
    expect(fresh.getAttribute('style') ?? '').not.toContain('background');
    expect(screen.getByText('1 条已超过 5 日报告期限')).toBeTruthy();
    expect(within(late).getByText('江苏省 南京市 玄武区 中山路 18 号')).toBeTruthy();
  });

  it('marks the selected lines reported only after the confirmation', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ExplosiveReport />);
    const late = await screen.findByTestId('explosive-NO8');
    expect(button('标记为已报告').disabled).toBe(true);
    await user.click(within(late).getByRole('checkbox'));
    await user.click(button('标记为已报告'));
    expect(await screen.findByText('将选中的 1 条标记为已向公安机关报告？')).toBeTruthy();
    expect(api.post).not.toHaveBeenCalled();
    await user.click(button('标记'));
    await waitFor(() =>
      expect(api.post).toHaveBeenCalledWith('/manage/v1/compliance/explosive-report', {
        lineIds: [8],
      }),
    );
  });

  it('exports the list as XLSX', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ExplosiveReport />);
    await screen.findByTestId('explosive-NO8');
    await user.click(button('导出 Excel'));
    expect(api.download).toHaveBeenCalledWith(
      '/manage/v1/compliance/explosive-report',
      { format: 'xlsx' },
      '易制爆销售报告.xlsx',
    );
  });
});
