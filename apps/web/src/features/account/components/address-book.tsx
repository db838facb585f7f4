import { useState } from 'react';
import type { Address } from '@labshop/shared/schemas';
import { parseRegion, regionText } from '@/components/region-picker';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Empty } from '@/components/ui/empty';
import { Spinner } from '@/components/ui/spinner';
import { toastSuccess } from '@/lib/toast';
import { AddressDialog } from '@/components/member/address-dialog';
import { useAddresses, useDeleteAddress, useSetDefaultAddress } from '@/lib/member';
import { PageTitle } from './page-title';
import { ReturnNote, useReturnTo } from './return-to';

/** 1-3 收货地址: the member's delivery addresses, the default one first. */
export function AddressBook() {
  const { data, isPending } = useAddresses();
  const [editing, setEditing] = useState<Address | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<Address | null>(null);
  const remove = useDeleteAddress();
  const setDefault = useSetDefaultAddress();
  const back = useReturnTo();

  const list = [...(data ?? [])].sort((a, b) => Number(b.isDefault) - Number(a.isDefault));
  return (
    <section>
      <PageTitle
        actions={
          <Button size="sm" onClick={() => setEditing(null)}>
            新增地址
          </Button>
        }
      >
        收货地址
      </PageTitle>
      <ReturnNote name={back.name} />
      {isPending ? (
        <Spinner />
      ) : list.length === 0 ? (
        <Empty text="暂无收货信息" />
      ) : (
        <ul className="flex flex-col gap-3">
          {list.map((a) => (
            <li
              key={a.id}
              data-testid="address-item"
              className={`rounded border p-4 text-sm ${a.isDefault ? 'border-primary bg-primary-50/50' : 'border-gray-200'}`}
            >
              <div className="flex flex-wrap items-center gap-x-4 gap-y-1">
                <span className="font-medium text-gray-900">{a.name}</span>
                <span className="text-gray-600">{a.phone}</span>
                {a.isDefault && (
                  <span className="rounded bg-primary px-1.5 py-0.5 text-xs text-white">
                    默认地址
                  </span>
                )}
              </div>
              <p className="mt-2 break-words text-gray-600">
                {regionText(parseRegion(a.region))} {a.address}
              </p>
              <div className="mt-3 flex flex-wrap justify-end gap-2">
                {!a.isDefault && (
                  <Button
                    size="sm"
                    variant="ghost"
                    disabled={setDefault.isPending}
                    onClick={() =>
                      setDefault.mutate(a.id, { onSuccess: () => toastSuccess('设置默认地址成功') })
                    }
                  >
                    设为默认
                  </Button>
                )}
                <Button size="sm" variant="ghost" onClick={() => setEditing(a)}>
                  编辑
                </Button>
                <Button size="sm" variant="ghost" onClick={() => setDeleting(a)}>
                  删除
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {editing !== undefined && (
        <AddressDialog
          key={editing?.id ?? 'new'}
          address={editing}
          onClose={() => setEditing(undefined)}
          onSaved={back.goBack}
        />
      )}
      <ConfirmDialog
        open={deleting !== null}
        message="确定删除该收货地址？"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(deleting.id, {
            onSuccess: () => {
              setDeleting(null);
              toastSuccess('删除地址成功');
            },
          })
        }
      />
    </section>
  );
}
