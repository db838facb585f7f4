import { LIMITS } from '@labshop/shared';
import { useCreateBulkInquiry } from '../api/create-bulk-inquiry';
import { validateBulkInquiry, type BulkInquiryValues } from '../validators';
import { CONTACT_INPUTS } from './contact-inputs';
import { CONTACT_FIELDS, MessageForm, type FieldSpec } from './message-form';

const EMPTY: BulkInquiryValues = { contact: '', phone: '', email: '', company: '', content: '' };

const FIELDS: FieldSpec<keyof BulkInquiryValues>[] = [
  ...CONTACT_FIELDS,
  { name: 'company', label: '单位名称', required: true, ...CONTACT_INPUTS.company },
  {
    name: 'content',
    label: '询价内容',
    required: true,
    maxLength: LIMITS.textMax,
    rows: 8,
    placeholder: '请填写需要询价的商品，例如：\n商品名称 / 货号 / CAS号、规格、数量、期望交期等',
  },
];

export function BulkInquiryForm() {
  const send = useCreateBulkInquiry();
  return (
    <MessageForm
      name="批量询价"
      empty={EMPTY}
      fields={FIELDS}
      validate={validateBulkInquiry}
      send={send}
      sent="提交成功"
      submitText="提交询价"
    />
  );
}
