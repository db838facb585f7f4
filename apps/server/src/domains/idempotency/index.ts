/*
 * Idempotency keys (docs/api.md, "Idempotency"): a write sent again with its key gets the answer
 * it already got. The import's streamed answer settles its key itself.
 */
export {
  default as idempotency,
  KEEP_ANSWERS_MS,
  settleIdempotency,
} from './idempotency.plugin.ts';
export { pruneKeys } from './idempotency.repository.ts';
