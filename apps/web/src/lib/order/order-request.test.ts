import { describe, expect, it } from 'vitest';
import { InvoiceType, PayType } from '@labshop/shared';
import { orderFieldsBody, type Address, type Invoice } from '@labshop/shared/schemas';
import { orderInvoiceFields, orderRequestFields } from './order-request';

const address: Address = {
  id: 7,
  name: '王工',
  phone: '13800000000',
  region: JSON.stringify({
    province: { key: '440000', value: '广东省' },
    city: { key: '440300', value: '深圳市' },
    area: { key: '440305', value: '南山区' },
  }),
  address: '科技园南区 8 栋 301',
  isDefault: true,
};

const special: Invoice = {
  invoiceType: InvoiceType.SPECIAL_VAT,
  invoiceHeader: '深圳某某生物科技有限公司',
  invoiceEmail: 'fin@example.com',
  taxpayerNumber: '91110000123456789Q',
  registerAddress: '深圳市南山区科技园南区 8 栋',
  registerTelephone: '0755-86000000',
  bankName: '招商银行深圳分行',
  bankAccount: '755900000000001',
};

describe('order request fields', () => {
  it('carries all four 专票 fields, so the server accepts a 增值税专用发票 order', () => {
    const fields = orderRequestFields({
      address,
      invoice: special,
      payType: PayType.BANK_TRANSFER,
      remark: ' 请开专票 ',
    });
    expect(fields).toMatchObject({
      deliveryUsername: '王工',
      deliveryPhone: '13800000000',
      deliveryRegionCode: '440000,440300,440305',
      deliveryAddress: '科技园南区 8 栋 301',
      invoiceType: InvoiceType.SPECIAL_VAT,
      invoiceCompanyName: '深圳某某生物科技有限公司',
      invoiceTaxpayerIdentificationNumber: '91110000123456789Q',
      invoiceEmail: 'fin@example.com',
      invoiceRegisteredAddress: '深圳市南山区科技园南区 8 栋',
      invoiceRegistrationTelephone: '0755-86000000',
      invoiceDepositBank: '招商银行深圳分行',
      invoiceBankAccountNumber: '755900000000001',
      payType: PayType.BANK_TRANSFER,
      userRemark: '请开专票',
    });
    // The shared rule the server applies to the quote order's body passes it.
    expect(orderFieldsBody.safeParse(fields).success).toBe(true);
  });

  it('sends no invoice details for 不开发票 even when some are saved', () => {
    expect(orderInvoiceFields({ ...special, invoiceType: InvoiceType.NONE })).toEqual({
      invoiceType: InvoiceType.NONE,
    });
  });
});
