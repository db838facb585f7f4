import { useState, type FormEvent, type ReactNode } from 'react';
import { LIMITS, MSG } from '@labshop/shared';
import type { Checkin } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Input, Textarea } from '@/components/ui/input';
import { cn } from '@/components/ui/cn';
import { toastError } from '@/lib/toast';
import { useCreateSurvey } from '../api/create-survey';
import { useFormValues } from '../hooks/use-form-values';
import { invalidSurveyFields, trimAll, type SurveyValues } from '../validators';
import { CONTACT_INPUTS } from './contact-inputs';

const EMPTY: SurveyValues = { name: '', phone: '', email: '', company: '', dept: '', extra: '' };

/** Event check-in form; calls back with the check-in number and time. */
export function SurveyForm({ onDone }: { onDone: (result: Checkin) => void }) {
  const { values, bind } = useFormValues(EMPTY);
  const [invalid, setInvalid] = useState<ReadonlySet<keyof SurveyValues>>(new Set());
  const create = useCreateSurvey();

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = trimAll(values);
    const bad = invalidSurveyFields(body);
    setInvalid(new Set(bad));
    if (bad.length > 0) return toastError(MSG.surveyInvalid);
    create.mutate(body, { onSuccess: onDone });
  };

  // A field loses its red mark as soon as it is edited.
  const clearMark = (name: string) =>
    setInvalid((prev) => {
      if (!prev.has(name as keyof SurveyValues)) return prev;
      const next = new Set(prev);
      next.delete(name as keyof SurveyValues);
      return next;
    });

  const row = (label: string, required: boolean, control: ReactNode) => (
    <label className="flex flex-col gap-1.5">
      <span className="text-sm font-medium text-gray-700">
        {required && <span className="mr-0.5 text-red-500">*</span>}
        {label}
      </span>
      {control}
    </label>
  );
  const errorRing = (name: keyof SurveyValues) =>
    cn('h-11 text-base', invalid.has(name) && 'border-red-400 focus:border-red-500');

  return (
    <form
      noValidate
      onSubmit={submit}
      onChange={(e) => {
        const field: EventTarget = e.target;
        if (field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement) {
          clearMark(field.name);
        }
      }}
      aria-label="活动签到"
      className="flex flex-col gap-4"
    >
      {row(
        '姓名',
        true,
        <Input
          {...bind('name')}
          aria-invalid={invalid.has('name')}
          maxLength={LIMITS.surveyNameMax}
          autoComplete="name"
          placeholder={`请输入姓名（${LIMITS.surveyNameMin}-${LIMITS.surveyNameMax} 个字符）`}
          className={errorRing('name')}
        />,
      )}
      {row(
        '手机号',
        true,
        <Input
          {...bind('phone')}
          aria-invalid={invalid.has('phone')}
          {...CONTACT_INPUTS.phone}
          className={errorRing('phone')}
        />,
      )}
      {row(
        '邮箱',
        true,
        <Input
          {...bind('email')}
          aria-invalid={invalid.has('email')}
          {...CONTACT_INPUTS.email}
          className={errorRing('email')}
        />,
      )}
      {row(
        '单位名称',
        true,
        <Input
          {...bind('company')}
          aria-invalid={invalid.has('company')}
          {...CONTACT_INPUTS.company}
          className={errorRing('company')}
        />,
      )}
      {row(
        '部门',
        true,
        <Input
          {...bind('dept')}
          aria-invalid={invalid.has('dept')}
          maxLength={LIMITS.shortMax}
          placeholder="请输入部门"
          className={errorRing('dept')}
        />,
      )}
      {row(
        '备注',
        false,
        <Textarea
          {...bind('extra')}
          aria-invalid={invalid.has('extra')}
          maxLength={LIMITS.textMax}
          rows={3}
          placeholder="选填"
          className={cn('text-base', invalid.has('extra') && 'border-red-400')}
        />,
      )}
      <Button type="submit" size="lg" loading={create.isPending} className="mt-2 w-full">
        立即签到
      </Button>
    </form>
  );
}
