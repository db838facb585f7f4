import { ResultCode } from '@labshop/shared';

/** An error whose message is safe to show to the user; it maps to the envelope. */
export class AppError extends Error {
  constructor(
    readonly httpStatus: number,
    readonly code: number,
    message: string,
  ) {
    super(message);
  }
}

export const badRequest = (msg: string) => new AppError(400, ResultCode.ERROR, msg);
export const notFound = (msg = '资源不存在') => new AppError(404, ResultCode.ERROR, msg);
export const forbidden = (msg = '没有权限') => new AppError(403, ResultCode.FORBIDDEN, msg);
export const tooManyRequests = (msg = '操作过于频繁，请稍后再试') =>
  new AppError(429, ResultCode.ERROR, msg);
export const unauthorized = (code: number, msg: string) => new AppError(401, code, msg);
