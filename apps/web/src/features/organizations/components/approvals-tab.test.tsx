import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { OrgDetail, PendingApproval } from '@labshop/shared/schemas';
import { toastSuccess } from '@/lib/toast';
import { useOrg } from '../api/orgs';
import ApprovalsTab from './approvals-tab';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

const pending: PendingApproval = {
  orderId: 41,
  number: 'DD202612040001',
  amount: 1280,
  buyerId: 7,
  buyerName: '李四',
  budgetCode: 'KY2026',
  createTime: Date.UTC(2026, 11, 4),
  roles: ['approver'],
  approval: {
    status: 'pending',
    steps: [
      { role: 'approver', userId: null, name: '', decision: 'pending', remark: '', time: null },
    ],
  },
};

let decided: { url: string; body: unknown }[];
let detailDelay: number;

beforeEach(() => {
  decided = [];
  detailDelay = 0;
  vi.mocked(toastSuccess).mockClear();
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit = {}) => {
      if (init.method === 'POST') {
        decided.push({ url, body: JSON.parse(init.body as string) });
        return apiAnswer(null);
      }
      if (url.includes('/approvals')) return apiAnswer(decided.length ? [] : [pending]);
      if (url.endsWith('/client/v1/orgs/3')) {
        // The organization answers last: the list without the decided order is on screen before
        // the decision's refetches have all settled.
        await new Promise((r) => setTimeout(r, detailDelay));
        return apiAnswer(org);
      }
      return apiAnswer({ records: [], total: 0, size: 20, current: 1, pages: 0 });
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const org = { id: 3, name: '化学系课题组' } as OrgDetail;

/** The tab as the organization's page holds it: beneath the organization's own query. */
function Page() {
  const detail = useOrg(3);
  return detail.data ? <ApprovalsTab org={detail.data} /> : null;
}

describe('ApprovalsTab', () => {
  it('confirms a decision even when the decided order leaves the list first', async () => {
    render(
      <QueryClientProvider client={new QueryClient()}>
        <Page />
      </QueryClientProvider>,
    );
    await userEvent.type(await screen.findByLabelText('审批意见'), '同意采购');
    detailDelay = 300;
    await userEvent.click(screen.getByRole('button', { name: '同意' }));

    await screen.findByText('暂无待审批订单');
    expect(decided).toEqual([
      { url: '/client/v1/orgs/3/approvals/41', body: { approve: true, remark: '同意采购' } },
    ]);
    await waitFor(() => expect(toastSuccess).toHaveBeenCalledWith('已同意'));
  });
});
