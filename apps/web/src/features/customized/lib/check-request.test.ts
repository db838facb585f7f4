import { describe, expect, it } from 'vitest';
import { checkRequest, emptyGoods, requestBody, type RequestDraft } from './check-request';

const line = {
  name: '甲醛溶液',
  cas: '50-00-0',
  pack: '1mL',
  expectDeliveryTime: '15',
  quantity: '2',
};
const draft: RequestDraft = {
  goodsList: [line],
  company: '某某检测',
  contact: '王五',
  phone: '13800000001',
  email: '',
  content: '',
  remark: '',
};

describe('custom request checks', () => {
  it('passes a complete request and builds numbers for days and quantity', () => {
    expect(checkRequest(draft)).toBeNull();
    expect(requestBody({ ...draft, company: ' 某某检测 ' })).toEqual({
      goodsList: [
        { name: '甲醛溶液', cas: '50-00-0', pack: '1mL', expectDeliveryTime: 15, quantity: 2 },
      ],
      company: '某某检测',
      contact: '王五',
      phone: '13800000001',
      email: '',
      content: '',
      remark: '',
    });
  });

  it('lets visitors leave an email, which must then be well formed', () => {
    expect(checkRequest(draft, true)).toBeNull();
    expect(checkRequest({ ...draft, email: 'wang@' }, true)).toBe('邮箱格式有误');
    expect(checkRequest({ ...draft, email: 'wang@example.com' }, true)).toBeNull();
  });

  it('needs at least one line, each complete', () => {
    expect(checkRequest({ ...draft, goodsList: [] })).toBe('请添加定制商品');
    expect(checkRequest({ ...draft, goodsList: [line, emptyGoods()] })).toBe('请填写定制商品信息');
    expect(checkRequest({ ...draft, goodsList: [{ ...line, quantity: '0' }] })).toBe(
      '请填写定制商品信息',
    );
    expect(checkRequest({ ...draft, goodsList: [{ ...line, expectDeliveryTime: '1.5' }] })).toBe(
      '请填写定制商品信息',
    );
  });

  it('needs company, contact and a valid phone; remark is optional', () => {
    expect(checkRequest({ ...draft, company: ' ' })).toBe('请输入单位名称');
    expect(checkRequest({ ...draft, contact: '' })).toBe('请输入联系人');
    expect(checkRequest({ ...draft, phone: '' })).toBe('请输入联系电话');
    expect(checkRequest({ ...draft, phone: '12345678901' })).toBe('联系电话格式有误');
  });
});
