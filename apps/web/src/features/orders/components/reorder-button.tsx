import { useState } from 'react';
import { Link } from 'react-router';
import type { ReorderResult } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { toastSuccess } from '@/lib/toast';
import { useReorder } from '../api/reorder';

/** 再次购买: puts the order's lines still on sale into the cart and lists the others with why. */
export function ReorderButton({ orderId }: { orderId: number }) {
  const reorder = useReorder();
  const [result, setResult] = useState<ReorderResult | null>(null);
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        loading={reorder.isPending}
        data-testid="order-reorder"
        onClick={() =>
          reorder.mutate(orderId, {
            onSuccess: (r) => {
              if (r.skipped.length === 0) toastSuccess(`已加入购物车 ${r.added} 种商品`);
              else setResult(r);
            },
          })
        }
      >
        再次购买
      </Button>
      <Dialog open={result !== null} onOpenChange={(o) => !o && setResult(null)} title="再次购买">
        {result && (
          <div className="text-sm">
            <p>
              已加入购物车 <strong className="text-primary">{result.added}</strong>{' '}
              种商品，以下商品未加入：
            </p>
            <ul className="mt-2 list-disc pl-5 text-gray-700">
              {result.skipped.map((s) => (
                <li key={s.name}>
                  {s.name}：<span className="text-red-600">{s.msg}</span>
                </li>
              ))}
            </ul>
            <Link to="/cart" className="mt-3 inline-block text-primary hover:underline">
              去购物车
            </Link>
          </div>
        )}
      </Dialog>
    </>
  );
}
