import { describe, expect, it } from 'vitest';
import {
  invalidSurveyFields,
  trimAll,
  validateBulkInquiry,
  validateCoa,
  validateFeedback,
  type SurveyValues,
} from './validators';

const feedback = {
  contact: '张三',
  phone: '13800000000',
  email: 'zhang@example.com',
  address: '',
  content: '请问有货吗',
};

describe('validateFeedback', () => {
  it('passes a complete message with the address left out', () => {
    expect(validateFeedback(feedback)).toBeNull();
  });

  it.each([
    ['contact', { contact: ' ' }, '请输入联系人'],
    ['phone missing', { phone: '' }, '请输入手机号'],
    ['phone format', { phone: '12345678901' }, '手机号格式有误'],
    ['email missing', { email: '' }, '请输入邮箱'],
    ['email format', { email: 'zhang@example' }, '邮箱格式有误'],
    ['content', { content: '\n' }, '请输入留言内容'],
  ])('reports %s', (_, patch, message) => {
    expect(validateFeedback({ ...feedback, ...patch })).toBe(message);
  });

  it('reports the first problem in form order', () => {
    expect(validateFeedback({ ...feedback, phone: '1', email: 'x' })).toBe('手机号格式有误');
  });
});

describe('validateBulkInquiry', () => {
  const inquiry = {
    contact: '李四',
    phone: '15912345678',
    email: 'li@lab.cn',
    company: '某检测中心',
    content: '甲醇标准品 10 支',
  };

  it('passes a complete inquiry', () => {
    expect(validateBulkInquiry(inquiry)).toBeNull();
  });

  it.each([
    [{ contact: '' }, '请输入联系人'],
    [{ phone: '' }, '请输入手机号'],
    [{ phone: '1591234567' }, '手机号格式有误'],
    [{ email: '' }, '请输入邮箱'],
    [{ email: 'li@lab.c' }, '邮箱格式有误'],
    [{ company: '' }, '请输入单位名称'],
    [{ content: '' }, '请输入询价内容'],
  ])('reports %o', (patch, message) => {
    expect(validateBulkInquiry({ ...inquiry, ...patch })).toBe(message);
  });
});

describe('validateCoa', () => {
  it('needs the product number, then the lot number', () => {
    expect(validateCoa({ productNumber: '', lotNumber: '' })).toBe('请输入商品货号');
    expect(validateCoa({ productNumber: 'A1', lotNumber: ' ' })).toBe('请输入商品批号');
    expect(validateCoa({ productNumber: 'A1', lotNumber: 'L1' })).toBeNull();
  });
});

describe('invalidSurveyFields', () => {
  const survey: SurveyValues = {
    name: '王五',
    phone: '13912345678',
    email: 'wang@example.org',
    company: '研究院',
    dept: '质检部',
    extra: '',
  };

  it('accepts a complete check-in with no remark', () => {
    expect(invalidSurveyFields(survey)).toEqual([]);
  });

  it('bounds the name to 2-20 characters after trimming', () => {
    expect(invalidSurveyFields({ ...survey, name: ' 王 ' })).toEqual(['name']);
    expect(invalidSurveyFields({ ...survey, name: '王'.repeat(20) })).toEqual([]);
    expect(invalidSurveyFields({ ...survey, name: '王'.repeat(21) })).toEqual(['name']);
  });

  it('lists every invalid field', () => {
    expect(
      invalidSurveyFields({ ...survey, phone: '123', email: 'a@b', company: '', dept: ' ' }),
    ).toEqual(['phone', 'email', 'company', 'dept']);
  });
});

describe('trimAll', () => {
  it('trims every field', () => {
    expect(trimAll({ a: ' x ', b: '\ty\n', c: '' })).toEqual({ a: 'x', b: 'y', c: '' });
  });
});
