import type { FormEvent } from 'react';
import { LIMITS } from '@labshop/shared';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateFeedback } from '../api/create-feedback';
import { useFormValues } from '../hooks/use-form-values';
import { trimAll, validateFeedback, type FeedbackValues } from '../validators';

const EMPTY: FeedbackValues = { contact: '', phone: '', email: '', address: '', content: '' };

/** The about page's online message form. */
export function FeedbackForm() {
  const { values, bind, reset } = useFormValues(EMPTY);
  const create = useCreateFeedback();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = trimAll(values);
    const error = validateFeedback(body);
    if (error) return toastError(error);
    create.mutate(body, {
      onSuccess: () => {
        toastSuccess('留言提交成功');
        reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="在线留言">
      <Field label="联系人" required>
        <Input
          {...bind('contact')}
          maxLength={LIMITS.shortMax}
          autoComplete="name"
          placeholder="请输入联系人"
        />
      </Field>
      <Field label="手机号" required>
        <Input
          {...bind('phone')}
          maxLength={11}
          inputMode="tel"
          autoComplete="tel"
          placeholder="请输入手机号"
        />
      </Field>
      <Field label="邮箱" required>
        <Input
          {...bind('email')}
          maxLength={LIMITS.shortMax}
          type="email"
          autoComplete="email"
          placeholder="请输入邮箱"
        />
      </Field>
      <Field label="地址">
        <Input
          {...bind('address')}
          maxLength={LIMITS.shortMax}
          autoComplete="street-address"
          placeholder="请输入地址（选填）"
        />
      </Field>
      <Field label="留言内容" required>
        <Textarea
          {...bind('content')}
          maxLength={LIMITS.textMax}
          rows={5}
          placeholder="请输入您想咨询的问题或建议"
        />
      </Field>
      <div className="sm:pl-31">
        <Button type="submit" loading={create.isPending} className="w-full sm:w-40">
          提交留言
        </Button>
      </div>
    </form>
  );
}
