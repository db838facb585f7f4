import { useState } from 'react';
import { MSG } from '@labshop/shared';
import type { CoaRecord } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/toast';
import { useLookupCoa } from '@/lib/coa';

/** Asks for a lot number and lists the product's certificates of analysis for it. */
export default function CoaDialog({
  productNumber,
  open,
  onOpenChange,
}: {
  productNumber: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  const [lot, setLot] = useState('');
  const [records, setRecords] = useState<CoaRecord[] | null>(null);
  const coa = useLookupCoa();

  const submit = () => {
    const lotNumber = lot.trim();
    if (!lotNumber) {
      toastError(MSG.lotRequired);
      return;
    }
    coa.mutate({ productNumber, lotNumber }, { onSuccess: setRecords });
  };

  return (
    <Dialog open={open} onOpenChange={onOpenChange} title="COA 分析证书查询">
      <form
        className="flex flex-col gap-3"
        onSubmit={(e) => {
          e.preventDefault();
          submit();
        }}
      >
        <p className="text-sm text-gray-500">
          商品货号：<span className="font-medium text-gray-900">{productNumber}</span>
        </p>
        <div className="flex gap-2">
          <Input
            aria-label="批号"
            placeholder="请输入批号"
            value={lot}
            maxLength={50}
            onChange={(e) => setLot(e.target.value)}
            autoFocus
          />
          <Button type="submit" loading={coa.isPending}>
            查询
          </Button>
        </div>
      </form>
      {records !== null && (
        <div className="mt-4" aria-live="polite">
          {records.length === 0 ? (
            <p className="py-6 text-center text-sm text-gray-400">{MSG.coaEmpty}</p>
          ) : (
            <ul className="divide-y divide-gray-100 rounded border border-gray-200">
              {records.map((r) => (
                <li
                  key={r.url + r.name}
                  className="flex items-center justify-between gap-3 px-3 py-2 text-sm"
                >
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-gray-900">{r.name}</span>
                    {r.expire && (
                      <span className="text-xs text-gray-500">有效期至：{r.expire}</span>
                    )}
                  </span>
                  <a
                    href={r.url}
                    target="_blank"
                    rel="noopener noreferrer"
                    download
                    className="shrink-0 rounded border border-primary px-3 py-1 text-primary hover:bg-primary-50"
                  >
                    下载
                  </a>
                </li>
              ))}
            </ul>
          )}
        </div>
      )}
    </Dialog>
  );
}
