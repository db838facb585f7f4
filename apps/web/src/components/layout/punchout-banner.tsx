import { Link } from 'react-router';
import { usePunchoutSession } from '@/lib/punchout';

/**
 * Names the buyer's procurement system a PunchOut session came from and the organization it buys
 * for (docs/punchout.md).
 */
export function PunchoutBanner() {
  const session = usePunchoutSession();
  if (!session) return null;
  return (
    <div className="bg-primary text-sm text-white" role="status" data-testid="punchout-banner">
      <div className="mx-auto flex max-w-[1266px] flex-wrap items-center justify-between gap-x-4 gap-y-1 px-4 py-2">
        <p>
          您正在通过 <strong>{session.buyerSystem}</strong> 采购系统为{' '}
          <strong>{session.orgName}</strong>{' '}
          选购，价格为贵单位的采购价；选好后请在购物车点击“返回采购系统”。
        </p>
        <Link to="/cart" className="shrink-0 font-medium underline underline-offset-2">
          查看购物车
        </Link>
      </div>
    </div>
  );
}
