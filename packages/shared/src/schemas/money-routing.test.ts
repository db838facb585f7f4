import { describe, expect, it } from 'vitest';
import { settingChangeLines } from './money-routing.ts';

describe('settingChangeLines', () => {
  it('lists the changed fields in the order staff read them, labelled, and leaves the others out', () => {
    const before = { accountName: '某某公司', bankName: '招商银行', accountNumber: '6222' };
    const after = { accountName: '某某公司', bankName: '工商银行', accountNumber: '6212' };
    expect(settingChangeLines('bank', before, after)).toEqual([
      { field: 'bankName', label: '开户银行', before: '招商银行', after: '工商银行' },
      { field: 'accountNumber', label: '银行账号', before: '6222', after: '6212' },
    ]);
  });

  it('compares a field the table does not name yet, and a field set for the first time', () => {
    expect(settingChangeLines('company', { name: '甲' }, { name: '甲', newField: 'x' })).toEqual([
      { field: 'newField', label: 'newField', before: '', after: 'x' },
    ]);
    expect(settingChangeLines('seal', {}, { image: '/files/uploads/a.png' })).toEqual([
      { field: 'image', label: '印章图片', before: '', after: '/files/uploads/a.png' },
    ]);
    expect(settingChangeLines('bank', { bankName: '招商银行' }, { bankName: '招商银行' })).toEqual(
      [],
    );
  });
});
