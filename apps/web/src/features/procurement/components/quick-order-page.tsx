import { useState } from 'react';
import { Link } from 'react-router';
import type { QuickOrderResult, QuickPreviewLine } from '@labshop/shared/schemas';
import { Button } from '@/components/ui/button';
import { Price } from '@/components/ui/price';
import { downloadFile } from '@/lib/download';
import { toastError, toastSuccess } from '@/lib/toast';
import { readSheet, usePreviewQuickOrder, useQuickOrder } from '../api/quick-order';

const EXAMPLE = ['货号或CAS\t包装\t数量', 'BW30001\t1mL\t2', '67-56-1, 5mL, 1'].join('\n');

/**
 * 快速下单 (docs/procurement.md section 2): paste lines from Excel, WPS or an email, check each
 * line in the preview, and add the good ones to the cart in one action.
 */
export function QuickOrderPage() {
  const [text, setText] = useState('');
  const [preview, setPreview] = useState<QuickPreviewLine[] | null>(null);
  const [result, setResult] = useState<QuickOrderResult | null>(null);
  const check = usePreviewQuickOrder();
  const add = useQuickOrder();
  const good = preview?.filter((l) => !l.msg) ?? [];

  const runPreview = () =>
    check.mutate(text, {
      onSuccess: (lines) => {
        setPreview(lines);
        setResult(null);
      },
    });

  const runAdd = () =>
    add.mutate(text, {
      onSuccess: (r) => {
        setResult(r);
        if (r.added > 0) toastSuccess(`已加入购物车 ${r.added} 种商品`);
      },
    });

  return (
    <div className="flex flex-col gap-4">
      <section className="rounded border border-gray-200 bg-white p-4 text-sm">
        <p className="mb-2 text-gray-600">
          每行一个商品：<strong>货号或CAS号、包装、数量</strong>
          ，用 Tab、逗号或空格分隔，可直接从 Excel/WPS
          表格或邮件中复制粘贴，也可填写模板后上传；数量不填为 1。
          <button
            type="button"
            className="ml-2 text-primary hover:underline"
            onClick={() => void downloadFile('/client/v1/cart/quick/template', '快速下单模板.xlsx')}
          >
            下载 Excel 模板
          </button>
          <label className="ml-3 cursor-pointer text-primary hover:underline">
            上传 Excel/CSV 文件
            <input
              type="file"
              accept=".xlsx,.csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet,text/csv"
              className="sr-only"
              data-testid="quick-sheet"
              onChange={(e) => {
                const file = e.target.files?.[0];
                e.target.value = '';
                if (!file) return;
                readSheet(file).then(
                  (t) => {
                    setText(t);
                    setResult(null);
                    check.mutate(t, { onSuccess: setPreview });
                  },
                  (err: Error) => toastError(err.message),
                );
              }}
            />
          </label>
        </p>
        <label htmlFor="quick-text" className="sr-only">
          粘贴商品清单
        </label>
        <textarea
          id="quick-text"
          value={text}
          onChange={(e) => {
            setText(e.target.value);
            setPreview(null);
            setResult(null);
          }}
          rows={10}
          placeholder={EXAMPLE}
          className="w-full rounded border border-gray-300 p-3 font-mono text-sm focus:border-primary focus:outline-none"
        />
        <div className="mt-3 flex flex-wrap gap-3">
          <Button onClick={runPreview} loading={check.isPending} disabled={!text.trim()}>
            识别商品
          </Button>
          <Button
            variant="outline"
            onClick={runAdd}
            loading={add.isPending}
            disabled={!preview || good.length === 0}
          >
            加入购物车（{good.length} 种）
          </Button>
        </div>
      </section>

      {preview && (
        <section className="overflow-x-auto rounded border border-gray-200 bg-white">
          <table className="w-full text-left text-sm" data-testid="quick-preview">
            <thead className="bg-gray-50 text-gray-500">
              <tr>
                <th className="px-3 py-2 font-normal">行</th>
                <th className="px-3 py-2 font-normal">粘贴内容</th>
                <th className="px-3 py-2 font-normal">商品</th>
                <th className="px-3 py-2 font-normal">包装</th>
                <th className="px-3 py-2 font-normal">会员价</th>
                <th className="px-3 py-2 font-normal">库存</th>
                <th className="px-3 py-2 font-normal">数量</th>
                <th className="px-3 py-2 font-normal">结果</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-gray-100">
              {preview.map((l) => (
                <tr key={l.line} className={l.msg ? 'bg-red-50/40' : undefined}>
                  <td className="px-3 py-2 text-gray-500">{l.line}</td>
                  <td className="max-w-48 truncate px-3 py-2 font-mono text-xs">{l.text}</td>
                  <td className="px-3 py-2">
                    {l.productId ? (
                      <Link to={`/products/${l.productId}`} className="hover:text-primary">
                        {l.name} <span className="text-gray-400">{l.number}</span>
                      </Link>
                    ) : (
                      '--'
                    )}
                  </td>
                  <td className="px-3 py-2">{l.pack || '--'}</td>
                  <td className="px-3 py-2">
                    {!l.materialId ? (
                      '--'
                    ) : l.contractPrice !== undefined ? (
                      // The contract price of the organization the member buys for.
                      <span className="whitespace-nowrap" data-testid="contract-price">
                        <span className="mr-1 rounded-sm bg-orange-50 px-1 text-xs text-orange-700">
                          合同价
                        </span>
                        <Price value={l.contractPrice} />{' '}
                        <del className="text-xs text-gray-400" aria-label="会员价">
                          <Price value={l.userPrice} />
                        </del>
                      </span>
                    ) : l.userPrice === null ? (
                      '询价'
                    ) : (
                      <Price value={l.userPrice} />
                    )}
                  </td>
                  <td className="px-3 py-2">
                    {l.materialId ? (l.stock > 0 ? l.stock : '订购') : '--'}
                  </td>
                  <td className="px-3 py-2">{l.quantity || '--'}</td>
                  <td className={`px-3 py-2 ${l.msg ? 'text-red-600' : 'text-primary'}`}>
                    {l.msg || '可加入'}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}

      {result && (
        <section
          className="rounded border border-gray-200 bg-white p-4 text-sm"
          data-testid="quick-result"
        >
          <p>
            已加入购物车 <strong className="text-primary">{result.added}</strong> 种商品
            {result.failed.length > 0 && `，${result.failed.length} 行未加入`}。
            <Link to="/cart" className="ml-2 text-primary hover:underline">
              去购物车结算
            </Link>
          </p>
          {result.failed.length > 0 && (
            <ul className="mt-2 list-disc pl-5 text-red-600">
              {result.failed.map((f) => (
                <li key={f.line}>
                  第 {f.line} 行：{f.msg}
                </li>
              ))}
            </ul>
          )}
        </section>
      )}
    </div>
  );
}
