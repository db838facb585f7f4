import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { SdsLinks } from './sds-links';

describe('the SDS links of a product', () => {
  it('link each current sheet, Chinese first, by its language and version', () => {
    render(
      <SdsLinks
        sds={[
          { language: 'zh', version: '2.0', revisedAt: 0, url: '/client/v1/products/5/sds/zh/2.0' },
          { language: 'en', version: '1.1', revisedAt: 0, url: '/client/v1/products/5/sds/en/1.1' },
        ]}
      />,
    );
    const links = screen.getAllByRole('link');
    expect(links.map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['中文 SDS（2.0 版）', '/client/v1/products/5/sds/zh/2.0'],
      ['英文 SDS（1.1 版）', '/client/v1/products/5/sds/en/1.1'],
    ]);
  });

  it('show nothing for a product without a sheet', () => {
    const { container } = render(<SdsLinks sds={[]} />);
    expect(container.textContent).toBe('');
    expect(render(<SdsLinks sds={undefined} />).container.textContent).toBe('');
  });
});
