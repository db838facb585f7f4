import { useQueryClient } from '@tanstack/react-query';
import type { QuickOrderResult, QuickPreviewLine } from '@labshop/shared/schemas';
import { API_BASE, api } from '@/lib/api-client';
import { getToken } from '@/lib/session';
import { useSubmitMutation } from '@labshop/api-client/react';

/** POST /client/v1/cart/quick/preview: what each pasted line would add. */
export function usePreviewQuickOrder() {
  return useSubmitMutation({
    mutationFn: (text: string) =>
      api.post<QuickPreviewLine[]>('/client/v1/cart/quick/preview', { text }),
  });
}

/** POST /client/v1/cart/quick: adds the good lines to the cart. */
export function useQuickOrder() {
  const qc = useQueryClient();
  return useSubmitMutation({
    mutationFn: (text: string) => api.post<QuickOrderResult>('/client/v1/cart/quick', { text }),
    onSuccess: () => qc.invalidateQueries({ queryKey: ['cart'] }),
  });
}

/**
 * POST /client/v1/cart/quick/sheet: a filled-in template (XLSX or CSV) read back as the lines
 * the paste box takes. Refusals are shown by the caller.
 */
export async function readSheet(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const token = getToken();
  let env: { code?: number; msg?: string; data?: { text?: string } };
  try {
    const res = await fetch(`${API_BASE}/client/v1/cart/quick/sheet`, {
      method: 'POST',
      headers: token ? { Authorization: token, Accept: 'application/json' } : {},
      body: form,
    });
    env = (await res.json()) as typeof env;
  } catch {
    throw new Error('网络错误，请稍后重试');
  }
  if ((env.code ?? 0) !== 0 || typeof env.data?.text !== 'string') {
    throw new Error(env.msg || '文件读取失败');
  }
  return env.data.text;
}
