import { LIMITS } from '@labshop/shared';
import { useCreateFeedback } from '../api/create-feedback';
import { validateFeedback, type FeedbackValues } from '../validators';
import { CONTACT_FIELDS, MessageForm, type FieldSpec } from './message-form';

const EMPTY: FeedbackValues = { contact: '', phone: '', email: '', address: '', content: '' };

const FIELDS: FieldSpec<keyof FeedbackValues>[] = [
  ...CONTACT_FIELDS,
  {
    name: 'address',
    label: '地址',
    maxLength: LIMITS.shortMax,
    autoComplete: 'street-address',
    placeholder: '请输入地址（选填）',
  },
  {
    name: 'content',
    label: '留言内容',
    required: true,
    maxLength: LIMITS.textMax,
    rows: 5,
    placeholder: '请输入您想咨询的问题或建议',
  },
];

/** The about page's online message form. */
export function FeedbackForm() {
  const send = useCreateFeedback();
  return (
    <MessageForm
      name="在线留言"
      empty={EMPTY}
      fields={FIELDS}
      validate={validateFeedback}
      send={send}
      sent="留言提交成功"
      submitText="提交留言"
    />
  );
}
