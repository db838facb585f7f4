import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RefusedLines } from './refused-lines';

const show = (ui: React.ReactNode) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('RefusedLines', () => {
  it('shows nothing when nothing is refused', () => {
    show(<RefusedLines lines={[]} />);
    expect(screen.queryByTestId('refused-lines')).toBeNull();
  });

  it('keeps the order refusal on the page and says when the names differ', () => {
    show(
      <RefusedLines
        lines={[
          {
            key: 1,
            name: '士的宁',
            pack: '100mg',
            needs: ['highly-toxic-permit'],
            message: '',
            holderDiffers: true,
          },
        ]}
        orderMessage="「士的宁 100mg」须有剧毒化学品购买许可证"
        namesDiffer={{ title: '南京某某科技有限公司', holders: ['南京试剂检测有限公司'] }}
      />,
    );
    expect(screen.getByTestId('refused-line').textContent).toBe(
      '士的宁 100mg：需要剧毒化学品购买许可证（已审核证件的单位名称与订单单位不一致）',
    );
    expect(screen.getByTestId('order-refusal').textContent).toContain('须有剧毒化学品购买许可证');
    expect(screen.getByTestId('names-differ').textContent).toContain(
      '发票抬头「南京某某科技有限公司」与已审核营业执照的单位名称「南京试剂检测有限公司」不一致',
    );
    expect(screen.getByRole('link', { name: '上传资质文件' }).getAttribute('href')).toBe(
      '/userinfo/1-5',
    );
  });

  it('points an organization’s buyer to its 单位资质 tab, naming it', () => {
    show(
      <RefusedLines
        lines={[{ key: 1, name: '乙醚', pack: '500mL', needs: ['precursor-record'], message: '' }]}
        orderMessage="请由单位「王课题组」的管理员或安全员在“单位资质”上传"
        org={{ id: 7, name: '王课题组' }}
      />,
    );
    const panel = screen.getByTestId('refused-lines');
    expect(panel.textContent).toContain('以下商品须有单位「王课题组」的单位资质才能下单');
    expect(
      screen.getByRole('link', { name: '查看单位「王课题组」的单位资质' }).getAttribute('href'),
    ).toBe('/userinfo/5-1?org=7&tab=documents');
    expect(screen.queryByRole('link', { name: '上传资质文件' })).toBeNull();
  });
});
