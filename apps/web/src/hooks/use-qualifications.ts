import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyingDocuments, Qualification } from '@labshop/shared/schemas';
import { useSubmitMutation } from '@labshop/api-client/react';
import { newIdempotencyKey, sendOnceMore } from '@labshop/api-client';
import { API_BASE, api } from '@/lib/api-client';
import { getToken, useIsLoggedIn } from '@/lib/session';

/*
 * Documents for controlled chemicals (docs/compliance.md): the member's own, or with orgId an
 * organization's (docs/organizations.md), listed and uploaded by the member's 资质文件 page and
 * the organization's 单位资质 tab.
 */

const ownerQuery = (orgId?: number) => (orgId === undefined ? '' : `?orgId=${orgId}`);

/** GET /client/v1/user/qualifications: the member's documents, or the organization's. */
export function useQualifications(orgId?: number) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['qualifications', orgId ?? 'own'],
    queryFn: () => api.get<Qualification[]>(`/client/v1/user/qualifications${ownerQuery(orgId)}`),
    enabled: loggedIn,
  });
}

/**
 * GET /client/v1/user/qualifications/buying: the documents that count for what the member buys
 * (the product page): with orgId (the storefront's 采购身份, lib/buying-for.ts), the organization's
 * when the member is in it, else their own, answered with the organization checked (`org`).
 */
export function useBuyingDocuments(orgId: number | null) {
  const loggedIn = useIsLoggedIn();
  return useQuery({
    queryKey: ['qualifications', 'buying', orgId ?? 'own'],
    queryFn: () =>
      api.get<BuyingDocuments>(
        `/client/v1/user/qualifications/buying${ownerQuery(orgId ?? undefined)}`,
      ),
    enabled: loggedIn,
  });
}

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

/** Opens a document's file (sent only with the member's token; never a public address). */
export async function openQualificationFile(id: number, orgId?: number) {
  const token = getToken();
  const res = await fetch(
    `${API_BASE}/client/v1/user/qualifications/${id}/file${ownerQuery(orgId)}`,
    {
      headers: token ? { Authorization: token } : {},
    },
  );
  if (!res.ok) return;
  window.open(URL.createObjectURL(await res.blob()), '_blank', 'noopener');
}
