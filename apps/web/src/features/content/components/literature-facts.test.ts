import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { literatureFacts, publishDate } from './literature-facts';

beforeAll(() => {
  vi.stubEnv('TZ', 'Asia/Shanghai');
});
afterAll(() => {
  vi.unstubAllEnvs();
});

describe('publishDate', () => {
  it('reads epoch ms text as a local date', () => {
    expect(publishDate(String(Date.UTC(2021, 4, 31, 16)))).toBe('2021-06-01');
  });

  it('keeps a written date and dashes a blank one', () => {
    expect(publishDate('2019-12-01')).toBe('2019-12-01');
    expect(publishDate(' ')).toBe('--');
    expect(publishDate(undefined)).toBe('--');
  });
});

describe('literatureFacts', () => {
  it('lists number, standard, date and body in order with -- for blanks', () => {
    expect(
      literatureFacts({ standard_number: 'GB 5009.3-2016', standard: '', promulgate: '卫健委' }),
    ).toEqual([
      ['标准号', 'GB 5009.3-2016'],
      ['标准名称', '--'],
      ['发布日期', '--'],
      ['颁布单位', '卫健委'],
    ]);
  });
});
