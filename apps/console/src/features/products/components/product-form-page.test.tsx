import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Route, Routes } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { ManageProduct } from '@labshop/shared/schemas';
import { api } from '@/lib/api-client';
import { clearSession, saveSession } from '@/lib/session';
import { queryKeys } from '@/lib/query-keys';
import { button, renderScreen } from '@/test-utils';
import ProductFormPage from './product-form-page';

vi.mock('@/lib/api-client', () => ({
  api: { get: vi.fn(), post: vi.fn(), put: vi.fn(), delete: vi.fn() },
}));

/** Product 5 with one pack holding `count` in 北京仓. */
const product = (name: string, count: number): ManageProduct => ({
  id: 5,
  name,
  nameEn: 'Methanol',
  alias: '',
  synonyms: '',
  introduction: '',
  summary: '',
  brandName: 'Yifanglab',
  cas: '67-56-1',
  number: 'YF10005',
  temperature: '',
  molecularWeight: '',
  molecularFormula: '',
  smiles: '',
  inchiKey: '',
  mdl: '',
  nationalStandard: '',
  purity: '',
  control: '',
  soluteCas: '',
  regulation: {
    category: null,
    categories: [],
    ghs: null,
    listed: [],
    sources: [],
    lowered: [],
    reason: '',
  },
  attributes: {},
  image: '',
  images: [],
  relationItems: [],
  categoryId: null,
  onSale: true,
  isHot: false,
  isNew: false,
  createTime: 0,
  updateTime: 0,
  materials: [
    {
      id: 51,
      pack: '1mL',
      price: 100,
      userPrice: 80,
      onSale: true,
      shippingClass: 'normal',
      unNumber: '',
      hazardClass: '',
      leadTimeDays: null,
      stocks: [{ storeId: 1, storeName: '北京仓', materialCount: count }],
    },
  ],
});

let stored: ManageProduct;

beforeEach(() => {
  vi.clearAllMocks();
  saveSession({ token: 't', name: 'admin', account: 'admin', roles: ['admin'] });
  stored = product('甲醇标准品', 5);
  vi.mocked(api.get).mockImplementation((url: string) => {
    if (url === '/manage/v1/products/5') return Promise.resolve(structuredClone(stored));
    if (url === '/manage/v1/stores') return Promise.resolve([{ id: 1, name: '北京仓' }]);
    return Promise.resolve([]);
  });
  vi.mocked(api.put).mockResolvedValue(null);
});

afterEach(() => clearSession());

const open = async () => {
  const screenApi = renderScreen(
    <Routes>
      <Route path="/products/:id" element={<ProductFormPage />} />
    </Routes>,
    '/products/5',
  );
  const name = await screen.findByDisplayValue('甲醇标准品');
  await screen.findByDisplayValue('5');
  return { ...screenApi, name: name as HTMLInputElement };
};

describe('商品编辑 form', () => {
  it('keeps what the staff typed when the product reloads, and sends the count it was filled with', async () => {
    const { client, name } = await open();
    fireEvent.change(name, { target: { value: '甲醇标准品（改）' } });
    // Meanwhile the warehouse receives 4, and the product reloads in the background.
    stored = product('甲醇标准品', 9);
    await client.refetchQueries({ queryKey: queryKeys.productDetail(5) });
    await waitFor(() =>
      expect(
        client.getQueryData<ManageProduct>(queryKeys.productDetail(5))?.materials[0]?.stocks,
      ).toEqual([{ storeId: 1, storeName: '北京仓', materialCount: 9 }]),
    );
    expect(name.value).toBe('甲醇标准品（改）');
    expect(screen.getByDisplayValue('5')).toBeTruthy();

    await userEvent.setup({ delay: null }).click(button('保存'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    const [url, body] = vi.mocked(api.put).mock.calls[0] as [string, Record<string, unknown>];
    expect(url).toBe('/manage/v1/products/5');
    expect(body).toMatchObject({
      name: '甲醇标准品（改）',
      materials: [{ id: 51, stocks: [{ storeId: 1, materialCount: 5, seenCount: 5 }] }],
    });
  });

  it('fills the form again from the saved product, so the next save sees the new counts', async () => {
    const { name } = await open();
    fireEvent.change(name, { target: { value: '甲醇标准品（改）' } });
    // The server's answer to the reload after the save: the name as saved, and stock moved to 7.
    vi.mocked(api.put).mockImplementation(() => {
      stored = product('甲醇标准品（改）', 7);
      return Promise.resolve(null);
    });
    const user = userEvent.setup({ delay: null });
    await user.click(button('保存'));
    await screen.findByDisplayValue('7');

    await user.click(button('保存'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(2));
    const body = vi.mocked(api.put).mock.calls[1]?.[1] as Record<string, unknown>;
    expect(body).toMatchObject({
      materials: [{ stocks: [{ storeId: 1, materialCount: 7, seenCount: 7 }] }],
    });
  });

  it('a dangerous pack asks for its UN编号 and 危险类别 and sends them with its 货期', async () => {
    await open();
    const user = userEvent.setup({ delay: null });
    expect(screen.queryByLabelText('UN编号 1')).toBeNull();
    await user.click(screen.getByLabelText('运输类别 1'));
    await user.click(await screen.findByTitle('危险品'));
    // The dangerous pack's fields appear once the form has taken the choice: a render later.
    fireEvent.change(await screen.findByLabelText('UN编号 1'), { target: { value: '1155' } });
    fireEvent.change(screen.getByLabelText('货期 1'), { target: { value: '14' } });
    await user.click(button('保存'));
    expect(await screen.findByText('UN 编号格式应为 UN 加四位数字，如 UN1155')).toBeTruthy();
    expect(await screen.findByText('危险货物类别应为 1-9 类，可带项，如 3、6.1')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
    fireEvent.change(screen.getByLabelText('UN编号 1'), { target: { value: 'un1155' } });
    fireEvent.change(screen.getByLabelText('危险类别 1'), { target: { value: '3' } });
    await user.click(button('保存'));
    await waitFor(() => expect(api.put).toHaveBeenCalledTimes(1));
    expect(vi.mocked(api.put).mock.calls[0]?.[1]).toMatchObject({
      materials: [
        {
          id: 51,
          shippingClass: 'dangerous',
          unNumber: 'UN1155',
          hazardClass: '3',
          leadTimeDays: 14,
        },
      ],
    });
  });
});
