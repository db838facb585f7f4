import { describe, expect, it } from 'vitest';
import { checkPasswordChange } from './validation';

describe('password change check', () => {
  it('all three required and matching', () => {
    const f = { oldPassword: 'Old#12345', password: 'New#12345', confirmPassword: 'New#12345' };
    expect(checkPasswordChange(f)).toBeNull();
    expect(checkPasswordChange({ ...f, oldPassword: '' })).toBe('请输入原密码');
    expect(checkPasswordChange({ ...f, password: '' })).toBe('请输入新密码');
    expect(checkPasswordChange({ ...f, confirmPassword: '' })).toBe('请确认密码');
    expect(checkPasswordChange({ ...f, confirmPassword: 'New#1234' })).toBe('两次输入的密码不一致');
  });
});
