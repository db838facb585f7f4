import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { getBuyingFor, setBuyingFor } from '@/lib/buying-for';
import { saveSession } from '@/lib/session';
import { BuyingForSelect } from './buying-for-select';
import { apiAnswer } from '@/test-answers';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

let orgs: unknown[];
let sent: { url: string; org: string | null }[];

beforeEach(() => {
  sent = [];
  orgs = [
    { id: 3, name: '化学系课题组', uscc: '', role: 'buyer', verified: true },
    { id: 4, name: '安全处', uscc: '', role: 'safety', verified: true },
  ];
  vi.stubGlobal(
    'fetch',
    vi.fn((url: string, init: RequestInit = {}) => {
      sent.push({ url, org: new Headers(init.headers).get('X-Org-Id') });
      const data = url.endsWith('/client/v1/orgs') ? orgs : [];
      return Promise.resolve(apiAnswer(data));
    }),
  );
});

afterEach(() => vi.unstubAllGlobals());

const login = () =>
  saveSession({ token: 't', exp: Date.now() + 60_000, name: '张三', account: '13800000001' });

function renderSelect(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <QueryClientProvider client={client}>
      <BuyingForSelect />
    </QueryClientProvider>,
  );
  return client;
}

const select = () => screen.findByRole('combobox', { name: '采购身份' });

describe('BuyingForSelect', () => {
  it('is not there for a visitor, nor for a member of no organization', async () => {
    renderSelect();
    expect(screen.queryByRole('combobox')).toBeNull();
    login();
    orgs = [];
    renderSelect();
    await waitFor(() => expect(sent.some((s) => s.url.endsWith('/client/v1/orgs'))).toBe(true));
    expect(screen.queryByRole('combobox')).toBeNull();
  });

  it('offers 个人 and the organizations the member may order for, and remembers the choice', async () => {
    login();
    const client = renderSelect();
    const box = (await select()) as HTMLSelectElement;
    expect([...box.options].map((o) => o.text)).toEqual(['个人', '化学系课题组']);
    expect(box.value).toBe('');
    const refetch = vi.spyOn(client, 'invalidateQueries');
    await userEvent.setup().selectOptions(box, '化学系课题组');
    expect(getBuyingFor()).toBe(3);
    expect(box.value).toBe('3');
    // The priced answers are asked again with the organization.
    expect(refetch.mock.calls.map((c) => c[0]?.queryKey)).toEqual([['products'], ['cart']]);
  });

  it('falls back to 个人 when the member is no longer in the chosen organization', async () => {
    login();
    setBuyingFor(9);
    renderSelect();
    const box = (await select()) as HTMLSelectElement;
    await waitFor(() => expect(getBuyingFor()).toBeNull());
    expect(box.value).toBe('');
  });

  it('does not keep a choice of an organization the member may not order for', async () => {
    login();
    setBuyingFor(4);
    renderSelect();
    await select();
    await waitFor(() => expect(getBuyingFor()).toBeNull());
  });
});
