import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../validation.ts';
import { emailField, optionalText, phoneField, requiredText } from './fields.ts';

/** Form text is plain text: anything that opens an HTML tag is refused, '<5mg' is not. */
const MARKUP_RE = /<\s*[A-Za-z!/?]/;
const plain = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((v) => !MARKUP_RE.test(v), { error: '内容不能包含 HTML 标签' });

/** Item and lot numbers: letters, digits, Chinese and the punctuation catalogues use. */
const CODE_RE = /^[\p{L}\p{N} ._()（）/#+-]+$/u;

/** POST /client/v1/feedbacks (about page message). */
export const feedbackBody = z.object({
  contact: plain(requiredText('请输入联系人')),
  phone: phoneField(),
  email: emailField(),
  address: plain(optionalText()),
  content: plain(requiredText('请输入留言内容', LIMITS.textMax)),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

/** POST /client/v1/bulk-inquiry. */
export const bulkInquiryBody = z.object({
  contact: plain(requiredText('请输入联系人')),
  phone: phoneField(),
  email: emailField(),
  company: plain(requiredText('请输入单位名称')),
  content: plain(requiredText('请输入询价内容', LIMITS.textMax)),
});
export type BulkInquiryBody = z.input<typeof bulkInquiryBody>;

/** POST /yifanglab-client/v1/coa. */
export const coaBody = z.object({
  productNumber: requiredText(MSG.productNumberRequired, 50).regex(CODE_RE, {
    error: '商品货号有误',
  }),
  lotNumber: requiredText(MSG.lotNumberRequired, 50).regex(CODE_RE, { error: '商品批号有误' }),
});
export type CoaBody = z.input<typeof coaBody>;
export const coaRecordSchema = z.object({ name: z.string(), expire: z.string(), url: z.string() });
export type CoaRecord = z.infer<typeof coaRecordSchema>;

/** POST /yifanglab-client/v1/survey (event check-in). */
export const surveyBody = z.object({
  name: plain(
    requiredText('请输入姓名', LIMITS.surveyNameMax).min(LIMITS.surveyNameMin, {
      error: `姓名需 ${LIMITS.surveyNameMin}-${LIMITS.surveyNameMax} 个字符`,
    }),
  ),
  phone: phoneField(),
  email: emailField(),
  company: plain(requiredText('请输入单位名称')),
  dept: plain(requiredText('请输入部门')),
  extra: plain(optionalText(LIMITS.textMax)),
});
export type SurveyBody = z.input<typeof surveyBody>;
export const checkinSchema = z.object({ number: z.string(), time: z.number() });
export type Checkin = z.infer<typeof checkinSchema>;
