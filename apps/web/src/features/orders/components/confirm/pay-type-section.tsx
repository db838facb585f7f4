import { PAY_TYPE_LABEL, PayType } from '@labshop/shared';
import { Price } from '@/components/ui/price';
import { cn } from '@/components/ui/cn';
import { Section } from './section';

/**
 * Pay type: those the shop offers (bank transfer, WeChat and Alipay when switched on, balance),
 * balance left out when a line has no member price (the amount is not known yet) and disabled
 * when the balance does not cover it.
 */
export function PayTypeSection({
  value,
  onChange,
  payable,
  balance,
  offered,
}: {
  value: number | null;
  onChange: (payType: number) => void;
  /** null: 待确认. */
  payable: number | null;
  balance: number | undefined;
  /** Pay types the shop can collect now (gateways switched off are left out). */
  offered: number[];
}) {
  const types = offered.filter((t) => t !== PayType.BALANCE || payable !== null);
  return (
    <Section title="支付方式">
      <div role="radiogroup" aria-label="支付方式" className="flex flex-wrap gap-3">
        {types.map((t) => {
          const short =
            t === PayType.BALANCE && (balance === undefined || balance < (payable ?? 0));
          return (
            <label
              key={t}
              className={cn(
                'flex cursor-pointer items-center gap-2 rounded border px-3 py-2 text-sm',
                value === t ? 'border-primary bg-primary-50 text-primary' : 'border-gray-200',
                short && 'cursor-not-allowed opacity-60',
              )}
            >
              <input
                type="radio"
                name="payType"
                value={t}
                checked={value === t}
                disabled={short}
                onChange={() => onChange(t)}
                className="accent-primary"
              />
              {PAY_TYPE_LABEL[t]}
              {t === PayType.BALANCE && (
                <span className="text-xs text-gray-500">
                  （可用余额 <Price value={balance ?? null} />
                  {short && balance !== undefined && '，余额不足'}）
                </span>
              )}
            </label>
          );
        })}
      </div>
      {payable === null && (
        <p className="mt-3 text-xs text-gray-500">订单含待确认价格的商品，暂不能使用余额支付。</p>
      )}
    </Section>
  );
}
