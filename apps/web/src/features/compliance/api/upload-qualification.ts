import { useQueryClient } from '@tanstack/react-query';
import { useSubmitMutation } from '@labshop/api-client/react';
import { newIdempotencyKey, sendOnceMore } from '@labshop/api-client';
import { API_BASE } from '@/lib/api-client';
import { getToken } from '@/lib/session';

/** POST /client/v1/user/qualifications (multipart): answers the server's message or throws it. */
async function upload(form: FormData): Promise<string> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Idempotency-Key': newIdempotencyKey(),
  };
  const token = getToken();
  if (token) headers.Authorization = token;
  let res: Response;
  try {
    res = await sendOnceMore(
      `${API_BASE}/client/v1/user/qualifications`,
      { method: 'POST', headers, body: form },
      AbortSignal.timeout(60_000),
    );
  } catch {
    throw new Error('网络错误，请稍后重试');
  }
  const env = (await res.json().catch(() => ({}))) as { code?: number; msg?: string };
  if ((env.code ?? -1) !== 0) throw new Error(env.msg || '上传失败');
  return env.msg ?? '已提交';
}

export function useUploadQualification() {
  const client = useQueryClient();
  return useSubmitMutation({
    mutationFn: upload,
    onSuccess: () => client.invalidateQueries({ queryKey: ['qualifications'] }),
  });
}
