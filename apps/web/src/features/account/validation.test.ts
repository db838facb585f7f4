import { describe, expect, it } from 'vitest';
import { checkAddress, checkInvoice, checkPasswordChange, checkProfile } from './validation';

const profile = {
  company: '某某检测中心',
  name: '张三',
  phone: '13800000000',
  telephone: '010-12345678',
  email: 'lab@example.com',
};
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
  city: { key: '110000', value: '北京市' },
  area: { key: '110101', value: '东城区' },
};
const address = { name: '李四', phone: '13900000000', region, address: '某某路 1 号' };

describe('account page checks', () => {
  it('profile: every field required, phone and email formats', () => {
    expect(checkProfile(profile)).toBeNull();
    expect(checkProfile({ ...profile, company: ' ' })).toBe('请输入单位名称');
    expect(checkProfile({ ...profile, name: '' })).toBe('请输入姓名');
    expect(checkProfile({ ...profile, phone: '' })).toBe('请输入手机号');
    expect(checkProfile({ ...profile, phone: '12345' })).toBe('手机号格式有误');
    expect(checkProfile({ ...profile, telephone: '' })).toBe('请输入固定电话');
    expect(checkProfile({ ...profile, email: '' })).toBe('请输入邮箱');
    expect(checkProfile({ ...profile, email: 'lab@' })).toBe('邮箱格式有误');
  });

  it('invoice: type, header, email (收票邮箱有误) and taxpayer number; the rest optional', () => {
    expect(checkInvoice(invoice)).toBeNull();
    expect(checkInvoice({ ...invoice, invoiceType: 0 })).toBe('请选择发票类型');
    expect(checkInvoice({ ...invoice, invoiceHeader: '' })).toBe('请输入发票抬头');
    expect(checkInvoice({ ...invoice, invoiceEmail: '' })).toBe('请输入收票邮箱');
    expect(checkInvoice({ ...invoice, invoiceEmail: 'bill' })).toBe('收票邮箱有误');
    expect(checkInvoice({ ...invoice, taxpayerNumber: ' ' })).toBe('请输入纳税人识别号');
  });

  it('address: name, phone, province/city/area, detail; town optional', () => {
    expect(checkAddress(address)).toBeNull();
    expect(checkAddress({ ...address, name: '' })).toBe('请输入收货人姓名');
    expect(checkAddress({ ...address, phone: '1390000000' })).toBe('手机号格式有误');
    expect(checkAddress({ ...address, region: { province: region.province } })).toBe(
      '请选择所在地区',
    );
    expect(checkAddress({ ...address, address: '' })).toBe('请输入详细地址');
  });

  it('password change: all three required and matching', () => {
    const f = { oldPassword: 'Old#12345', password: 'New#12345', confirmPassword: 'New#12345' };
    expect(checkPasswordChange(f)).toBeNull();
    expect(checkPasswordChange({ ...f, oldPassword: '' })).toBe('请输入原密码');
    expect(checkPasswordChange({ ...f, password: '' })).toBe('请输入新密码');
    expect(checkPasswordChange({ ...f, confirmPassword: '' })).toBe('请确认密码');
    expect(checkPasswordChange({ ...f, confirmPassword: 'New#1234' })).toBe('两次输入的密码不一致');
  });
});
