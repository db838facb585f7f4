import { useEffect } from 'react';
import { SHOP_NAME } from '@/components/layout/brand';

/**
 * Sets the page title (with the shop name) and the meta description while a page shows them,
 * and puts the previous values back when it leaves. Empty values leave the current ones alone.
 */
export function useDocumentMeta(title: string | null | undefined, description?: string | null) {
  useEffect(() => {
    const meta = document.querySelector<HTMLMetaElement>('meta[name=description]');
    const prevTitle = document.title;
    const prevDescription = meta?.content;
    if (title) document.title = `${title} - ${SHOP_NAME}`;
    if (description && meta) meta.content = description;
    return () => {
      document.title = prevTitle;
      if (meta && prevDescription !== undefined) meta.content = prevDescription;
    };
  }, [title, description]);
}
