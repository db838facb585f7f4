import { describe, expect, it } from 'vitest';
import { encodeGbk } from '../../../test/fixtures/gbk.ts';
import { writeXlsx } from '../sheets.ts';
import {
  matchStatement,
  MSG_AMBIGUOUS,
  MSG_NO_ORDER,
  MSG_TAKEN,
  type WaitingOrder,
} from './match.ts';
import { MSG_NO_HEADER, parseAmount, parseDate, type StatementRow } from './parse.ts';
import { MSG_TOO_MANY_ROWS, readStatement } from './read.ts';

const CN = (y: number, m: number, d: number) => Date.UTC(y, m - 1, d) - 8 * 3_600_000;

describe('parseAmount', () => {
  it('reads commas, currency signs, signs and brackets as fen', () => {
    expect(parseAmount('1,234.50')).toBe(123_450);
    expect(parseAmount('￥12,345,678.9')).toBe(1_234_567_890);
    expect(parseAmount('200')).toBe(20_000);
    expect(parseAmount('-20.00')).toBe(-2_000);
    expect(parseAmount('(5.00)')).toBe(-500);
    expect(parseAmount('')).toBeNull();
    expect(parseAmount('1.234')).toBeNull();
    expect(parseAmount('abc')).toBeNull();
  });
});

describe('parseDate', () => {
  it('reads the banks’ date formats as the day in China', () => {
    for (const s of ['2026-06-01', '2026/6/1', '20260601', '2026年6月1日', '2026.06.01', '46174']) {
      expect(parseDate(s), s).toBe(CN(2026, 6, 1));
    }
    expect(parseDate('2026-06-01 09:30:00')).toBe(CN(2026, 6, 1) + 9.5 * 3_600_000);
    expect(parseDate('2026-13-01')).toBeNull();
    expect(parseDate('昨天')).toBeNull();
  });
});

const row = (over: Partial<StatementRow>): StatementRow => ({
  row: 2,
  date: CN(2026, 6, 1),
  amount: 10_000,
  payerName: '北京某大学',
  payerAccount: '6222',
  memo: '',
  ...over,
});
const order = (over: Partial<WaitingOrder>): WaitingOrder => ({
  orderId: 1,
  reference: 'D202606010001',
  amount: 10_000,
  payerNames: ['北京某大学'],
  ...over,
});

describe('matchStatement', () => {
  it('matches by the transfer reference in the memo, spaces and case aside', () => {
    const got = matchStatement(
      [row({ memo: '货款 d2026 0601 0001', payerName: '别的名字' })],
      [order({})],
    );
    expect(got).toEqual({ matched: [{ row: 2, orderId: 1, by: 'reference' }], unmatched: [] });
  });

  it('matches by exact amount and payer name when the memo names no order', () => {
    const got = matchStatement([row({ memo: '试剂款' })], [order({ reference: '' })]);
    expect(got.matched).toEqual([{ row: 2, orderId: 1, by: 'amountAndName' }]);
    const other = matchStatement([row({ amount: 10_001 })], [order({})]);
    expect(other.unmatched).toEqual([{ row: 2, msg: MSG_NO_ORDER }]);
  });

  it('leaves a row that fits two orders to staff', () => {
    const got = matchStatement([row({})], [order({}), order({ orderId: 2, reference: 'X2' })]);
    expect(got).toEqual({ matched: [], unmatched: [{ row: 2, msg: MSG_AMBIGUOUS }] });
  });

  it('never gives one order two rows', () => {
    const got = matchStatement(
      [
        row({ row: 2, memo: 'D202606010001' }),
        row({ row: 3, memo: 'D202606010001' }),
        row({ row: 4 }),
      ],
      [order({})],
    );
    expect(got.matched).toEqual([{ row: 2, orderId: 1, by: 'reference' }]);
    expect(got.unmatched).toEqual([
      { row: 3, msg: MSG_TAKEN },
      { row: 4, msg: MSG_TAKEN },
    ]);
  });

  it('skips refunds and fees with their reason', () => {
    const got = matchStatement(
      [row({ amount: -2_000, msg: '非入账记录（退款或费用），不参与匹配' })],
      [order({})],
    );
    expect(got.unmatched).toEqual([{ row: 2, msg: '非入账记录（退款或费用），不参与匹配' }]);
  });
});

describe('readStatement', () => {
  const header = '交易日期,贷方金额,对方户名,对方账号,摘要';

  it('reads a GBK CSV with account lines above its header, rows keeping their lines', async () => {
    const text = `账号：6222000011112222\n${header}\n2026/06/01,"1,234.50",北京某大学,6222,D1\n20260602,-20.00,手续费,,费用\n`;
    const rows = await readStatement(encodeGbk(text), 'mingxi.csv');
    expect(rows.map((r) => [r.row, r.date, r.amount, r.payerName, r.memo, r.msg])).toEqual([
      [3, CN(2026, 6, 1), 123_450, '北京某大学', 'D1', undefined],
      [4, CN(2026, 6, 2), -2_000, '手续费', '费用', '非入账记录（退款或费用），不参与匹配'],
    ]);
  });

  it('reads an XLSX and takes a column map for other headers', async () => {
    const data = await writeXlsx([
      {
        name: '明细',
        headers: ['入账日', '收款', '付款方', '说明'],
        rows: [['2026-06-01', '99.00', '某公司', 'D9']],
      },
    ]);
    const rows = await readStatement(data, 'x.xlsx', {
      date: '入账日',
      amount: '收款',
      payerName: '付款方',
      memo: '说明',
    });
    expect(rows).toMatchObject([{ amount: 9_900, payerName: '某公司', memo: 'D9' }]);
    await expect(readStatement(data, 'x.xlsx')).rejects.toThrow(MSG_NO_HEADER);
  });

  it('refuses more rows than the limit', async () => {
    const lines = Array.from({ length: 20_001 }, (_, i) => `2026-06-01,${i + 1}.00,某,1,x`);
    const data = Buffer.from(`${header}\n${lines.join('\n')}\n`, 'utf8');
    await expect(readStatement(data, 'big.csv')).rejects.toThrow(MSG_TOO_MANY_ROWS);
  });
});
