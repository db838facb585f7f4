import { useQuery } from '@tanstack/react-query';
import type { PunchoutSession } from '@labshop/shared/schemas';
import { API_BASE, api } from './api-client';
import { getToken, useIsPunchoutMarked } from './session';

/*
 * The storefront in a PunchOut session (docs/punchout.md, "The storefront's part"): a buyer who
 * came from their procurement system sees its name in a banner, shops at the organization's
 * prices and returns the cart to that system instead of checking out.
 */

/** GET /client/v1/punchout/session, asked only when the start page marked this token's session. */
export function usePunchoutSession(): PunchoutSession {
  const marked = useIsPunchoutMarked();
  const session = useQuery({
    queryKey: ['punchout', 'session'],
    queryFn: () => api.get<PunchoutSession>('/client/v1/punchout/session', { silent: true }),
    enabled: marked,
    staleTime: 5 * 60 * 1000,
  });
  return marked ? (session.data ?? null) : null;
}

/**
 * Leaves for the buyer's system: a plain form post of the token to the shop's return page,
 * which answers the form that submits itself to the system's return URL. A page of its own,
 * since the storefront's pages may post forms to the shop only (its form-action policy).
 */
export function postCartToProcurement(): void {
  const form = document.createElement('form');
  form.method = 'post';
  form.action = `${API_BASE}/punchout/return`;
  const token = document.createElement('input');
  token.type = 'hidden';
  token.name = 'token';
  token.value = getToken() ?? '';
  form.append(token);
  document.body.append(form);
  form.submit();
}
