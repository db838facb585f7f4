import type { Envelope } from '@labshop/shared';

/** The success envelope every handler returns. */
export const ok = <T>(data: T, msg = '操作成功'): Envelope<T> => ({ code: 0, msg, data });
