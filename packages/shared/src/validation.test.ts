import { describe, expect, it } from 'vitest';
import {
  EMAIL_RE,
  INVOICE_FORM_MISSING,
  invoiceProblem,
  isCreditCode,
  isEmail,
  isPhone,
  isRegionPhone,
  isTaxpayerNumber,
  MSG,
  PHONE_RE,
} from './validation.ts';

describe('isPhone (mainland mobile)', () => {
  it.each(['13800000000', '15912345678', '19999999999', '14700000001'])('accepts %s', (v) => {
    expect(isPhone(v)).toBe(true);
  });

  it.each([
    ['second digit 2', '12800000000'],
    ['second digit 1', '11800000000'],
    ['not starting with 1', '23800000000'],
    ['10 digits', '1380000000'],
    ['12 digits', '138000000000'],
    ['letters', '1380000000a'],
    ['spaces', '138 0000 0000'],
    ['leading plus', '+8613800000000'],
    ['empty', ''],
  ])('rejects %s', (_, v) => {
    expect(isPhone(v)).toBe(false);
  });

  it('matches the whole value, not a part of it', () => {
    expect(PHONE_RE.test('x13800000000')).toBe(false);
    expect(PHONE_RE.test('13800000000\n')).toBe(false);
  });
});

describe('isEmail', () => {
  it.each(['a@b.cn', 'john.doe@example.com', 'lab_01-x@mail.example.org', 'A.B@Sub-Domain.INFO'])(
    'accepts %s',
    (v) => {
      expect(isEmail(v)).toBe(true);
    },
  );

  it.each([
    ['no @', 'example.com'],
    ['no domain', 'john@'],
    ['no suffix', 'john@example'],
    ['one-letter suffix', 'john@example.c'],
    ['five-letter suffix', 'john@example.abcde'],
    ['digit suffix', 'john@example.c0m'],
    ['two @', 'a@b@example.com'],
    ['space', 'john doe@example.com'],
    ['plus sign', 'john+tag@example.com'],
    ['empty', ''],
  ])('rejects %s', (_, v) => {
    expect(isEmail(v)).toBe(false);
  });

  it('is anchored at both ends', () => {
    expect(EMAIL_RE.test('<a@b.cn>')).toBe(false);
  });
});

describe('MSG', () => {
  it('carries the exact Chinese texts of the spec', () => {
    expect(MSG.phoneFormat).toBe('手机号格式有误');
    expect(MSG.emailFormat).toBe('邮箱格式有误');
    expect(MSG.accountFormat).toBe('手机号/邮箱格式有误');
    expect(MSG.passwordMismatch).toBe('两次输入的密码不一致');
    expect(MSG.agreementRequired).toBe('请勾选同意《用户注册协议》');
    expect(MSG.searchRequired).toBe('请输入搜索内容');
    expect(MSG.customGoodsRequired).toBe('请添加定制商品');
    expect(MSG.customGoodsIncomplete).toBe('请填写定制商品信息');
    expect(MSG.contactPhoneFormat).toBe('联系电话格式有误');
    expect(MSG.productNumberRequired).toBe('请输入商品货号');
    expect(MSG.lotNumberRequired).toBe('请输入商品批号');
    expect(MSG.lotRequired).toBe('请输入批号');
    expect(MSG.coaEmpty).toBe('未查询到相关分析证书。');
    expect(MSG.invoiceEmailFormat).toBe('收票邮箱有误');
    expect(MSG.invoiceInfoRequired).toBe('请填写发票信息。');
    expect(MSG.payTypeRequired).toBe('请选择支付方式');
    expect(MSG.cartIdsRequired).toBe('未选择购买商品');
    expect(MSG.deleteSelectionRequired).toBe('请选择要删除的商品');
    expect(MSG.checkoutSelectionRequired).toBe('您还没有选择商品');
    expect(MSG.surveyInvalid).toBe('请检查表单填写是否正确');
  });
});

describe('taxpayer numbers and invoices', () => {
  it('checks the check character of unified social credit codes', () => {
    expect(isCreditCode('91350100M000100Y43')).toBe(true);
    expect(isCreditCode('91440300MA5G00000R')).toBe(true);
    expect(isCreditCode('91440300MA5G000001')).toBe(false);
    // I, O, S, V and Z never appear.
    expect(isCreditCode('9144030OMA5G00000R')).toBe(false);
  });

  it('accepts legacy 15, 17 and 20 character numbers', () => {
    expect(isTaxpayerNumber('110108123456789')).toBe(true);
    expect(isTaxpayerNumber('11010812345678901')).toBe(true);
    expect(isTaxpayerNumber('110108199001011234AB')).toBe(true);
    expect(isTaxpayerNumber('1101081234567890')).toBe(false);
    expect(isTaxpayerNumber('91440300MA5G000001')).toBe(false);
  });

  it('asks 专票 for address, phone, bank and account, and 不开发票 for nothing', () => {
    const base = {
      invoiceType: 2,
      header: '某公司',
      email: 'a@b.cn',
      taxpayerNumber: '91350100M000100Y43',
      registerAddress: '厦门',
      registerTelephone: '0592-1',
      bankName: '某银行',
      bankAccount: '',
    };
    expect(invoiceProblem(base, INVOICE_FORM_MISSING)).toBe(MSG.specialInvoiceRequired);
    expect(invoiceProblem({ ...base, bankAccount: '6222' }, INVOICE_FORM_MISSING)).toBeNull();
    expect(invoiceProblem({ ...base, invoiceType: 1 }, INVOICE_FORM_MISSING)).toBeNull();
    const empty = { ...base, header: '', email: '', taxpayerNumber: '', registerAddress: '' };
    expect(invoiceProblem({ ...empty, invoiceType: 3 }, INVOICE_FORM_MISSING)).toBeNull();
  });
});

describe('receiver phones', () => {
  it('accepts mainland, Hong Kong, Macau and Taiwan mobiles', () => {
    for (const v of [
      '13912345678',
      '91234567',
      '+852 61234567',
      '85251234567',
      '66123456',
      '+853 66123456',
      '0912345678',
      '+886 912345678',
    ]) {
      expect(isRegionPhone(v), v).toBe(true);
    }
    for (const v of ['12345678', '1391234567', '31234567', '0812345678', '+1 2025550123']) {
      expect(isRegionPhone(v), v).toBe(false);
    }
  });
});
