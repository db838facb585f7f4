import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '@labshop/api-client';
import { api } from '@/lib/api-client';
import { button, renderScreen } from '@/test-utils';
import ShippingClassesPage from './shipping-classes-page';

vi.mock('@/lib/api-client', () => ({ api: { get: vi.fn(), put: vi.fn() } }));

const RULES = {
  carriers: [
    { name: '顺丰速运', licensed: false },
    { name: '危险品专线', licensed: true },
  ],
  classes: [
    {
      shippingClass: 'dangerous',
      surcharge: 80,
      carriers: ['危险品专线'],
      excludedRegions: ['540000'],
    },
  ],
};

beforeEach(() => {
  vi.clearAllMocks();
  vi.mocked(api.get).mockResolvedValue(RULES);
  vi.mocked(api.put).mockResolvedValue(null);
  vi.stubGlobal(
    'fetch',
    vi.fn(() =>
      Promise.resolve(
        new Response(JSON.stringify({ '540000': '西藏自治区', '650000': '新疆维吾尔自治区' })),
      ),
    ),
  );
});
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

describe('运输类别', () => {
  it('shows each class with its carriers and saves the four rules', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ShippingClassesPage />);
    const dangerous = await screen.findByTestId('shipping-class-dangerous');
    expect(within(dangerous).getByText('危险品专线')).toBeTruthy();
    expect(await within(dangerous).findByText('西藏自治区（540000）')).toBeTruthy();
    await user.click(button('保存'));
    await waitFor(() => expect(api.put).toHaveBeenCalled());
    const [url, sent] = vi.mocked(api.put).mock.calls[0]!;
    expect(url).toBe('/manage/v1/settings/shipping-classes');
    expect(sent).toEqual({
      carriers: RULES.carriers,
      classes: [
        {
          shippingClass: 'normal',
          surcharge: 0,
          carriers: ['顺丰速运', '危险品专线'],
          excludedRegions: [],
        },
        RULES.classes[0],
        {
          shippingClass: 'cold',
          surcharge: 0,
          carriers: ['顺丰速运', '危险品专线'],
          excludedRegions: [],
        },
        {
          shippingClass: 'frozen',
          surcharge: 0,
          carriers: ['顺丰速运', '危险品专线'],
          excludedRegions: [],
        },
      ],
    });
  });

  it("shows the server's refusal on the page", async () => {
    vi.mocked(api.put).mockRejectedValue(new ApiError(400, '承运商重复：顺丰速运', 400));
    const user = userEvent.setup({ delay: null });
    renderScreen(<ShippingClassesPage />);
    await screen.findByTestId('shipping-class-dangerous');
    await user.click(button('保存'));
    expect(
      within(await screen.findByTestId('shipping-rules-error')).getByText('承运商重复：顺丰速运'),
    ).toBeTruthy();
  });

  it('refuses a surcharge over the limit without sending', async () => {
    const user = userEvent.setup({ delay: null });
    renderScreen(<ShippingClassesPage />);
    fireEvent.change(await screen.findByLabelText('附加运费 危险品'), {
      target: { value: '10000' },
    });
    await user.click(button('保存'));
    expect(await screen.findByText('附加运费应为 0-9999.99 元')).toBeTruthy();
    expect(api.put).not.toHaveBeenCalled();
  });
});
