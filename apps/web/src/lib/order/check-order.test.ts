import { describe, expect, it } from 'vitest';
import type { Address, Invoice } from '@labshop/shared/schemas';
import { ADDRESS_INCOMPLETE, ADDRESS_REQUIRED, checkOrder } from './check-order';

const address: Address = {
  id: 1,
  name: '李四',
  phone: '13900000000',
  region: JSON.stringify({
    province: { key: '440000', value: '广东省' },
    city: { key: '440300', value: '深圳市' },
    area: { key: '440305', value: '南山区' },
  }),
  address: '科技园 1 号',
  isDefault: true,
};
const invoice: Invoice = {
  invoiceType: 1,
  invoiceHeader: '某某检测有限公司',
  invoiceEmail: 'fp@example.com',
  taxpayerNumber: '91440300MA5F000007',
  registerAddress: '',
  registerTelephone: '',
  bankName: '',
  bankAccount: '',
};
const ok = { lineCount: 2, address, invoice, payType: 1 };

describe('checkOrder', () => {
  it('passes a complete order', () => {
    expect(checkOrder(ok)).toBeNull();
  });

  it('needs lines, then an address, then invoice details, then a pay type', () => {
    expect(checkOrder({ ...ok, lineCount: 0, address: undefined, payType: null })).toBe(
      '未选择购买商品',
    );
    expect(checkOrder({ ...ok, address: undefined, payType: null })).toBe(ADDRESS_REQUIRED);
    expect(checkOrder({ ...ok, invoice: { ...invoice, taxpayerNumber: ' ' }, payType: null })).toBe(
      '请填写发票信息。',
    );
    expect(checkOrder({ ...ok, payType: null })).toBe('请选择支付方式');
  });

  it('refuses an address without a full region', () => {
    const region = JSON.stringify({ province: { key: '440000', value: '广东省' } });
    expect(checkOrder({ ...ok, address: { ...address, region } })).toBe(ADDRESS_INCOMPLETE);
    expect(checkOrder({ ...ok, address: { ...address, phone: '' } })).toBe(ADDRESS_INCOMPLETE);
  });

  it('needs no invoice details when no invoice is wanted', () => {
    const none = {
      ...invoice,
      invoiceType: 3,
      invoiceHeader: '',
      taxpayerNumber: '',
      invoiceEmail: '',
    };
    expect(checkOrder({ ...ok, invoice: none })).toBeNull();
  });
});
