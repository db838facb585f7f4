import type { FormEvent } from 'react';
import { Button } from '@/components/ui/button';
import { Field, Input, Textarea } from '@/components/ui/input';
import { toastError, toastSuccess } from '@/lib/toast';
import { useFormValues } from '../hooks/use-form-values';
import { trimAll, type ContactValues } from '../validators';
import { CONTACT_INPUTS, type InputSpec } from './contact-inputs';

export interface FieldSpec<K extends string> extends InputSpec {
  name: K;
  label: string;
  required?: boolean;
  /** A textarea of this many rows instead of a one-line input. */
  rows?: number;
}

/** 联系人, 手机号 and 邮箱, the first rows of every message form. */
export const CONTACT_FIELDS: FieldSpec<keyof ContactValues>[] = [
  { name: 'contact', label: '联系人', required: true, ...CONTACT_INPUTS.contact },
  { name: 'phone', label: '手机号', required: true, ...CONTACT_INPUTS.phone },
  { name: 'email', label: '邮箱', required: true, ...CONTACT_INPUTS.email },
];

/**
 * A message to the shop (online message, bulk inquiry): the fields are trimmed and checked in
 * order, the first problem is toasted, and a sent message empties the form.
 */
export function MessageForm<T extends Record<keyof T, string>>({
  name,
  empty,
  fields,
  validate,
  send,
  sent,
  submitText,
}: {
  /** The form's accessible name. */
  name: string;
  empty: T;
  fields: FieldSpec<keyof T & string>[];
  validate: (values: T) => string | null;
  send: { mutate: (body: T, options: { onSuccess: () => void }) => void; isPending: boolean };
  /** The toast once the shop has the message. */
  sent: string;
  submitText: string;
}) {
  const { values, bind, reset } = useFormValues(empty);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = trimAll(values);
    const error = validate(body);
    if (error) return toastError(error);
    send.mutate(body, {
      onSuccess: () => {
        toastSuccess(sent);
        reset();
      },
    });
  };

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-4" aria-label={name}>
      {fields.map(({ name: field, label, required, rows, ...input }) => (
        <Field key={field} label={label} required={required}>
          {rows === undefined ? (
            <Input {...bind(field)} {...input} />
          ) : (
            <Textarea {...bind(field)} {...input} rows={rows} />
          )}
        </Field>
      ))}
      <div className="sm:pl-31">
        <Button type="submit" loading={send.isPending} className="w-full sm:w-40">
          {submitText}
        </Button>
      </div>
    </form>
  );
}
