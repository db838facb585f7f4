import type { FormEvent } from 'react';
import { LIMITS } from '@labshop/shared';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useCreateBulkInquiry } from '../api/create-bulk-inquiry';
import { useFormValues } from '../hooks/use-form-values';
import { trimAll, validateBulkInquiry, type BulkInquiryValues } from '../validators';

const EMPTY: BulkInquiryValues = { contact: '', phone: '', email: '', company: '', content: '' };

export function BulkInquiryForm() {
  const { values, bind, reset } = useFormValues(EMPTY);
  const create = useCreateBulkInquiry();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = trimAll(values);
    const error = validateBulkInquiry(body);
    if (error) return toastError(error);
    create.mutate(body, {
      onSuccess: () => {
        toastSuccess('提交成功');
        reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label="批量询价">
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
      <Field label="单位名称" required>
        <Input
          {...bind('company')}
          maxLength={LIMITS.shortMax}
          autoComplete="organization"
          placeholder="请输入单位名称"
        />
      </Field>
      <Field label="询价内容" required>
        <Textarea
          {...bind('content')}
          maxLength={LIMITS.textMax}
          rows={8}
          placeholder={
            '请填写需要询价的商品，例如：\n商品名称 / 货号 / CAS号、规格、数量、期望交期等'
          }
        />
      </Field>
      <div className="sm:pl-31">
        <Button type="submit" loading={create.isPending} className="w-full sm:w-40">
          提交询价
        </Button>
      </div>
    </form>
  );
}
