import { useMemo, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { cn } from '@/components/ui/cn';
import { sanitizeHtml } from '@/lib/sanitize';

// Styles for editor HTML; wide tables and images stay inside the column at 390 px.
const PROSE = [
  'break-words text-[15px] leading-7 text-gray-700',
  '[&_p]:my-3 [&_a]:text-primary [&_a]:underline',
  '[&_h1]:mb-3 [&_h1]:mt-6 [&_h1]:text-xl [&_h1]:font-semibold [&_h1]:text-gray-900',
  '[&_h2]:mb-2 [&_h2]:mt-6 [&_h2]:text-lg [&_h2]:font-semibold [&_h2]:text-gray-900',
  '[&_h3]:mb-2 [&_h3]:mt-5 [&_h3]:font-semibold [&_h3]:text-gray-900',
  '[&_ul]:my-3 [&_ul]:list-disc [&_ul]:pl-6 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-6',
  '[&_img]:my-3 [&_img]:h-auto [&_img]:max-w-full [&_img]:rounded',
  '[&_table]:my-4 [&_table]:block [&_table]:max-w-full [&_table]:overflow-x-auto [&_table]:text-sm',
  '[&_td]:min-w-[4.5em] [&_td]:border [&_td]:border-gray-200 [&_td]:px-3 [&_td]:py-2',
  '[&_th]:min-w-[4.5em] [&_th]:whitespace-nowrap [&_th]:border [&_th]:border-gray-200 [&_th]:bg-gray-50 [&_th]:px-3 [&_th]:py-2',
  '[&_blockquote]:border-l-4 [&_blockquote]:border-primary-light [&_blockquote]:pl-4 [&_blockquote]:text-gray-500',
].join(' ');

/** Server rich text (articles, literature, about), sanitized before it reaches the DOM. */
export function RichText({ html, className }: { html: string; className?: string }) {
  const safe = useMemo(() => sanitizeHtml(html), [html]);
  const navigate = useNavigate();

  // Links from the editor to shop pages stay inside the single-page app instead of reloading it.
  const onClick = (e: MouseEvent<HTMLDivElement>) => {
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) {
      return;
    }
    const target: EventTarget = e.target;
    const link = target instanceof Element ? target.closest('a') : null;
    if (!link || (link.target && link.target !== '_self') || link.hasAttribute('download')) return;
    const url = new URL(link.href, window.location.href);
    // Files (certificates, images) and other hosts are left to the browser.
    if (url.origin !== window.location.origin || /\.\w+$/.test(url.pathname)) return;
    e.preventDefault();
    void navigate(url.pathname + url.search + url.hash);
  };

  return (
    <div
      className={cn(PROSE, className)}
      onClick={onClick}
      dangerouslySetInnerHTML={{ __html: safe }}
    />
  );
}
