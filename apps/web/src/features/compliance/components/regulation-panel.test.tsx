import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { Regulation } from '@labshop/shared';
import { RegulationPanel } from './regulation-panel';

const show = (regulation: Regulation) =>
  render(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <RegulationPanel regulation={regulation} cas="7722-64-7" />
      </MemoryRouter>
    </QueryClientProvider>,
  );

describe('RegulationPanel', () => {
  it('names every class of a product on two lists and what each needs', () => {
    show({
      category: 'explosive-precursor',
      categories: ['explosive-precursor', 'precursor-3'],
      ghs: null,
    });
    const panel = screen.getByTestId('regulation-panel');
    expect(panel.textContent).toContain('易制爆危险化学品、易制毒化学品（第三类）');
    expect(panel.textContent).toContain(
      '购买须提供审核通过的第二类、第三类易制毒化学品购买备案证明及单位营业执照，并逐项填写用途',
    );
    expect(panel.textContent).toContain('个人不得购买。');
  });

  it('shows each GHS pictogram with its Chinese name under it', () => {
    show({
      category: 'explosive-precursor',
      categories: ['explosive-precursor', 'precursor-3'],
      ghs: {
        pictograms: ['GHS03', 'GHS07', 'GHS08', 'GHS09'],
        signalWord: '危险',
        hazardStatements: ['H272'],
      },
    });
    const captions = ['GHS03', 'GHS07', 'GHS08', 'GHS09'].map(
      (code) => screen.getByTestId(`ghs-${code}`).querySelector('figcaption')?.textContent,
    );
    expect(captions).toEqual(['氧化性', '警示', '健康危害', '危害水生环境']);
    expect(screen.getByRole('img', { name: 'GHS08 健康危害' })).toBeTruthy();
    expect(screen.getByRole('img', { name: 'GHS09 危害水生环境' })).toBeTruthy();
  });

  it('keeps the one-class wording', () => {
    show({ category: 'precursor-3', categories: ['precursor-3'], ghs: null });
    expect(screen.getByTestId('regulation-panel').textContent).toContain(
      '购买须提供审核通过的第二类、第三类易制毒化学品购买备案证明，持证单位须与订单单位一致；个人不得购买（第三类须单位备案）。',
    );
  });
});
