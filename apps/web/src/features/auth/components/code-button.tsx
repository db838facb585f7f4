import { CodeButton } from '@/components/ui/code-button';
import { useSendCode, type Scene } from '../api/send-code';

/** 获取验证码 of the login, register and forgot-password forms (POST /client/v1/user/verification-code). */
export function SceneCodeButton({
  target,
  check,
  scene,
}: {
  target: string;
  check: (target: string) => string | null;
  scene: Scene;
}) {
  const send = useSendCode();
  return (
    <CodeButton
      target={target}
      check={check}
      pending={send.isPending}
      send={(id, onSent) => send.mutate({ id, scene }, { onSuccess: onSent })}
    />
  );
}
