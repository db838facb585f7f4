import { useState, type FormEvent } from 'react';
import { MSG } from '@labshop/shared';
import type { CoaRecord } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Input } from '@/components/ui/input';
import { toastError } from '@/lib/toast';
import { useLookupCoa } from '@/lib/coa';
import { useFormValues } from '../hooks/use-form-values';
import { trimAll, validateCoa, type CoaValues } from '../validators';

const EMPTY: CoaValues = { productNumber: '', lotNumber: '' };

/** COA lookup by product number and lot number, with the matching certificates below. */
export function CoaLookup() {
  const { values, bind } = useFormValues(EMPTY);
  const lookup = useLookupCoa();
  const [records, setRecords] = useState<CoaRecord[] | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const body = trimAll(values);
    const error = validateCoa(body);
    if (error) return toastError(error);
    lookup.mutate(body, {
      onSuccess: (list) => {
        setRecords(list);
        if (list.length === 0) toastError(MSG.coaEmpty);
      },
      onError: () => setRecords(null),
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <form
        noValidate
        onSubmit={submit}
        aria-label="分析证书查询"
        className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end"
      >
        <label className="flex flex-col gap-1 text-sm text-gray-600">
          <span>
            <span className="mr-0.5 text-red-500">*</span>商品货号
          </span>
          <Input {...bind('productNumber')} maxLength={50} placeholder="请输入商品货号" />
        </label>
        <label className="flex flex-col gap-1 text-sm text-gray-600">
          <span>
            <span className="mr-0.5 text-red-500">*</span>商品批号
          </span>
          <Input {...bind('lotNumber')} maxLength={50} placeholder="请输入商品批号" />
        </label>
        <Button type="submit" loading={lookup.isPending} className="sm:w-32">
          查询
        </Button>
      </form>

      {records && records.length > 0 && <CoaTable records={records} />}
    </div>
  );
}

function CoaTable({ records }: { records: CoaRecord[] }) {
  return (
    <div className="overflow-hidden rounded-lg border border-gray-200">
      <table className="w-full table-fixed text-sm">
        <caption className="sr-only">查询结果</caption>
        <thead className="bg-primary-50 text-left text-gray-700">
          <tr>
            <th scope="col" className="px-3 py-2.5 font-medium sm:px-4">
              证书名称
            </th>
            <th scope="col" className="w-28 px-3 py-2.5 font-medium sm:w-40 sm:px-4">
              有效期
            </th>
            <th scope="col" className="w-16 px-3 py-2.5 text-center font-medium sm:w-24 sm:px-4">
              下载
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-gray-100 bg-white">
          {records.map((r, i) => (
            // Rows never reorder; a lot may list the same file twice.
            <tr key={i}>
              <td className="break-words px-3 py-3 sm:px-4">{r.name}</td>
              <td className="px-3 py-3 tabular-nums text-gray-600 sm:px-4">{r.expire || '--'}</td>
              <td className="px-3 py-3 text-center sm:px-4">
                <a
                  href={r.url}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="font-medium text-primary hover:underline"
                >
                  下载
                </a>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
