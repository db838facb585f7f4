import { Link } from 'react-router';
import { CartButton } from '@/features/cart/components/cart-button';
import { BuyingForSelect } from '@/features/organizations/components/buying-for-select';
import { MessagesButton } from '@/features/notifications/components/messages-button';
import { SearchBox } from '@/features/storefront/components/search-box';
import { Logo } from './brand';
import { ShieldIcon } from './icons';

const CERTIFICATES = ['ISO 17034:2016', 'ISO 9001:2015'];

/** Logo, certificate badges, search with hot keywords, whom the member buys for, and the cart. */
export function SiteHeader() {
  return (
    <div className="bg-white">
      <div className="mx-auto grid max-w-[1266px] grid-cols-[1fr_auto] items-center gap-x-4 gap-y-3 px-4 py-4 lg:grid-cols-[auto_auto_minmax(0,1fr)_auto] lg:gap-x-8 lg:py-5">
        <Logo />
        <Link
          to="/article/certificate"
          title="资质证书"
          className="hidden flex-col gap-1 text-[11px] leading-none text-primary lg:flex"
        >
          {CERTIFICATES.map((c) => (
            <span
              key={c}
              className="flex items-center gap-1 rounded-sm border border-primary/40 bg-primary-50 px-1.5 py-1 font-medium whitespace-nowrap"
            >
              <ShieldIcon className="h-3 w-3" />
              {c}
            </span>
          ))}
        </Link>
        <div className="col-span-2 row-start-2 lg:col-span-1 lg:row-start-1 lg:col-start-3 lg:mx-auto lg:w-full lg:max-w-xl lg:pt-5">
          <SearchBox />
        </div>
        <div className="col-start-2 row-start-1 flex min-w-0 items-center gap-4 justify-self-end lg:col-start-4">
          <div className="hidden sm:block">
            <BuyingForSelect />
          </div>
          <Link
            to="/quick-order"
            className="hidden text-sm whitespace-nowrap text-gray-700 hover:text-primary sm:inline"
          >
            快速下单
          </Link>
          <MessagesButton />
          <CartButton />
        </div>
        {/* On a phone 采购身份 has a row of its own (nothing there for visitors). */}
        <div className="col-span-2 row-start-3 empty:hidden sm:hidden">
          <BuyingForSelect wide />
        </div>
      </div>
    </div>
  );
}
