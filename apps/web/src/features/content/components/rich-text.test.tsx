import { describe, expect, it, onTestFinished } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider, useLocation } from 'react-router';
import { RichText } from './rich-text';

function Where() {
  return <p data-testid="where">{useLocation().pathname}</p>;
}

function renderAt(html: string) {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <>
            <RichText html={html} />
            <Where />
          </>
        ),
      },
    ],
    { initialEntries: ['/article/productorder'] },
  );
  render(<RouterProvider router={router} />);
}

describe('RichText', () => {
  it('drops scripts and event handlers from server HTML', () => {
    renderAt(
      '<p>安全内容</p><script>window.hacked = 1</script><img src="x.png" onerror="alert(1)">',
    );
    expect(screen.getByText('安全内容').tagName).toBe('P');
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('img')?.getAttribute('onerror')).toBeNull();
  });

  it('follows links to shop pages inside the app', async () => {
    renderAt('<p>可在<a href="/certificate">COA 下载</a>页面查询</p>');
    await userEvent.click(screen.getByRole('link', { name: 'COA 下载' }));
    expect(screen.getByTestId('where').textContent).toBe('/certificate');
  });

  it('leaves file links to the browser', async () => {
    renderAt('<a href="/files/coa/a.pdf">证书</a>');
    const link = screen.getByRole('link', { name: '证书' });
    // Seen at the document, after the component's own handler had its say.
    let defaultPrevented = true;
    const spy = (e: Event) => {
      defaultPrevented = e.defaultPrevented;
      e.preventDefault();
    };
    document.addEventListener('click', spy);
    onTestFinished(() => document.removeEventListener('click', spy));
    await userEvent.click(link);
    expect(defaultPrevented).toBe(false);
    expect(screen.getByTestId('where').textContent).toBe('/article/productorder');
  });
});
