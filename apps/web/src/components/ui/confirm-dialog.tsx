import { Button } from './button';
import { Dialog } from './dialog';

/** Asks before a destructive action, e.g. 确定清空购物车？ */
export function ConfirmDialog({
  open,
  message,
  onConfirm,
  onCancel,
  loading,
}: {
  open: boolean;
  message: string;
  onConfirm: () => void;
  onCancel: () => void;
  loading?: boolean;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(o) => !o && onCancel()}
      title="提示"
      footer={
        <>
          <Button variant="outline" onClick={onCancel}>
            取消
          </Button>
          <Button onClick={onConfirm} loading={loading}>
            确定
          </Button>
        </>
      }
    >
      <p className="text-sm text-gray-700">{message}</p>
    </Dialog>
  );
}
