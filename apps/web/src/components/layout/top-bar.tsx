import { Link } from 'react-router';
import { HOTLINE } from '@labshop/shared';
import { UserMenu } from '@/features/auth/components/user-menu';
import { SHOP_NAME } from './brand';
import { PhoneIcon } from './icons';

/** Thin grey strip: welcome, hotline, bulk inquiry and the account links. */
export function TopBar() {
  return (
    <div className="border-b border-gray-200 bg-gray-100 text-xs text-gray-600">
      <div className="mx-auto flex h-9 max-w-[1266px] items-center justify-between gap-3 px-4">
        <p className="flex min-w-0 items-center gap-3">
          <span className="hidden truncate md:inline">您好，欢迎来到{SHOP_NAME}！</span>
          <a
            href={`tel:${HOTLINE.replaceAll('-', '')}`}
            className="flex shrink-0 items-center gap-1 hover:text-primary"
          >
            <PhoneIcon className="h-3.5 w-3.5 text-primary" />
            <span className="hidden sm:inline">服务热线：</span>
            <span className="font-medium text-gray-800">{HOTLINE}</span>
          </a>
        </p>
        <nav aria-label="账户" className="flex shrink-0 items-center gap-3">
          <Link to="/bulk-inquiry" className="hover:text-primary">
            批量询价
          </Link>
          <span className="h-3 w-px bg-gray-300" aria-hidden />
          <UserMenu />
        </nav>
      </div>
    </div>
  );
}
