import { z } from 'zod';

/** Wraps a data schema in the `{ code, msg, data }` envelope for response validation. */
export function envelopeOf<T extends z.ZodType>(data: T) {
  return z.object({ code: z.number().int(), msg: z.string(), data });
}

/** Paged result shape shared by every list call. */
export function pagedOf<T extends z.ZodType>(record: T) {
  return z.object({
    records: z.array(record),
    current: z.number().int(),
    size: z.number().int(),
    total: z.number().int(),
  });
}
