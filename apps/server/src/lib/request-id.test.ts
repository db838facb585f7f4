import { describe, expect, it } from 'vitest';
import { newRequestId } from './request-id.ts';

describe('request ids', () => {
  it('are 16 hex digits and never repeat, also across refills of the pool', () => {
    const ids = Array.from({ length: 5000 }, newRequestId);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{16}$/);
    expect(new Set(ids).size).toBe(ids.length);
  });
});
