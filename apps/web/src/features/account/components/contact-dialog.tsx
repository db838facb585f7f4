import { useId, useState, type FormEvent } from 'react';
import { emailField, phoneField } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { CodeButton } from '@/components/ui/code-button';
import { Dialog } from '@/components/ui/dialog';
import { Field, Input } from '@/components/ui/input';
import { firstProblem } from '@/lib/form-check';
import { useChangeContact, useSendContactCode } from '@/lib/member';
import { checkContactChange } from '@/lib/member/checks';
import { toastError, toastSuccess } from '@/lib/toast';

export type ContactKind = 'phone' | 'email';

const KINDS = {
  phone: { label: '手机号', field: phoneField('请输入新手机号'), type: 'tel', max: 11 },
  email: { label: '邮箱', field: emailField('请输入新邮箱'), type: 'email', max: 100 },
} as const;

/**
 * 修改手机号 / 修改邮箱 (绑定 when none is set): the phone and email log in, so the new one takes
 * effect only with the code sent to it (docs/product-rules.md section 5).
 */
export function ContactDialog({
  kind,
  current,
  onClose,
}: {
  kind: ContactKind;
  current: string;
  onClose: () => void;
}) {
  const { label, field, type, max } = KINDS[kind];
  const [contact, setContact] = useState('');
  const [code, setCode] = useState('');
  const send = useSendContactCode();
  const change = useChangeContact();
  const formId = useId();
  const title = `${current ? '修改' : '绑定'}${label}`;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const problem =
      firstProblem(field, contact) ?? checkContactChange({ contact: contact.trim(), code });
    if (problem) return toastError(problem);
    change.mutate(
      { contact: contact.trim(), code: code.trim() },
      {
        onSuccess: () => {
          toastSuccess(`${label}${current ? '修改' : '绑定'}成功，请用新${label}登录`);
          onClose();
        },
      },
    );
  };

  return (
    <Dialog
      open
      onOpenChange={(open) => !open && onClose()}
      title={title}
      footer={
        <>
          <Button variant="outline" onClick={onClose}>
            取消
          </Button>
          <Button type="submit" form={formId} loading={change.isPending}>
            确定
          </Button>
        </>
      }
    >
      <form id={formId} onSubmit={submit} noValidate className="flex flex-col gap-4">
        {current && (
          <p className="text-sm text-gray-600">
            当前{label}：<span className="text-gray-900">{current}</span>
          </p>
        )}
        <Field label={`新${label}`} required>
          <Input
            type={type}
            maxLength={max}
            placeholder={`请输入新${label}`}
            value={contact}
            onChange={(e) => setContact(e.target.value)}
          />
        </Field>
        <Field label="验证码" required>
          <div className="flex items-center gap-2">
            <Input
              inputMode="numeric"
              maxLength={6}
              placeholder="请输入验证码"
              value={code}
              onChange={(e) => setCode(e.target.value)}
            />
            <CodeButton
              target={contact}
              check={(v) => firstProblem(field, v)}
              pending={send.isPending}
              send={(target, onSent) => send.mutate(target, { onSuccess: onSent })}
            />
          </div>
        </Field>
      </form>
    </Dialog>
  );
}
