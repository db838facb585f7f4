export { ApiError } from './api-error.ts';
export { buildUrl, type QueryParams, type QueryValue } from './url.ts';
export { isWrite, newIdempotencyKey, sendOnceMore } from './idempotency.ts';
export { passwordTransport, PUBLIC_KEY_PATH, type PublicKeyAnswer } from './password.ts';
