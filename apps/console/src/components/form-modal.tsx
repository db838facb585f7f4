import type { ReactNode } from 'react';
import { Modal } from 'antd';

/**
 * The dialog of an add / edit form: its 保存 button submits the form named `form` (so Enter and
 * the button run the same checks), spins while `saving`, and the form is dropped on close so
 * the next opening starts from its own values.
 */
export function FormModal({
  title,
  open,
  form,
  saving,
  onCancel,
  children,
}: {
  title: string;
  open: boolean;
  /** The `name` of the Form inside. */
  form: string;
  saving: boolean;
  onCancel: () => void;
  children: ReactNode;
}) {
  return (
    <Modal
      title={title}
      open={open}
      onCancel={onCancel}
      okButtonProps={{ htmlType: 'submit', form }}
      okText="保存"
      cancelText="取消"
      confirmLoading={saving}
      destroyOnHidden
    >
      {children}
    </Modal>
  );
}
