import { lazy, Suspense, useEffect, useRef, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { loginPath, useAccountName, useIsLoggedIn } from '@/lib/session';
import { useLogout } from '../api/logout';

/**
 * Top-bar account links: 登录 / 注册 for visitors; for members a dropdown with the account name,
 * 个人中心 and 退出登录. Drawn without a menu library to keep the storefront light.
 */
export function UserMenu() {
  const loggedIn = useIsLoggedIn();
  const { pathname, search } = useLocation();
  if (!loggedIn) {
    return (
      <span className="flex items-center gap-3">
        <Link to={loginPath(pathname + search)} className="hover:text-primary">
          登录
        </Link>
        <Link to="/login?isRegister=1" className="hover:text-primary">
          注册
        </Link>
      </span>
    );
  }
  return <MemberMenu />;
}

// Loaded after the page: the count asks the member's organizations (docs/organizations.md).
const ApprovalBadge = lazy(() =>
  import('@/features/organizations/components/approval-badge').then((m) => ({
    default: m.ApprovalBadge,
  })),
);

function MemberMenu() {
  const name = useAccountName();
  const [open, setOpen] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  const logout = useLogout();

  useEffect(() => {
    if (!open) return;
    const onPointer = (e: PointerEvent) => {
      if (!box.current?.contains(e.target as Node)) setOpen(false);
    };
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape') setOpen(false);
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);

  const onLogout = () => {
    setOpen(false);
    logout.mutate();
  };

  const item =
    'block w-full px-4 py-2 text-left text-sm text-gray-700 hover:bg-primary-50 hover:text-primary';
  return (
    <div ref={box} className="relative">
      <button
        type="button"
        aria-haspopup="menu"
        aria-expanded={open}
        onClick={() => setOpen((o) => !o)}
        className="flex max-w-[10rem] items-center gap-1 hover:text-primary"
      >
        <span className="truncate">{name || '会员'}</span>
        <Suspense fallback={null}>
          <ApprovalBadge />
        </Suspense>
        <span aria-hidden className="text-[10px]">
          ▼
        </span>
      </button>
      {open && (
        <div
          role="menu"
          aria-label="账户菜单"
          className="absolute right-0 top-full z-50 min-w-32 pt-1"
        >
          <div className="overflow-hidden rounded border border-gray-200 bg-white py-1 shadow-lg">
            <Link
              role="menuitem"
              to="/userinfo/1-1"
              className={item}
              onClick={() => setOpen(false)}
            >
              个人中心
            </Link>
            <button
              role="menuitem"
              type="button"
              className={item}
              onClick={onLogout}
              disabled={logout.isPending}
            >
              退出登录
            </button>
          </div>
        </div>
      )}
    </div>
  );
}
