import { Link } from 'react-router';
import type { CartLine } from '@labshop/shared/schemas';
import { ExpectedShip } from '@/components/shipping/expected-ship';
import { Price } from '@/components/ui/price';
import { goodsTotal } from '../lib/totals';
import { Checkbox } from './checkbox';
import { LineImage } from './line-image';
import { QuantityEditor } from './quantity-editor';

/** Columns shared by the header and the rows on wider screens. */
export const CART_COLUMNS =
  'sm:grid-cols-[16px_64px_minmax(0,1fr)_100px_110px_120px_110px] sm:items-center';

const label = 'mr-1 text-gray-400 sm:hidden';

/** 合同价 of the organization the member buys for, the member price struck through below it. */
function ContractPrice({ contract, member }: { contract: number; member: number | null }) {
  return (
    <span className="inline-flex flex-wrap items-baseline gap-x-1 sm:flex-col sm:items-start">
      <span data-testid="contract-price" className="text-gray-700">
        <span className="mr-1 hidden rounded-sm bg-orange-50 px-1 text-xs text-orange-700 sm:inline">
          合同价
        </span>
        <Price value={contract} />
      </span>
      <del className="text-xs text-gray-400" aria-label="会员价">
        <Price value={member} />
      </del>
    </span>
  );
}

export function CartLineRow({
  line,
  checked,
  onToggle,
  blocked,
  onDelete,
}: {
  line: CartLine;
  checked: boolean;
  onToggle: () => void;
  /** Asks to delete this line alone: a line 库存不足 cannot be chosen for 删除选中. */
  onDelete: () => void;
  /** Why the member's documents do not allow this line (docs/compliance.md), if they do not. */
  blocked?: string | undefined;
}) {
  const subtotal = goodsTotal([line]);
  return (
    <li
      data-testid="cart-line"
      className={`grid grid-cols-[16px_64px_minmax(0,1fr)] gap-x-3 gap-y-2 px-4 py-4 ${CART_COLUMNS} ${checked ? 'bg-primary-50/60' : ''}`}
    >
      <div className="pt-1 sm:pt-0">
        <Checkbox
          checked={checked}
          onChange={onToggle}
          label={`选择 ${line.name} ${line.pack}`}
          disabled={line.outOfStock === true}
        />
      </div>
      <LineImage src={line.image} alt={line.name} />
      <div className="min-w-0 text-sm">
        <Link
          to={`/products/${line.productId}`}
          className="font-medium text-gray-900 hover:text-primary"
        >
          {line.name}
        </Link>
        <p className="mt-1 text-xs break-all text-gray-500">
          货号：{line.number}
          {line.cas && <> · CAS：{line.cas}</>}
          {line.brandName && <> · {line.brandName}</>}
        </p>
        <ExpectedShip date={line.expectedShipDate} className="mt-1 block" />
        {line.outOfStock && (
          // Neither stock nor a lead time covers it: kept, never checked out (docs/shipping.md).
          <p className="mt-1 text-xs text-red-600">
            <span data-testid="cart-line-out-of-stock">库存不足，暂不可订购</span>{' '}
            <button
              type="button"
              className="ml-2 text-gray-600 underline hover:text-red-500"
              onClick={onDelete}
              aria-label={`删除 ${line.name} ${line.pack}`}
            >
              删除
            </button>
          </p>
        )}
        {blocked && (
          <p className="mt-1 text-xs text-red-600" data-testid="cart-line-blocked">
            {blocked}{' '}
            <Link to="/userinfo/1-5" className="underline">
              上传资质文件
            </Link>
          </p>
        )}
      </div>
      <div className="col-span-3 flex flex-wrap items-center justify-between gap-x-4 gap-y-2 text-sm sm:contents">
        <div>
          <span className={label}>规格</span>
          {line.pack}
        </div>
        <div>
          <span className={label}>{line.contractPrice === undefined ? '会员价' : '合同价'}</span>
          {line.contractPrice === undefined ? (
            <Price value={line.userPrice} className="text-gray-700" />
          ) : (
            <ContractPrice contract={line.contractPrice} member={line.userPrice} />
          )}
        </div>
        <QuantityEditor materialId={line.materialId} quantity={line.quantity} />
        <div className="font-semibold text-orange-600 sm:text-right">
          <span className={label}>小计</span>
          {subtotal === null ? '待确认' : <Price value={subtotal} />}
        </div>
      </div>
    </li>
  );
}
