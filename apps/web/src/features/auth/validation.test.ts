import { describe, expect, it } from 'vitest';
import {
  checkAccountId,
  checkAccountLogin,
  checkCodeLogin,
  checkPasswordSet,
  checkPhone,
} from './validation';
import { PASSWORD_HINT } from '@/lib/password-hint';

const form = {
  account: '13800000000',
  code: '123456',
  password: 'Abc#12345',
  confirmPassword: 'Abc#12345',
};

describe('login page checks', () => {
  it('account login needs account and password', () => {
    expect(checkAccountLogin({ account: ' ', password: 'x' })).toBe('请输入账号');
    expect(checkAccountLogin({ account: 'a@b.cn', password: '' })).toBe('请输入密码');
    expect(checkAccountLogin({ account: 'anything', password: 'x' })).toBeNull();
  });

  it('code login needs a valid mobile number and a code', () => {
    expect(checkCodeLogin({ phone: '', code: '1' })).toBe('请输入手机号');
    expect(checkCodeLogin({ phone: '12800000000', code: '1' })).toBe('手机号格式有误');
    expect(checkCodeLogin({ phone: '1380000000', code: '1' })).toBe('手机号格式有误');
    expect(checkCodeLogin({ phone: '13800000000', code: ' ' })).toBe('请输入验证码');
    expect(checkCodeLogin({ phone: ' 13800000000 ', code: '123456' })).toBeNull();
    expect(checkPhone('19912345678')).toBeNull();
  });

  it('register and forgot password take a mobile number or an email', () => {
    expect(checkAccountId('')).toBe('请输入账号');
    expect(checkAccountId('abc')).toBe('手机号/邮箱格式有误');
    expect(checkAccountId('lab@example.com')).toBeNull();
    expect(checkAccountId('13800000000')).toBeNull();
  });

  it('checks code, password, confirmation, match and agreement in that order', () => {
    expect(checkPasswordSet({ ...form, account: 'x' })).toBe('手机号/邮箱格式有误');
    expect(checkPasswordSet({ ...form, code: '' })).toBe('请输入验证码');
    expect(checkPasswordSet({ ...form, password: '' })).toBe('请输入密码');
    expect(checkPasswordSet({ ...form, confirmPassword: '' })).toBe('请确认密码');
    expect(checkPasswordSet({ ...form, confirmPassword: 'Abc#1234' })).toBe('两次输入的密码不一致');
    expect(checkPasswordSet(form, false)).toBe('请勾选同意《用户注册协议》');
    expect(checkPasswordSet(form, true)).toBeNull();
    expect(checkPasswordSet(form)).toBeNull();
  });

  it('only hints at password strength', () => {
    expect(PASSWORD_HINT).toBe('密码至少8位，需包含大写字母、小写字母、特殊符号和数字');
    expect(checkPasswordSet({ ...form, password: 'a', confirmPassword: 'a' })).toBeNull();
  });
});
