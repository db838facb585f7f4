import { formatDateTime } from '@labshop/shared';
import type { OrderDetail } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { toastError, toastSuccess } from '@/lib/toast';

type Bank = NonNullable<OrderDetail['bankTransfer']>;

async function copy(text: string) {
  try {
    await navigator.clipboard.writeText(text);
    toastSuccess('已复制');
  } catch {
    toastError('复制失败，请手动复制');
  }
}

/** The company's bank details, the transfer reference and the deadline, each copyable. */
export function BankTransferCard({ bank, deadline }: { bank: Bank; deadline: number | null }) {
  const rows: [string, string][] = [
    ['户名', bank.accountName],
    ['开户银行', bank.bankName],
    ['账号', bank.accountNumber],
    ['转账备注', bank.reference],
  ];
  return (
    <div
      className="rounded border border-primary/30 bg-primary-50 p-4 text-left text-sm"
      data-testid="bank-transfer"
    >
      <h3 className="mb-1 font-semibold text-gray-900">转账信息</h3>
      <p className="mb-2 text-gray-700">请通过银行转账支付，转账时请在附言中填写转账备注：</p>
      <dl className="grid grid-cols-[auto_minmax(0,1fr)_auto] items-center gap-x-3 gap-y-1.5">
        {rows.map(([k, v]) => (
          <div key={k} className="contents">
            <dt className="text-gray-500">{k}</dt>
            <dd
              className="font-medium break-all text-gray-900"
              data-testid={k === '转账备注' ? 'transfer-reference' : undefined}
            >
              {v}
            </dd>
            <dd>
              <Button
                size="sm"
                variant="ghost"
                aria-label={`复制${k}`}
                onClick={() => void copy(v)}
              >
                复制
              </Button>
            </dd>
          </div>
        ))}
      </dl>
      {deadline !== null && (
        <p className="mt-2 text-xs text-gray-600" data-testid="pay-deadline">
          请于 {formatDateTime(deadline)}{' '}
          前完成转账，逾期订单将自动关闭；到账后我们会尽快确认并安排发货。
        </p>
      )}
    </div>
  );
}
