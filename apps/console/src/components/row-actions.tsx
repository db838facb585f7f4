import type { ReactNode } from 'react';
import { App, Button, Popconfirm } from 'antd';

/**
 * A table row's 删除: asks first, then runs `onDelete` and says 已删除. A refusal reaches the
 * user through the api client's error message.
 */
export function DeleteButton({
  confirm,
  description,
  disabled,
  disabledReason,
  onDelete,
}: {
  /** The question, naming what goes: 删除品牌“…”？ */
  confirm: string;
  description?: ReactNode;
  disabled?: boolean;
  /** Shown on hover while the button is disabled. */
  disabledReason?: string;
  onDelete: () => Promise<unknown>;
}) {
  const { message } = App.useApp();
  return (
    <Popconfirm
      title={confirm}
      description={description}
      okText="删除"
      cancelText="取消"
      // A refusal was already shown by the api client; handed back to antd it would surface as
      // an unhandled rejection.
      onConfirm={() =>
        onDelete().then(
          () => void message.success('已删除'),
          () => undefined,
        )
      }
    >
      <Button size="small" danger disabled={disabled} title={disabled ? disabledReason : undefined}>
        删除
      </Button>
    </Popconfirm>
  );
}

/** A table row's 发布 / 取消发布: flips what the storefront shows and says which it did. */
export function PublishButton({
  published,
  onToggle,
}: {
  published: boolean;
  onToggle: (published: boolean) => Promise<unknown>;
}) {
  const { message } = App.useApp();
  return (
    <Button
      size="small"
      onClick={() =>
        // A refusal was already shown by the api client.
        void onToggle(!published).then(
          () => message.success(published ? '已取消发布' : '已发布'),
          () => undefined,
        )
      }
    >
      {published ? '取消发布' : '发布'}
    </Button>
  );
}
