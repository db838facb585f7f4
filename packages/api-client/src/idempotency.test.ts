import { afterEach, describe, expect, it, vi } from 'vitest';
import { isWrite, newIdempotencyKey, sendOnceMore } from './idempotency.ts';

afterEach(() => vi.unstubAllGlobals());

const keysSent = (fetchMock: ReturnType<typeof vi.fn>) =>
  fetchMock.mock.calls.map(([, init]) =>
    new Headers((init as RequestInit).headers).get('Idempotency-Key'),
  );

describe('Idempotency-Key handling', () => {
  it('makes 128-bit keys, a new one each time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[0-9a-f]{32}$/);
    expect(newIdempotencyKey()).not.toBe(a);
    expect(['POST', 'put', 'PATCH', 'DELETE'].every(isWrite)).toBe(true);
    expect(isWrite('GET')).toBe(false);
  });

  it('sends a write whose answer was lost once more, with the same key and body', async () => {
    const fetchMock = vi
      .fn()
      .mockRejectedValueOnce(new TypeError('connection reset'))
      .mockResolvedValueOnce(new Response('{"code":0}'));
    vi.stubGlobal('fetch', fetchMock);
    const init = { method: 'POST', headers: { 'Idempotency-Key': 'k1' }, body: '{"a":1}' };
    const res = await sendOnceMore('/x', init, new AbortController().signal);
    expect(res.ok).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(2);
    expect(keysSent(fetchMock)).toEqual(['k1', 'k1']);
    expect(fetchMock.mock.calls.map(([, i]) => (i as RequestInit).body)).toEqual([
      '{"a":1}',
      '{"a":1}',
    ]);
  });

  it('does not send a read, a timed-out or a cancelled request again', async () => {
    const fetchMock = vi.fn().mockRejectedValue(new TypeError('connection reset'));
    vi.stubGlobal('fetch', fetchMock);
    await expect(
      sendOnceMore('/x', { method: 'GET' }, new AbortController().signal),
    ).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(1);

    const cancelled = new AbortController();
    cancelled.abort();
    await expect(
      sendOnceMore(
        '/x',
        { method: 'POST', headers: { 'Idempotency-Key': 'k2' } },
        cancelled.signal,
      ),
    ).rejects.toThrow();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });
});
