import type { ReactNode } from 'react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { api } from '@/lib/api-client';
import { useDeleteBrand, useSaveBrand } from '@/features/brands/api/brands';
import { useSaveCategory } from '@/features/categories/api/categories';
import { useSaveWarehouse } from '@/features/warehouses/api/warehouses';
import { useBrands, useCategories, useStores } from '@/hooks/use-reference-data';

/*
 * The reference data several screens share (hooks/use-reference-data.ts) and the management
 * pages that change it: here, at the app level that composes both, since a shared hook never
 * imports a feature.
 */
vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

const get = vi.mocked(api.get);

/** The answers the server gives now, by path; a test changes them to see a refresh. */
let answers: Record<string, unknown[]>;

beforeEach(() => {
  vi.clearAllMocks();
  answers = {
    '/manage/v1/brands': [{ id: 1, name: 'Sigma', sort: 10, products: 3 }],
    '/manage/v1/stores': [{ id: 1, name: '北京仓' }],
    '/manage/v1/categories': [{ id: 1, pid: 0, title: '标准物质', url: '', model: 'product' }],
  };
  get.mockImplementation((path: string) => Promise.resolve(answers[path] ?? []));
  vi.mocked(api.post).mockResolvedValue({ id: 2 });
  vi.mocked(api.put).mockResolvedValue(null);
  vi.mocked(api.delete).mockResolvedValue(null);
});

const withClient = (ui: ReactNode) =>
  render(
    <QueryClientProvider
      client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}
    >
      {ui}
    </QueryClientProvider>,
  );

const callsTo = (path: string) => get.mock.calls.filter(([p]) => p === path).length;

function BrandNames({ label }: { label: string }) {
  const brands = useBrands();
  return <p aria-label={label}>{(brands.data ?? []).map((b) => b.name).join('、')}</p>;
}

function StoreNames() {
  const stores = useStores();
  return <p aria-label="仓库">{(stores.data ?? []).map((s) => s.name).join('、')}</p>;
}

function CategoryTitles() {
  const categories = useCategories();
  return <p aria-label="分类">{(categories.data ?? []).map((c) => c.title).join('、')}</p>;
}

describe('reference data hooks', () => {
  it('answer two screens reading the same list with one request', async () => {
    withClient(
      <>
        <BrandNames label="商品列表的品牌" />
        <BrandNames label="品牌管理" />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('商品列表的品牌').textContent).toBe('Sigma'));
    expect(screen.getByLabelText('品牌管理').textContent).toBe('Sigma');
    expect(callsTo('/manage/v1/brands')).toBe(1);
  });

  it('read each list from its own address', async () => {
    withClient(
      <>
        <StoreNames />
        <CategoryTitles />
      </>,
    );
    await waitFor(() => expect(screen.getByLabelText('仓库').textContent).toBe('北京仓'));
    await waitFor(() => expect(screen.getByLabelText('分类').textContent).toBe('标准物质'));
    expect(get.mock.calls.map(([p]) => p).sort()).toEqual([
      '/manage/v1/categories',
      '/manage/v1/stores',
    ]);
  });
});

/*
 * The writes name the same entry of lib/query-keys.ts as the reads, so a save on a management
 * page refreshes every screen that shows the list (docs/console.md, "Data layer").
 */
describe('a management save refreshes the shared list', () => {
  it('a new warehouse shows wherever warehouses are listed', async () => {
    function Page() {
      const save = useSaveWarehouse();
      return (
        <>
          <StoreNames />
          <button type="button" onClick={() => save.mutate({ id: null, name: '上海仓' })}>
            新增
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    withClient(<Page />);
    await waitFor(() => expect(screen.getByLabelText('仓库').textContent).toBe('北京仓'));

    answers['/manage/v1/stores'] = [
      ...(answers['/manage/v1/stores'] ?? []),
      { id: 2, name: '上海仓' },
    ];
    await user.click(screen.getByRole('button', { name: '新增' }));
    await waitFor(() => expect(screen.getByLabelText('仓库').textContent).toBe('北京仓、上海仓'));
    expect(api.post).toHaveBeenCalledWith('/manage/v1/stores', { name: '上海仓' });
    expect(callsTo('/manage/v1/stores')).toBe(2);
  });

  it('a renamed or deleted brand changes every brand list', async () => {
    function Page() {
      const save = useSaveBrand();
      const remove = useDeleteBrand();
      return (
        <>
          <BrandNames label="商品表单的品牌" />
          <button
            type="button"
            onClick={() => save.mutate({ id: 1, body: { name: 'Merck', sort: 10 } })}
          >
            改名
          </button>
          <button type="button" onClick={() => remove.mutate(1)}>
            删除
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    withClient(<Page />);
    const names = () => screen.getByLabelText('商品表单的品牌').textContent;
    await waitFor(() => expect(names()).toBe('Sigma'));

    answers['/manage/v1/brands'] = [{ id: 1, name: 'Merck', sort: 10, products: 3 }];
    await user.click(screen.getByRole('button', { name: '改名' }));
    await waitFor(() => expect(names()).toBe('Merck'));
    expect(api.put).toHaveBeenCalledWith('/manage/v1/brands/1', { name: 'Merck', sort: 10 });

    answers['/manage/v1/brands'] = [];
    await user.click(screen.getByRole('button', { name: '删除' }));
    await waitFor(() => expect(names()).toBe(''));
    expect(api.delete).toHaveBeenCalledWith('/manage/v1/brands/1');
  });

  it('a new category shows in the product form and list', async () => {
    function Page() {
      const save = useSaveCategory();
      return (
        <>
          <CategoryTitles />
          <button
            type="button"
            onClick={() => save.mutate({ id: null, body: { pid: 1, title: '农残标准品' } })}
          >
            新增
          </button>
        </>
      );
    }
    const user = userEvent.setup();
    withClient(<Page />);
    await waitFor(() => expect(screen.getByLabelText('分类').textContent).toBe('标准物质'));

    answers['/manage/v1/categories'] = [
      ...(answers['/manage/v1/categories'] ?? []),
      { id: 2, pid: 1, title: '农残标准品' },
    ];
    await user.click(screen.getByRole('button', { name: '新增' }));
    await waitFor(() =>
      expect(screen.getByLabelText('分类').textContent).toBe('标准物质、农残标准品'),
    );
  });
});
