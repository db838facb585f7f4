import { lazy, Suspense } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ORG_ROLE_LABEL, type OrgDetail } from '@labshop/shared/schemas';
import { cn } from '@/components/ui/cn';
import { LoadFailed } from '@/components/ui/load-failed';
import { Spinner } from '@/components/ui/spinner';
import { useOrg } from '../api/orgs';
import { mayApprove, mayReadStatements } from '../lib/roles';
import { VerifiedTag } from './verified-tag';

type Tab = { key: string; title: string; Component: React.ComponentType<{ org: OrgDetail }> };

const tab = (
  key: string,
  title: string,
  load: () => Promise<{ default: React.ComponentType<{ org: OrgDetail }> }>,
): Tab => ({ key, title, Component: lazy(load) });

const TABS: Tab[] = [
  tab('members', '成员', () => import('./members-tab')),
  tab('rules', '审批规则', () => import('./rules-tab')),
  tab('budgets', '经费卡', () => import('./budgets-tab')),
  tab('approvals', '待我审批', () => import('./approvals-tab')),
  tab('orders', '单位订单', () => import('./org-orders-tab')),
  tab('documents', '单位资质', () => import('./documents-tab')),
  tab('shared', '地址与发票', () => import('./shared-tab')),
  tab('statements', '对账单', () => import('./statements-tab')),
];

/** One organization: its name, the caller's role and the tabs of docs/organizations.md. */
export function OrgPage({ id }: { id: number }) {
  const org = useOrg(id);
  const [params, setParams] = useSearchParams();
  if (org.isPending) return <Spinner />;
  if (org.isError) return <LoadFailed onRetry={() => void org.refetch()} />;
  const o = org.data;
  const shown = TABS.filter(
    (t) =>
      (t.key !== 'approvals' || mayApprove(o.role)) &&
      (t.key !== 'statements' || mayReadStatements(o.role)),
  );
  const current = shown.find((t) => t.key === params.get('tab')) ?? shown[0];
  if (!current) return null;
  return (
    <div className="flex flex-col gap-4" data-testid="org-page">
      <div className="flex flex-wrap items-center gap-x-3 gap-y-1 border-b border-gray-100 pb-3">
        <Link to="/userinfo/5-1" className="text-sm text-primary hover:underline">
          我的单位
        </Link>
        <span className="text-gray-300">/</span>
        <h2 className="text-lg font-semibold text-gray-900">{o.name}</h2>
        <VerifiedTag verified={o.verified} />
        <span className="text-sm text-gray-500">我的角色：{ORG_ROLE_LABEL[o.role]}</span>
      </div>
      <div
        role="tablist"
        aria-label="单位"
        className="flex overflow-x-auto border-b border-gray-200"
      >
        {shown.map((t) => (
          <button
            key={t.key}
            type="button"
            role="tab"
            aria-selected={t === current}
            onClick={() => setParams({ org: String(id), tab: t.key })}
            className={cn(
              '-mb-px shrink-0 border-b-2 px-3 py-2 text-sm whitespace-nowrap',
              t === current
                ? 'border-primary font-medium text-primary'
                : 'border-transparent text-gray-600 hover:text-primary',
            )}
          >
            {t.title}
          </button>
        ))}
      </div>
      <Suspense fallback={<Spinner />}>
        <current.Component org={o} />
      </Suspense>
    </div>
  );
}
