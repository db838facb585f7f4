import DOMPurify from 'dompurify';

/** Rich text from the server is sanitized before it reaches the DOM. */
export function sanitizeHtml(html: string): string {
  return DOMPurify.sanitize(html, { USE_PROFILES: { html: true } });
}
