import { useState, type ReactNode } from 'react';
import { CustomStatus as Status, formatDateTime } from '@labshop/shared';
import type { Customized } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { toastSuccess } from '@/lib/toast';
import { useCancelCustomized } from '../api/cancel-customized';
import { CustomStatus } from './custom-status';

function Row({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="contents">
      <dt className="text-gray-500">{label}</dt>
      <dd className="break-all whitespace-pre-wrap text-gray-800">{children}</dd>
    </div>
  );
}

/** One custom request with its goods; a pending one can be cancelled after confirmation. */
export function CustomDetail({ request }: { request: Customized }) {
  const [asking, setAsking] = useState(false);
  const cancel = useCancelCustomized();
  const confirmCancel = () =>
    cancel.mutate(request.id, {
      onSuccess: () => toastSuccess('取消定制成功'),
      onSettled: () => setAsking(false),
    });

  return (
    <div className="flex flex-col gap-4" data-testid="custom-detail">
      <section className="flex flex-wrap items-center gap-x-4 gap-y-2 rounded border border-gray-200 bg-white px-4 py-3 text-sm">
        <CustomStatus status={request.status} />
        <span className="text-gray-500">提交时间：{formatDateTime(request.createTime)}</span>
        {request.status === Status.PENDING && (
          <Button size="sm" variant="outline" className="ml-auto" onClick={() => setAsking(true)}>
            取消定制
          </Button>
        )}
      </section>
      <section className="rounded border border-gray-200 bg-white">
        <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">定制商品</h2>
        <ul className="divide-y divide-gray-100 px-4 text-sm">
          {request.goodsList.map((g, i) => (
            <li key={i} className="flex flex-wrap gap-x-6 gap-y-1 py-2.5">
              <span className="min-w-0 basis-full font-medium break-all text-gray-900 sm:basis-auto sm:flex-1">
                {g.name}
              </span>
              <span className="text-gray-600">CAS：{g.cas}</span>
              <span className="text-gray-600">规格：{g.pack}</span>
              <span className="text-gray-600">期望货期：{g.expectDeliveryTime} 天</span>
              <span className="text-gray-600">数量：{g.quantity}</span>
            </li>
          ))}
        </ul>
      </section>
      <section className="rounded border border-gray-200 bg-white">
        <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">联系信息</h2>
        <dl className="grid grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-1.5 p-4 text-sm">
          <Row label="单位名称">{request.company}</Row>
          <Row label="联系人">{request.contact}</Row>
          <Row label="联系电话">{request.phone}</Row>
          <Row label="定制内容">{request.content || '--'}</Row>
          <Row label="备注">{request.remark || '--'}</Row>
        </dl>
      </section>
      {request.reply && (
        <section className="rounded border border-gray-200 bg-white" data-testid="custom-reply">
          <h2 className="border-b border-gray-200 px-4 py-3 font-semibold text-gray-900">
            处理结果
          </h2>
          <p className="whitespace-pre-wrap break-all p-4 text-sm text-gray-700">{request.reply}</p>
        </section>
      )}
      <ConfirmDialog
        open={asking}
        message="确认取消此定制？"
        loading={cancel.isPending}
        onConfirm={confirmCancel}
        onCancel={() => setAsking(false)}
      />
    </div>
  );
}
