import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { setBuyingFor } from '@/lib/buying-for';
import { clearSession, saveSession } from '@/lib/session';
import type { Regulation } from '@labshop/shared';
import { RegulationPanel } from './regulation-panel';
import { apiAnswer } from '@/test-answers';

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

  describe('for a logged-in member', () => {
    const licence = (orgId: number | null) => ({
      id: 1,
      kind: 'business-licence',
      number: '91110000MA00000001',
      holder: '王课题组',
      validUntil: '2099-12-31',
      status: 'approved',
      reason: '',
      fileType: 'application/pdf',
      createTime: 0,
      reviewTime: 0,
      substances: [],
      orgId,
    });
    let urls: string[];
    const serve = (answer: (url: string) => unknown) => {
      urls = [];
      vi.stubGlobal(
        'fetch',
        vi.fn((url: string) => {
          urls.push(url);
          return Promise.resolve(apiAnswer(answer(url)));
        }),
      );
    };
    afterEach(() => {
      setBuyingFor(null);
      clearSession({ toLogin: false });
      vi.unstubAllGlobals();
    });
    const login = () =>
      saveSession({ token: 't', exp: Date.now() + 60_000, name: '李同学', account: '138' });
    const explosive: Regulation = {
      category: 'explosive-precursor',
      categories: ['explosive-precursor'],
      ghs: null,
    };

    it('says whether the organization bought for holds the documents, linking to its 单位资质', async () => {
      login();
      setBuyingFor(7);
      serve((url) =>
        url.includes('/client/v1/user/qualifications/buying?orgId=7')
          ? { org: { id: 7, name: '王课题组' }, documents: [licence(7)] }
          : { org: null, documents: [] },
      );
      show(explosive);
      await waitFor(() =>
        expect(screen.getByTestId('regulation-status').textContent).toBe(
          '单位「王课题组」已有审核通过的营业执照。',
        ),
      );
    });

    it('says the organization lacks a document and links to its 单位资质 tab', async () => {
      login();
      setBuyingFor(7);
      serve((url) => ({
        org: url.includes('orgId=7') ? { id: 7, name: '王课题组' } : null,
        documents: [],
      }));
      show(explosive);
      const link = await screen.findByRole('link', { name: '查看单位资质' });
      expect(link.getAttribute('href')).toBe('/userinfo/5-1?org=7&tab=documents');
      expect(screen.getByTestId('regulation-status').textContent).toContain(
        '单位「王课题组」尚无可用的营业执照',
      );
    });

    it('checks the member’s own documents when buying as 个人', async () => {
      login();
      serve(() => ({ org: null, documents: [licence(null)] }));
      show(explosive);
      await waitFor(() =>
        expect(screen.getByTestId('regulation-status').textContent).toBe(
          '您已有审核通过的营业执照。',
        ),
      );
      expect(urls.some((u) => u.endsWith('/client/v1/user/qualifications/buying'))).toBe(true);
    });
  });
});
