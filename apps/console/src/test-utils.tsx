import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { App, ConfigProvider } from 'antd';
import zhCN from 'antd/locale/zh_CN';
import { PHONE_QUERY } from '@/hooks/use-phone-screen';

/**
 * Renders a console screen as the app does (app/provider.tsx: antd in Chinese with its App for
 * messages; a fresh query cache; a router at `path`), for component tests. Requests go wherever
 * the test mocks `@/lib/api-client`.
 */
export function renderScreen(ui: ReactNode, path = '/') {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  return {
    client,
    ...render(
      <QueryClientProvider client={client}>
        <MemoryRouter initialEntries={[path]}>
          <ConfigProvider locale={zhCN} button={{ autoInsertSpace: false }}>
            <App>{ui}</App>
          </ConfigProvider>
        </MemoryRouter>
      </QueryClientProvider>,
    ),
  };
}

/** antd puts a space between the two characters of a two-character button (保 存). */
export const buttonName = (text: string) => new RegExp(`^${[...text].join('\\s?')}$`);

/**
 * The button showing `text` (found by its text: getByRole's accessible names are slow to
 * compute over a whole screen with a table).
 */
export function button(text: string): HTMLButtonElement {
  const found = screen
    .getAllByText(buttonName(text))
    .map((el) => el.closest('button'))
    .filter((b): b is HTMLButtonElement => b !== null);
  if (found.length !== 1) throw new Error(`${found.length} buttons named ${text}`);
  return found[0] as HTMLButtonElement;
}

/**
 * Makes the window a phone's (below 576 px) until the answered function is called: the media
 * query of hooks/use-phone-screen.ts, antd's xs among them, matches; every wider one does not.
 */
export function asPhone(): () => void {
  const original = Object.getOwnPropertyDescriptor(window, 'matchMedia');
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string): MediaQueryList =>
      ({
        matches: query === PHONE_QUERY,
        media: query,
        onchange: null,
        addListener: () => undefined,
        removeListener: () => undefined,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
        dispatchEvent: () => false,
      }) as MediaQueryList,
  });
  return () => {
    if (original) Object.defineProperty(window, 'matchMedia', original);
  };
}
