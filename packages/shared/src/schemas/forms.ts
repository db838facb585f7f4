import { z } from 'zod';
import { LIMITS } from '../limits.ts';
import { MSG } from '../validation.ts';
import { emailField, optionalText, phoneField, requiredText } from './fields.ts';

/** POST /client/v1/feedbacks (about page message). */
export const feedbackBody = z.object({
  contact: requiredText('请输入联系人'),
  phone: phoneField(),
  email: emailField(),
  address: optionalText(),
  content: requiredText('请输入留言内容', LIMITS.textMax),
});
export type FeedbackBody = z.input<typeof feedbackBody>;

/** POST /client/v1/bulk-inquiry. */
export const bulkInquiryBody = z.object({
  contact: requiredText('请输入联系人'),
  phone: phoneField(),
  email: emailField(),
  company: requiredText('请输入单位名称'),
  content: requiredText('请输入询价内容', LIMITS.textMax),
});
export type BulkInquiryBody = z.input<typeof bulkInquiryBody>;

/** POST /yifanglab-client/v1/coa. */
export const coaBody = z.object({
  productNumber: requiredText(MSG.productNumberRequired, 50),
  lotNumber: requiredText(MSG.lotNumberRequired, 50),
});
export type CoaBody = z.input<typeof coaBody>;
export const coaRecordSchema = z.object({ name: z.string(), expire: z.string(), url: z.string() });
export type CoaRecord = z.infer<typeof coaRecordSchema>;

/** POST /yifanglab-client/v1/survey (event check-in). */
export const surveyBody = z.object({
  name: requiredText('请输入姓名', LIMITS.surveyNameMax).min(LIMITS.surveyNameMin, {
    error: `姓名需 ${LIMITS.surveyNameMin}-${LIMITS.surveyNameMax} 个字符`,
  }),
  phone: phoneField(),
  email: emailField(),
  company: requiredText('请输入单位名称'),
  dept: requiredText('请输入部门'),
  extra: optionalText(LIMITS.textMax),
});
export type SurveyBody = z.input<typeof surveyBody>;
export const checkinSchema = z.object({ number: z.string(), time: z.number() });
export type Checkin = z.infer<typeof checkinSchema>;
