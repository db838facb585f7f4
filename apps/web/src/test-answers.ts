/**
 * What the API answers, in its envelope (docs/api.md), for component tests that stub `fetch`:
 * `{ code: 0, msg: '', data }` by default, or a refusal with its code, message and status.
 */
export function apiAnswer(
  data: unknown,
  { code = 0, msg = '', status = 200 }: { code?: number; msg?: string; status?: number } = {},
): Response {
  return new Response(JSON.stringify({ code, msg, data }), {
    status,
    headers: { 'Content-Type': 'application/json' },
  });
}
