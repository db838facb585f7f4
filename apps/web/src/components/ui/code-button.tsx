import { UI } from '@labshop/shared';
import { useCountdown } from '@/hooks/use-countdown';
import { toastError, toastSuccess } from '@/lib/toast';

/**
 * 获取验证码: checks the target first, shows the server's message when the code is sent and
 * counts down 59 s before the link comes back (docs/product-rules.md sections 4 and 8). The
 * caller says where the code goes (login forms, or a member's new phone or email).
 */
export function CodeButton({
  target,
  check,
  send,
  pending,
}: {
  target: string;
  check: (target: string) => string | null;
  /** Sends the code to the trimmed target and calls onSent with the server's message. */
  send: (target: string, onSent: (msg: string) => void) => void;
  pending: boolean;
}) {
  const countdown = useCountdown(UI.codeCountdownS);

  const onClick = () => {
    const error = check(target);
    if (error) return toastError(error);
    send(target.trim(), (msg) => {
      toastSuccess(msg || '验证码已发送');
      countdown.start();
    });
  };

  if (countdown.running) {
    return (
      <span className="flex h-10 shrink-0 items-center px-2 text-sm text-gray-400" role="timer">
        {countdown.left}s 后重新获取
      </span>
    );
  }
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={pending}
      className="h-10 shrink-0 px-2 text-sm text-primary hover:text-primary-dark disabled:opacity-50"
    >
      获取验证码
    </button>
  );
}
