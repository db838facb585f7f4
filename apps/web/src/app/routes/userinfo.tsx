import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { Navigate, NavLink, useParams } from 'react-router';
import { Spinner } from '@/components/ui/spinner';
import { cn } from '@/components/ui/cn';
import { useDocumentMeta } from '@/hooks/use-document-meta';

interface AccountPage {
  key: string;
  title: string;
  Component: LazyExoticComponent<ComponentType>;
  /** A count beside the menu entry (what waits for the member). */
  Badge?: LazyExoticComponent<ComponentType>;
}

const page = (key: string, title: string, load: () => Promise<{ default: ComponentType }>) => ({
  key,
  title,
  Component: lazy(load),
});

const ApprovalBadge = lazy(() =>
  import('@/features/organizations/components/approval-badge').then((m) => ({
    default: m.ApprovalBadge,
  })),
);

/** The account menu of docs/product-rules.md section 2, by page key. */
const GROUPS: { title: string; pages: AccountPage[] }[] = [
  {
    title: '账户管理',
    pages: [
      page('1-1', '个人信息', () =>
        import('@/features/account/components/profile-page').then((m) => ({
          default: m.ProfilePage,
        })),
      ),
      page('1-2', '发票信息', () =>
        import('@/features/account/components/invoice-page').then((m) => ({
          default: m.InvoicePage,
        })),
      ),
      page('1-3', '收货地址', () =>
        import('@/features/account/components/address-book').then((m) => ({
          default: m.AddressBook,
        })),
      ),
      page('1-4', '账户安全', () =>
        import('@/features/account/components/password-page').then((m) => ({
          default: m.PasswordPage,
        })),
      ),
      page('1-5', '资质文件', () =>
        import('@/features/compliance/components/qualifications-page').then((m) => ({
          default: m.QualificationsPage,
        })),
      ),
    ],
  },
  {
    title: '订单管理',
    pages: [
      page('2-1', '我的订单', () =>
        import('@/features/orders/components/order-list').then((m) => ({ default: m.OrderList })),
      ),
      page('2-3', '我的定制', () =>
        import('@/features/customized/components/custom-list').then((m) => ({
          default: m.CustomList,
        })),
      ),
      page('2-4', '我的报价', () =>
        import('@/features/procurement/components/quote-list').then((m) => ({
          default: m.QuoteList,
        })),
      ),
    ],
  },
  {
    title: '资产管理',
    pages: [
      page('3-1', '我的余额', () =>
        import('@/features/finance/components/balance-records').then((m) => ({
          default: m.BalanceRecords,
        })),
      ),
    ],
  },
  {
    title: '单位采购',
    pages: [
      page('5-1', '我的单位', () =>
        import('@/features/organizations/components/orgs-page').then((m) => ({
          default: m.OrgsPage,
        })),
      ),
      {
        ...page('5-2', '待我审批', () =>
          import('@/features/organizations/components/approvals-page').then((m) => ({
            default: m.ApprovalsPage,
          })),
        ),
        Badge: ApprovalBadge,
      },
    ],
  },
  {
    title: '消息中心',
    pages: [
      page('4-1', '消息', () =>
        import('@/features/notifications/components/message-list').then((m) => ({
          default: m.MessageList,
        })),
      ),
    ],
  },
];
const PAGES = new Map(GROUPS.flatMap((g) => g.pages.map((p) => [p.key, p] as const)));

/** /userinfo/{page}: the account area (members only: the MemberOnly layout route). */
export default function UserinfoPage() {
  const { page: key = '' } = useParams();
  const current = PAGES.get(key);
  useDocumentMeta(current ? current.title : '个人中心');

  if (!current) return <Navigate to="/userinfo/1-1" replace />;

  return (
    <div className="mx-auto flex max-w-[1266px] flex-col gap-4 px-4 py-6 md:flex-row md:items-start">
      <nav
        aria-label="个人中心"
        className="shrink-0 rounded-lg bg-white p-3 shadow-sm md:w-52 md:p-4"
      >
        <h1 className="mb-2 px-2 text-base font-semibold text-gray-900 max-md:sr-only">个人中心</h1>
        <div className="flex flex-col gap-2 md:gap-4">
          {GROUPS.map((g) => (
            <div key={g.title} className="flex flex-wrap items-center gap-1 md:block">
              <h2 className="w-full px-2 text-xs font-medium text-gray-400 md:mb-1">{g.title}</h2>
              {g.pages.map((p) => (
                <NavLink
                  key={p.key}
                  to={`/userinfo/${p.key}`}
                  className={({ isActive }) =>
                    cn(
                      'block rounded px-3 py-1.5 text-sm transition-colors md:py-2',
                      isActive
                        ? 'bg-primary-50 font-medium text-primary'
                        : 'text-gray-700 hover:text-primary',
                    )
                  }
                >
                  {p.title}
                  {p.Badge && (
                    <Suspense fallback={null}>
                      <p.Badge />
                    </Suspense>
                  )}
                </NavLink>
              ))}
            </div>
          ))}
        </div>
      </nav>
      <div className="min-w-0 flex-1 rounded-lg bg-white p-4 shadow-sm sm:p-6">
        <Suspense fallback={<Spinner />}>
          <current.Component key={current.key} />
        </Suspense>
      </div>
    </div>
  );
}
