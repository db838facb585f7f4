import { api } from '@/lib/api-client';

/** POST /manage/v1/products/images: answers the picture's URL. */
export async function uploadProductImage(file: File): Promise<string> {
  const form = new FormData();
  form.append('file', file);
  const res = await api.upload<{ url: string }>('/manage/v1/products/images', form);
  return res.data.url;
}
