import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { LedgerRow, ManageQualification } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { asPhone, renderScreen } from '@/test-utils';
import CompliancePage from './compliance-page';

/**
 * 合规管理 where it was hard to read (docs/console.md, "On a phone"): the sales ledger's 品名 kept
 * a readable width with the whole name on hover, and members' documents as cards on a phone.
 */
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), download: vi.fn(), blob: vi.fn() },
}));

const NAME = '2,4-二硝基苯肼标准溶液（乙腈中）';

const ledgerRow = {
  id: 1,
  shippedAt: 0,
  orderId: 7,
  orderNumber: 'NO7',
  productId: 1,
  productName: NAME,
  cas: '119-26-6',
  category: 'explosive-precursor',
  categories: ['explosive-precursor'],
  pack: '1mL',
  lots: 'L1×1',
  count: 1,
  quantity: 1,
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
  carrier: '危险品专线',
  trackingNumber: 'WX1',
  handlerName: '',
  handlerIdNumber: '',
} as unknown as LedgerRow;

const document: ManageQualification = {
  id: 3,
  kind: 'business-licence',
  number: '91320100MA1XXXXX0Q',
  holder: '南京试剂检测有限公司',
  validUntil: '2030-12-31',
  status: 'pending',
  reason: '',
  fileType: 'application/pdf',
  createTime: new Date(2026, 0, 2, 9, 0, 0).getTime(),
  reviewTime: null,
  substances: [],
  userId: 5,
  account: 'lab@example.com',
  company: '南京试剂检测有限公司',
  daysLeft: 1800,
  reviewerName: '',
  orgId: null,
  orgName: null,
};

/** An organization's own document (单位资质), uploaded by its safety officer. */
const orgDocument: ManageQualification = {
  ...document,
  id: 4,
  kind: 'precursor-record',
  number: 'BA-2026-01',
  holder: '某大学化学系王课题组',
  account: 'safety@example.com',
  company: '',
  orgId: 9,
  orgName: '某大学化学系王课题组',
};

let restore: (() => void) | undefined;

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockImplementation((path: string) =>
    Promise.resolve(
      path === '/manage/v1/compliance/ledger' ? [ledgerRow] : { records: [document], total: 1 },
    ),
  );
});

afterEach(() => {
  cleanup();
  restore?.();
  restore = undefined;
});

describe('合规管理', () => {
  it('gives the ledger’s 品名 a width of its own, cut with an ellipsis and whole on hover', async () => {
    renderScreen(<CompliancePage />, '/compliance?tab=ledger');
    const cell = await screen.findByTitle(NAME);
    expect(cell.closest('td')?.className).toContain('ant-table-cell-ellipsis');
    const header = screen.getByRole('columnheader', { name: '品名' });
    const index = [...(header.parentElement?.children ?? [])].indexOf(header);
    const col = header.closest('table')?.querySelectorAll('colgroup col')[index] as HTMLElement;
    expect(col.style.width).toBe('200px');
  });

  it('lists members’ documents as cards on a phone', async () => {
    restore = asPhone();
    renderScreen(<CompliancePage />, '/compliance');
    const card = await screen.findByTestId('qualification-card');
    for (const text of [
      '营业执照',
      '待审核',
      '南京试剂检测有限公司',
      '91320100MA1XXXXX0Q',
      'lab@example.com',
      '2030-12-31',
    ]) {
      expect(card.textContent).toContain(text);
    }
    expect(screen.getByTestId('review-3').textContent?.replace(/\s/g, '')).toBe('审核');
    expect(screen.queryByRole('columnheader', { name: '持证单位' })).toBeNull();
  });

  it('names the organization of an organization’s document, in the list and the review', async () => {
    vi.mocked(api.get).mockImplementation((path: string) =>
      Promise.resolve(
        path === '/manage/v1/qualifications/4'
          ? { ...orgDocument, movements: [] }
          : { records: [document, orgDocument], total: 2 },
      ),
    );
    vi.mocked(api.blob).mockReturnValue(new Promise(() => {}));
    renderScreen(<CompliancePage />, '/compliance');
    const row = (await screen.findByText('BA-2026-01')).closest('tr') as HTMLElement;
    expect(within(row).getByTestId('document-org').textContent).toBe(
      '单位资质某大学化学系王课题组',
    );
    const own = screen.getByText('91320100MA1XXXXX0Q').closest('tr') as HTMLElement;
    expect(within(own).queryByTestId('document-org')).toBeNull();
    expect(own.textContent).toContain('会员本人');

    await userEvent.click(within(row).getByTestId('review-4'));
    const drawer = await screen.findByRole('dialog');
    const owner = await within(drawer).findByTestId('document-org');
    expect(owner.textContent).toBe('单位资质某大学化学系王课题组');
    expect(drawer.textContent).toContain('上传会员');
    expect(drawer.textContent).toContain('safety@example.com');
  });
});
