import { UI } from '@labshop/shared';
import { toastError, toastSuccess } from '@/lib/toast';
import { useSendCode, type Scene } from '../api/send-code';
import { useCountdown } from '../hooks/use-countdown';

/**
 * 获取验证码: checks the target first, shows the server's message when the code is sent and
 * counts down 59 s before the link comes back (docs/product-rules.md sections 4 and 8).
 */
export function CodeButton({
  target,
  check,
  scene,
}: {
  target: string;
  check: (target: string) => string | null;
  scene: Scene;
}) {
  const send = useSendCode();
  const countdown = useCountdown(UI.codeCountdownS);

  const onClick = () => {
    const error = check(target);
    if (error) return toastError(error);
    send.mutate(
      { id: target.trim(), scene },
      {
        onSuccess: (msg) => {
          toastSuccess(msg || '验证码已发送');
          countdown.start();
        },
      },
    );
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
      disabled={send.isPending}
      className="h-10 shrink-0 px-2 text-sm text-primary hover:text-primary-dark disabled:opacity-50"
    >
      获取验证码
    </button>
  );
}
