import { describe, expect, it } from 'vitest';
import { checkAddress, checkContactChange, checkInvoice, checkProfile } from './checks';

const profile = { company: '某某检测中心', name: '张三', telephone: '010-12345678' };
const invoice = {
  invoiceType: 1,
  invoiceHeader: '某某检测中心',
  invoiceEmail: 'bill@example.com',
  taxpayerNumber: '91110000000000000E',
  registerAddress: '',
  registerTelephone: '',
  bankName: '',
  bankAccount: '',
};
const region = {
  province: { key: '110000', value: '北京市' },
  city: { key: '110100', value: '北京市' },
  area: { key: '110101', value: '东城区' },
};
const address = {
  name: '李四',
  phone: '13900000000',
  region: JSON.stringify(region),
  address: '某某路 1 号',
};

describe('member form checks from the shared schemas', () => {
  it('profile: company, name and landline required, in that order', () => {
    expect(checkProfile(profile)).toBeNull();
    expect(checkProfile({ ...profile, company: ' ', name: '' })).toBe('请输入单位名称');
    expect(checkProfile({ ...profile, name: '' })).toBe('请输入姓名');
    expect(checkProfile({ ...profile, telephone: '' })).toBe('请输入固定电话');
  });

  it('profile: an individual (单位名称 个人) may leave the landline empty, a unit may not', () => {
    expect(checkProfile({ ...profile, company: '个人', telephone: '' })).toBeNull();
    expect(checkProfile({ ...profile, company: ' 个人 ', telephone: ' ' })).toBeNull();
    expect(checkProfile({ ...profile, company: '个人', name: '' })).toBe('请输入姓名');
    expect(checkProfile({ ...profile, company: '个人检测站', telephone: '' })).toBe(
      '请输入固定电话',
    );
  });

  it('invoice: type, header, email (收票邮箱有误), taxpayer number; 专票 needs the bank fields', () => {
    expect(checkInvoice(invoice)).toBeNull();
    expect(checkInvoice({ ...invoice, invoiceType: 0 })).toBe('请选择发票类型');
    expect(checkInvoice({ ...invoice, invoiceHeader: '' })).toBe('请输入发票抬头');
    expect(checkInvoice({ ...invoice, invoiceEmail: '' })).toBe('请输入收票邮箱');
    expect(checkInvoice({ ...invoice, invoiceEmail: 'bill' })).toBe('收票邮箱有误');
    expect(checkInvoice({ ...invoice, taxpayerNumber: ' ' })).toBe('请输入纳税人识别号');
    expect(checkInvoice({ ...invoice, taxpayerNumber: '91110000000000000A' })).toBe(
      '纳税人识别号有误',
    );
    expect(checkInvoice({ ...invoice, invoiceType: 2 })).not.toBeNull();
    expect(checkInvoice({ ...invoice, invoiceType: 3, invoiceHeader: '' })).toBeNull();
  });

  it('address: name, phone (Hong Kong too), province/city/area, detail; town optional', () => {
    expect(checkAddress(address)).toBeNull();
    expect(checkAddress({ ...address, phone: '+852 51234567' })).toBeNull();
    expect(checkAddress({ ...address, name: '', phone: '' })).toBe('请输入收货人姓名');
    expect(checkAddress({ ...address, phone: '' })).toBe('请输入手机号');
    expect(checkAddress({ ...address, phone: '1390000000' })).toBe('手机号格式有误');
    expect(
      checkAddress({ ...address, region: JSON.stringify({ province: region.province }) }),
    ).toBe('请选择所在地区');
    expect(checkAddress({ ...address, address: '' })).toBe('请输入详细地址');
  });

  it('contact change: a phone or email and the code', () => {
    expect(checkContactChange({ contact: '13900000000', code: '123456' })).toBeNull();
    expect(checkContactChange({ contact: 'lab@example.com', code: '123456' })).toBeNull();
    expect(checkContactChange({ contact: '', code: '123456' })).toBe('请输入新的手机号或邮箱');
    expect(checkContactChange({ contact: '12345', code: '123456' })).toBe('手机号/邮箱格式有误');
    expect(checkContactChange({ contact: '13900000000', code: '' })).toBe('请输入验证码');
  });
});
