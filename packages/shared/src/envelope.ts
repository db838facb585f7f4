/** Response codes of the envelope (docs/api.md, docs/product-rules.md section 8). */
export const ResultCode = {
  OK: 0,
  ERROR: 1,
  TOKEN_MISSING: 600,
  TOKEN_INVALID: 601,
  TOKEN_EXPIRED: 602,
  FORBIDDEN: 603,
  PASSWORD_EXPIRED: 100103,
  SESSION_CLEARED: 100115,
} as const;
export type ResultCode = (typeof ResultCode)[keyof typeof ResultCode];

export interface Envelope<T> {
  code: number;
  msg: string;
  data: T;
}

export interface Paged<T> {
  records: T[];
  current: number;
  size: number;
  total: number;
}
