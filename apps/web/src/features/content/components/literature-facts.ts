import { formatDate } from '@labshop/shared';

const orDash = (v: string | undefined) => (v?.trim() ? v.trim() : '--');

/** publish_date arrives as epoch ms text or as a written date; both read as YYYY-MM-DD. */
export function publishDate(v: string | undefined): string {
  if (v && /^\d{10,}$/.test(v.trim())) return formatDate(Number(v));
  return orDash(v);
}

/** Label / value pairs of a literature item's attributes, in display order. */
export function literatureFacts(attrs: Record<string, string>): Array<[string, string]> {
  return [
    ['标准号', orDash(attrs.standard_number)],
    ['标准名称', orDash(attrs.standard)],
    ['发布日期', publishDate(attrs.publish_date)],
    ['颁布单位', orDash(attrs.promulgate)],
  ];
}
