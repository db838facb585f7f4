import { API_BASE } from './api-client';
import { getToken } from './session';
import { toastError } from './toast';

/**
 * Downloads a member's file (a quote PDF, an order document, the fapiao): the answer needs the
 * member's token, so it is fetched and handed to the browser as a file. A refusal comes back as
 * the JSON envelope and is shown.
 */
export async function downloadFile(path: string, fallbackName: string): Promise<boolean> {
  const token = getToken();
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}`, { headers: token ? { Authorization: token } : {} });
  } catch {
    toastError('网络错误，请稍后重试');
    return false;
  }
  if (!res.ok || (res.headers.get('content-type') ?? '').includes('application/json')) {
    const env = (await res.json().catch(() => ({}))) as { msg?: string };
    toastError(env.msg || '下载失败');
    return false;
  }
  const disposition = res.headers.get('content-disposition') ?? '';
  const utf8 = /filename\*=UTF-8''([^;]+)/.exec(disposition)?.[1];
  const name = utf8 ? decodeURIComponent(utf8) : fallbackName;
  const url = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return true;
}
