import type { ReactNode } from 'react';
import { Modal } from 'antd';

/** The first field a person would type in: not hidden, not disabled, not read-only. */
const FIRST_FIELD =
  'input:not([type=hidden]):not([disabled]):not([readonly]), textarea:not([disabled])';

/**
 * Puts the focus in the form's first field once the dialog has opened, unless the person is
 * already working in the form: in a field, a rich-text editor or its toolbar (the opening
 * animation takes a moment; what they type or select must not jump to another field).
 */
function focusFirstField(form: string): void {
  const el = document.getElementById(form);
  if (!el || el.contains(document.activeElement)) return;
  el.querySelector<HTMLElement>(FIRST_FIELD)?.focus();
}

/**
 * The dialog of a form: its OK button submits the form named `form` (so Enter in any field and
 * the button run the same checks), spins while `saving`, and the form is dropped on close so the
 * next opening starts from its own values. Once open, the form's first field has the focus, so
 * staff can type at once (antd's Form gives the form element the id `form`).
 */
export function FormModal({
  title,
  open,
  form,
  saving,
  onCancel,
  okText = '保存',
  danger = false,
  width,
  children,
}: {
  title: string;
  open: boolean;
  /** The `name` of the Form inside. */
  form: string;
  saving: boolean;
  onCancel: () => void;
  okText?: string;
  /** A red OK button, for actions that cannot be undone. */
  danger?: boolean;
  width?: number;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      okButtonProps={{ htmlType: 'submit', form, danger }}
      okText={okText}
      cancelText="取消"
      confirmLoading={saving}
      width={width}
      destroyOnHidden
      afterOpenChange={(visible) => {
        if (visible) focusFirstField(form);
      }}
    >
      {children}
    </Modal>
  );
}
