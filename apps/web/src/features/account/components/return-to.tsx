import { useNavigate, useSearchParams } from 'react-router';
import { returnTarget } from '@/lib/member';

/** What the page that sent the member here is called, for the note above the form. */
function pageName(path: string): string {
  if (path.startsWith('/confirm')) return '确认订单页';
  if (path.startsWith('/quote/')) return '报价单';
  if (path.startsWith('/cart')) return '购物车';
  return '上一页';
}

/**
 * Where an account form sends the member after saving: the `redirect` query value when it is a
 * same-site path (the checkout or quote that asked them to complete their details), else
 * nowhere (docs/web.md, "Account pages").
 */
export function useReturnTo(): { name: string | null; goBack: () => void } {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const to = returnTarget(params.get('redirect'));
  return {
    name: to ? pageName(to) : null,
    goBack: () => {
      if (to) void navigate(to, { replace: true });
    },
  };
}

/** The line above a form that sends the member back: 保存后将返回确认订单页. */
export function ReturnNote({ name }: { name: string | null }) {
  if (!name) return null;
  return (
    <p className="mb-4 rounded bg-primary-50 px-3 py-2 text-sm text-primary-dark" role="note">
      保存后将返回{name}
    </p>
  );
}
