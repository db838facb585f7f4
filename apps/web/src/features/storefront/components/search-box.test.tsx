import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { toastError } from '@/lib/toast';
import { SearchBox } from './search-box';

vi.mock('@/lib/toast', () => ({ toastError: vi.fn(), toastSuccess: vi.fn() }));

function Where() {
  const { pathname, search } = useLocation();
  return <output data-testid="where">{decodeURIComponent(pathname + search)}</output>;
}

function renderBox(at = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return render(
    <QueryClientProvider client={client}>
      <MemoryRouter initialEntries={[at]}>
        <SearchBox />
        <Routes>
          <Route path="*" element={<Where />} />
        </Routes>
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

const where = () => screen.getByTestId('where').textContent;
const box = () => screen.getByRole<HTMLInputElement>('searchbox', { name: '搜索商品' });

describe('SearchBox', () => {
  beforeEach(() => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() =>
        Promise.resolve(
          new Response(
            JSON.stringify({
              code: 0,
              msg: '',
              data: [
                { id: 1, keyword: '甲醇' },
                { id: 2, keyword: '58-08-2' },
              ],
            }),
          ),
        ),
      ),
    );
  });
  afterEach(() => {
    vi.unstubAllGlobals();
    vi.mocked(toastError).mockClear();
  });

  it('searches the trimmed term and remembers it', async () => {
    renderBox();
    expect(box().placeholder).toBe('名称 / 货号 / CAS号');
    await userEvent.type(box(), '  苯甲酸 {Enter}');
    expect(where()).toBe('/search?name=苯甲酸');
    expect(localStorage.getItem('searchValue')).toBe('苯甲酸');
    expect(toastError).not.toHaveBeenCalled();
  });

  it('refuses an empty or blank term with a toast and stays put', async () => {
    renderBox();
    await userEvent.click(screen.getByRole('button', { name: '搜索' }));
    await userEvent.type(box(), '   {Enter}');
    expect(toastError).toHaveBeenCalledTimes(2);
    expect(toastError).toHaveBeenCalledWith('请输入搜索内容');
    expect(where()).toBe('/');
    expect(localStorage.getItem('searchValue')).toBeNull();
  });

  it('lists hot keywords as links that search for themselves', async () => {
    renderBox();
    const hot = await screen.findByRole('link', { name: '58-08-2' });
    // A real address, so the keyword works before the app takes over the server's page.
    expect(hot.getAttribute('href')).toBe('/search?name=58-08-2');
    await userEvent.click(hot);
    expect(where()).toBe('/search?name=58-08-2');
    expect(box().value).toBe('58-08-2');
    expect(localStorage.getItem('searchValue')).toBe('58-08-2');
  });

  it('shows the remembered term, and the viewed term on the results page', () => {
    localStorage.setItem('searchValue', '乙腈');
    const { unmount } = renderBox('/cart');
    expect(box().value).toBe('乙腈');
    unmount();
    renderBox('/search?name=%E7%94%B2%E9%86%87');
    expect(box().value).toBe('甲醇');
  });
});
